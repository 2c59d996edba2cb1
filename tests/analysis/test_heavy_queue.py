"""Queues by kind of work on real workers, as the Procfile runs them: ``worker`` on the default and
interactive queues, ``worker_bots`` on the bots' one, ``worker_heavy`` on the heavy one.  While the
heavy worker is busy with an analysis (held there by ``worker_hold``), a bot still answers a move."""

import time

import pytest

from analysis.models import Analysis
from analysis.services import analysis_create_from_gcg
from engines import registry
from engines.base import rng_for
from games import services
from games.bots.accounts import bots_ensure
from games.context import context_for
from games.models import Game, GameStatus, Move
from lexicons.services import lexicon_load_words
from tests.conftest import start_celery_worker, stop_celery_worker
from tests.games.crossword.conftest import WORDS

RECORD = ("#player1 ann Ann\n#player2 bob Bob\n"
          ">ann: DINNVWY 8D WINDY +32 32\n>bob: AEEGILS -AE +0 0\n>ann: NV - +0 32\n")


def wait_until(check, what: str, timeout: float = 60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    pytest.fail(f"waited {timeout} s for {what}")


@pytest.fixture
def procfile_workers(settings, transactional_db, tmp_path):
    """The Procfile's three workers (each a solo pool here); the heavy one holds the first analysis until
    the test creates the release file."""
    from config.celery import app

    app.conf.task_always_eager = False  # the autouse celery_eager fixture puts it back afterwards
    hold = {"HOLD_MARKER": str(tmp_path / "held"), "HOLD_RELEASE": str(tmp_path / "release")}
    workers = [start_celery_worker(settings, queues=["celery", "interactive"], name="worker")]
    try:
        workers.append(start_celery_worker(settings, queues=["bots"], name="bots"))
        workers.append(start_celery_worker(settings, queues=["heavy"], name="heavy", env=hold,
                                           preload="tests.analysis.worker_hold"))
        yield tmp_path / "held", tmp_path / "release"
    finally:
        (tmp_path / "release").touch()
        for worker in workers:
            stop_celery_worker(worker)


@pytest.mark.worker
def test_a_bot_answers_while_the_heavy_worker_is_busy_with_an_analysis(procfile_workers, alice):
    held, release = procfile_workers
    lexicon_load_words(code="en", words=WORDS["en"])
    bot = next(u for u in bots_ensure() if u.username == "crossword-club")
    analysis = analysis_create_from_gcg(user=alice, gcg=RECORD, lexicon="en")
    wait_until(held.exists, "the heavy worker to take the analysis")

    game = services.challenge_create(creator=alice, kind="crossword", opponents=[bot], seed=7)
    wait_until(lambda: Game.objects.get(pk=game.pk).status == GameStatus.ACTIVE, "the bot to accept")
    bot_moves = Move.objects.filter(game=game, user=bot).count()
    game.refresh_from_db()
    seat = game.seats.get(user=alice)
    if seat.to_act:
        move = registry.get("crossword").random_move(game.state, seat.index, rng_for(1, "m1"), context_for(game))
        services.game_submit_move(game_id=game.pk, user=alice, move=move, version=game.version,
                                  idempotency_key="m1")
    wait_until(lambda: Move.objects.filter(game=game, user=bot).count() > bot_moves, "the bot's move")

    # The bot moved while the analysis was still held on the heavy worker.
    assert not release.exists() and Analysis.objects.get(pk=analysis.pk).status == "pending"
    release.touch()
    wait_until(lambda: Analysis.objects.get(pk=analysis.pk).status == "done", "the analysis to finish")
