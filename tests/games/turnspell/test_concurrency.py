"""Turnspell choices racing against the real PostgreSQL: every seat submits at the same instant
with the version they all saw; each choice is applied once, the turn resolves once (when the last
one lands, under the game-row lock), and the game is the same as if they had come one by one."""

import random

import pytest

from engines.turnspell import ENGINE
from games import services
from games.context import context_for
from games.models import Game, Move
from tests.games.test_concurrency import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TURNS = 6


def choices_for(game, turn):
    """Every seat's choice for this turn, all made from the same position (as players do)."""
    state = Game.objects.get(pk=game.pk).state
    ctx = context_for(game)
    return {seat: ENGINE.random_move(state, seat, random.Random(f"{turn}:{seat}"), ctx) for seat in range(4)}


@pytest.mark.parametrize("seed", [3, 17])
def test_four_seats_choosing_at_the_same_instant_resolve_the_turn_once(postgres, start, alice, bob, carol, dave,
                                                                        seed):
    users = [alice, bob, carol, dave]
    raced = start(4, seed=seed)
    calm = start(4, seed=seed)
    for turn in range(1, TURNS + 1):
        moves = choices_for(raced, turn)
        seen = Game.objects.get(pk=raced.pk).version

        def submit(seat, seen=seen, moves=moves, turn=turn):
            return services.game_submit_move(
                game_id=raced.pk, user=users[seat], move=moves[seat], version=seen,
                idempotency_key=f"t{turn}-s{seat}",
            )

        results = race(4, submit)
        assert all(isinstance(r, dict) for r in results), results
        raced.refresh_from_db()
        assert raced.state["turn"] == turn + 1 or raced.state["over"]
        assert sum(1 for entry in raced.state["log"] if entry["turn"] == turn) == 1  # one resolution
        # Exactly one of the four answers is the one that resolved the turn.
        assert sum(1 for r in results if r["view"]["turn"] == turn + 1) == 1

        for seat in range(4):  # the same choices, one after another
            calm.refresh_from_db()
            services.game_submit_move(
                game_id=calm.pk, user=users[seat], move=moves[seat], version=calm.version,
                idempotency_key=f"t{turn}-s{seat}",
            )
        calm.refresh_from_db()
        assert raced.state == calm.state
        if raced.state["over"]:
            break
    assert Move.objects.filter(game=raced).count() == Move.objects.filter(game=calm).count() == raced.version - 1


def test_a_retried_choice_racing_itself_is_applied_once(postgres, start, alice, bob):
    game = start(2, seed=9)
    move = ENGINE.timeout_move(game.state, 0)
    results = race(
        6,
        lambda i: services.game_submit_move(
            game_id=game.pk, user=alice, move=move, version=game.version, idempotency_key="same-key"
        ),
    )
    assert all(isinstance(r, dict) for r in results), results
    assert Move.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.state["pending"][0]["choice"] == move and game.state["pending"][1] is None
