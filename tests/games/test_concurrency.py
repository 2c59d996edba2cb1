"""Concurrent submissions against the real PostgreSQL: the row lock, idempotency keys and the
simultaneous-turn version rule hold when requests truly race."""

import pytest

from games import services
from games.errors import GameError
from games.models import Game, Move
from tests.games.helpers import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_twenty_threads_with_one_key_apply_the_move_once(postgres, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    results = race(
        20,
        lambda i: services.game_submit_move(
            game_id=game.pk, user=alice, move={"type": "add", "n": 2}, version=1, idempotency_key="one-key"
        ),
    )
    assert all(isinstance(r, dict) for r in results), results
    assert len({r["seq"] for r in results}) == 1
    assert Move.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.state["total"] == 2 and game.version == 2


def test_two_simultaneous_seats_with_the_version_they_both_saw_are_both_applied(postgres, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], options={"mode": "simultaneous"})
    users = [alice, bob]
    for turn in range(5):
        game.refresh_from_db()
        seen = game.version
        def choose(i, seen=seen, turn=turn):
            return services.game_submit_move(
                game_id=game.pk, user=users[i], move={"type": "add", "n": i + 1}, version=seen,
                idempotency_key=f"t{turn}-s{i}",
            )

        results = race(2, choose)
        assert all(isinstance(r, dict) for r in results), results
    game.refresh_from_db()
    assert game.state["turn"] == 5 and game.state["sums"] == [5, 10]
    assert Move.objects.filter(game=game).count() == 10


def test_a_truly_stale_version_is_409_under_a_race(postgres, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    services.game_submit_move(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, version=1, idempotency_key="a")
    services.game_submit_move(game_id=game.pk, user=bob, move={"type": "add", "n": 1}, version=2, idempotency_key="b")
    results = race(
        4,
        lambda i: services.game_submit_move(
            game_id=game.pk, user=alice, move={"type": "add", "n": 1}, version=2, idempotency_key=f"stale{i}"
        ),
    )
    assert all(isinstance(r, GameError) and r.status == 409 and r.code == "STALE_VERSION" for r in results)
    assert Game.objects.get(pk=game.pk).version == 3


def test_racing_moves_by_both_players_never_lose_or_double_a_move(postgres, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1, options={"target": 1000})
    users = [alice, bob]

    def play(i):
        applied = 0
        for attempt in range(30):
            game_now = Game.objects.get(pk=game.pk)
            try:
                services.game_submit_move(
                    game_id=game.pk, user=users[i], move={"type": "add", "n": 1}, version=game_now.version,
                    idempotency_key=f"p{i}-{attempt}",
                )
                applied += 1
            except GameError as exc:
                assert exc.code in ("NOT_YOUR_TURN", "STALE_VERSION")
        return applied

    applied = race(2, play)
    game.refresh_from_db()
    assert sum(applied) == game.state["total"] == Move.objects.filter(game=game).count() == game.version - 1


def test_a_lock_taken_behind_another_reads_the_seats_as_that_one_left_them(postgres, alice, bob):
    # The first transaction holds the lock, seats a player and changes a score, and commits while the
    # second waits: the second gets the seats as committed, its new player included.
    import threading
    import time

    from django.db import connection, transaction

    from games import store
    from games.models import Seat

    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    Seat.objects.filter(game=game, index=1).update(user=None)
    locked, seen = threading.Event(), {}

    def first():
        try:
            with transaction.atomic():
                store.lock(game.pk)
                locked.set()
                time.sleep(0.5)  # the second is waiting for the lock by now
                Seat.objects.filter(game=game, index=1).update(user=bob, score=7)
        finally:
            connection.close()

    def second():
        try:
            locked.wait()
            with transaction.atomic():
                seats = list(store.lock(game.pk).seats.all())
                seen.update(score=seats[1].score, user=seats[1].user, user_id=seats[1].user_id)
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"score": 7, "user": bob, "user_id": bob.pk}
