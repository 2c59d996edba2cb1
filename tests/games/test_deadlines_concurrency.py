"""The deadline sweep against the real PostgreSQL and a real Celery worker: sweeps that race share the
work (SKIP LOCKED) and apply nothing twice; beat's task handles a due deadline end to end."""

import time
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from games import services
from games.clock import NOTICE_DELAY
from games.models import Move, Seat
from games.services.deadlines import sweep
from games.tasks import deadlines_sweep
from notifications.models import Notification
from tests.games.helpers import race

# Far in the future: the on-commit alerts run with the real clock and must not find these due.
T0 = datetime(2100, 1, 5, 12, 0, tzinfo=UTC)
DEADLINE = T0 + timedelta(days=3)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_four_sweeps_at_once_time_out_each_seat_exactly_once(postgres, alice, bob):
    games = [
        services.game_create(creator=alice, kind="toy", opponents=[bob], seed=i, now=T0) for i in range(30)
    ]
    results = race(4, lambda i: sweep(now=DEADLINE, batch_size=7))
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum(r.timeouts for r in results) == 30
    assert Move.objects.filter(source="timeout").count() == 30
    assert set(Move.objects.values_list("game_id", flat=True)) == {g.pk for g in games}
    assert Notification.objects.filter(user=alice, kind="timeout").count() == 30
    assert Seat.objects.filter(user=alice, consecutive_timeouts=1).count() == 30
    # Run again: nothing left to do.
    assert sweep(now=DEADLINE).as_json()["timeouts"] == 0
    # Bob is told of each game once, ten minutes on, however many sweeps race for it.
    assert Notification.objects.filter(user=bob, kind="your_move").count() == 0
    race(4, lambda i: sweep(now=DEADLINE + NOTICE_DELAY, batch_size=7))
    assert Notification.objects.filter(user=bob, kind="your_move").count() == 30


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_sweep_racing_the_players_own_move_applies_exactly_one_of_them(postgres, alice, bob):
    for round_ in range(5):
        game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=round_, now=T0)

        def work(i, game=game):
            if i == 0:
                return sweep(now=DEADLINE)
            return services.game_submit_move(game_id=game.pk, user=alice, move={"type": "add", "n": 3},
                                             version=1, idempotency_key="mine", now=DEADLINE)

        results = race(2, work)
        moves = list(Move.objects.filter(game=game))
        assert len(moves) == 1, (results, moves)
        assert moves[0].source in ("timeout", "player")


@pytest.mark.worker
def test_beats_sweep_task_handles_a_due_deadline_on_a_real_worker(celery_worker_process, alice, bob):
    # Real time here: the worker also runs the on-commit alerts of each move, with its own clock.
    start = timezone.now().replace(microsecond=0)
    deadline = start + timedelta(days=3)
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1, now=start)
    report = deadlines_sweep.delay(now=deadline.isoformat()).get(timeout=60, disable_sync_subtasks=False)
    assert report["timeouts"] == 1
    move = Move.objects.get(game=game)
    assert (move.source, move.idempotency_key) == ("timeout", f"timeout:{game.pk}:0:{deadline.isoformat()}")
    # The notice is an event the worker handles next (its own task): wait for it to be stored.
    for _ in range(100):
        if Notification.objects.filter(user=alice, kind="timeout").exists():
            break
        time.sleep(0.1)
    assert Notification.objects.filter(user=alice, kind="timeout").count() == 1
    assert Seat.objects.get(game=game, index=1).to_act
    assert Seat.objects.get(game=game, index=0).consecutive_timeouts == 1
