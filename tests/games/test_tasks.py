"""Celery tasks for games: eager in the embedded run, through a real worker when a broker is set."""

import pytest

from games import services
from games.models import Game
from games.tasks import games_verify


def tamper(game):
    Game.objects.filter(pk=game.pk).update(state={**game.state, "total": 77})


@pytest.mark.django_db
def test_games_verify_reports_games_that_differ(alice, bob):
    honest = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    bad = services.game_create(creator=bob, kind="toy", opponents=[alice], seed=2)
    tamper(bad)
    assert games_verify.apply().get() == {"checked": 2, "differ": [bad.pk]}
    assert games_verify.apply(kwargs={"game_ids": [honest.pk]}).get() == {"checked": 1, "differ": []}


@pytest.mark.worker
def test_games_verify_runs_on_a_real_worker(celery_worker_process, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    tamper(game)
    assert games_verify.delay().get(timeout=60, disable_sync_subtasks=False) == {"checked": 1, "differ": [game.pk]}
