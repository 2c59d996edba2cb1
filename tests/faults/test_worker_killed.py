"""Fault: a Celery worker killed (SIGKILL) in the middle of a deadline sweep and of a rating update.

Tasks are acknowledged late (``CELERY_TASK_ACKS_LATE``) and given back when the process running them
dies (``CELERY_TASK_REJECT_ON_WORKER_LOST``), so the task runs again: at once on a fresh pool process
when only that process was killed, after the broker's visibility timeout when the whole worker was
killed and another one started. Killed inside its transaction, nothing of the first run remains and
the rerun does all of it; killed after its commit, the rerun finds nothing left to do. Either way each
timeout and each rating change happens exactly once.
"""

import os
import signal
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import GameStatus, Move, Seat
from ratings.models import Rating, RatingChange

from .harness import celery_client, check_games_and_ratings, wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.worker]

VISIBILITY_TIMEOUT = 3  # seconds (production: an hour); the test's worker looks for lost tasks every second


@pytest.fixture
def broker(private_redis):
    """A Celery client on the private Redis, to send tasks and read their results."""
    app = celery_client(private_redis.url(1), backend=private_redis.url(2))
    yield app
    app.close()


@pytest.fixture
def worker_env(fault_env, private_redis, tmp_path):
    return fault_env(
        REDIS_URL=private_redis.url(0), CELERY_BROKER_URL=private_redis.url(1),
        CELERY_RESULT_BACKEND=private_redis.url(2), CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT),
        FAULT_MARKER=str(tmp_path / "held"),
    )


def kill_while_held(worker, marker, whole_worker: bool) -> None:
    wait_for(marker.exists, 60, f"the task to reach its hold point (log: {worker.tail()})")
    if whole_worker:
        worker.kill()
    else:  # only the pool process running the task, as the OOM killer would
        os.kill(int(marker.read_text()), signal.SIGKILL)


@pytest.mark.parametrize(
    ("hold", "whole_worker"),
    [("sweep-in-transaction", False), ("sweep-after-commit", True)],
    ids=["pool-process-killed-mid-transaction", "worker-killed-after-commit"],
)
def test_a_sweep_killed_half_way_times_out_each_seat_exactly_once(
    hold, whole_worker, start_worker, worker_env, broker, tmp_path, alice, bob
):
    start = timezone.now().replace(microsecond=0)
    deadline = start + timedelta(days=3)
    games = [services.game_create(creator=alice, kind="toy", opponents=[bob], seed=i, now=start) for i in range(3)]
    marker = tmp_path / "held"
    worker = start_worker({**worker_env, "FAULT_HOLD": hold}, preload="tests.faults.worker_hooks")
    task_id = str(uuid.uuid4())
    broker.send_task("games.tasks.deadlines_sweep", kwargs={"now": deadline.isoformat()}, task_id=task_id)
    kill_while_held(worker, marker, whole_worker)

    committed = Move.objects.filter(source="timeout").count()
    if hold == "sweep-in-transaction":
        assert committed == 0  # the first run's timeout rolled back with its connection
    else:
        assert committed == 3
    if whole_worker:
        start_worker(worker_env, preload="tests.faults.worker_hooks", name="restarted")

    report = broker.AsyncResult(task_id).get(timeout=90)
    assert report["timeouts"] == (3 - committed)  # the rerun did what the first run had not committed
    moves = Move.objects.filter(source="timeout")
    assert sorted(moves.values_list("game_id", flat=True)) == sorted(g.pk for g in games)
    assert set(Seat.objects.filter(index=0).values_list("consecutive_timeouts", flat=True)) == {1}
    check_games_and_ratings()


@pytest.mark.parametrize(
    ("hold", "whole_worker"),
    [("rating-in-transaction", True), ("rating-after-commit", False)],
    ids=["worker-killed-mid-transaction", "pool-process-killed-after-commit"],
)
def test_a_rating_update_killed_half_way_changes_each_rating_exactly_once(
    hold, whole_worker, start_worker, worker_env, broker, tmp_path, alice, bob, monkeypatch
):
    from core import events

    # The game's GameFinished stays in the outbox here; the test hands its rating task to the worker.
    monkeypatch.setattr(events, "deliver", lambda record_ids, send=None: 0)
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1, options={"target": 3})
    services.game_submit_move(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, version=1,
                              idempotency_key="win")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    marker = tmp_path / "held"
    worker = start_worker({**worker_env, "FAULT_HOLD": hold}, preload="tests.faults.worker_hooks")
    task_id = str(uuid.uuid4())
    broker.send_task("ratings.tasks.on_game_finished", args=[{"game_id": game.pk, "reason": "finished"}],
                     task_id=task_id)
    kill_while_held(worker, marker, whole_worker)

    committed = RatingChange.objects.filter(game=game).count()
    assert committed == (0 if hold == "rating-in-transaction" else 2)
    if whole_worker:
        start_worker(worker_env, preload="tests.faults.worker_hooks", name="restarted")

    assert broker.AsyncResult(task_id).get(timeout=90) == 2 - committed
    assert RatingChange.objects.filter(game=game).count() == 2
    assert sorted(Rating.objects.values_list("games", flat=True)) == [1, 1]
    winner, loser = (Rating.objects.get(user=user).rating for user in (alice, bob))
    assert winner > loser
    check_games_and_ratings()
