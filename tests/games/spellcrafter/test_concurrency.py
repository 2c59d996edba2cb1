"""Spellcrafter choices racing against the real PostgreSQL: every seat picks (and later crafts) at the same
instant with the version they all saw; each choice is applied once, each step resolves once (when the
last choice lands, under the game-row lock), and the game is the same as if they had come one by one."""

import pytest

from engines.spellcrafter import ENGINE
from games import services
from games.models import Game, Move
from tests.games.test_concurrency import race

from .helpers import best_word

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SEATS = 3


def choices_for(game, lexicon):
    """Every seat's choice for the current step, all made from the same position (as players do)."""
    game = Game.objects.get(pk=game.pk)
    if game.state["phase"] == "draft":
        return {seat: {"type": "pick", "card": game.state["players"][seat]["hand"][-1]} for seat in range(SEATS)}
    return {seat: best_word(game, seat, lexicon) for seat in range(SEATS)}


def position(game):
    state = Game.objects.get(pk=game.pk).state
    return state["round"], state["phase"], state["step"]


@pytest.mark.parametrize("seed", [3, 17])
def test_three_seats_choosing_at_the_same_instant_resolve_each_step_once(postgres, start, players, seed,
                                                                         spellcrafter_lexicon):
    users = players[:SEATS]
    raced = start(SEATS, seed=seed, options={"rounds": 2})
    calm = start(SEATS, seed=seed, options={"rounds": 2})
    for step in range(2 * 8):  # two rounds of seven picks and a word
        before = position(raced)
        moves = choices_for(raced, spellcrafter_lexicon)
        seen = Game.objects.get(pk=raced.pk).version

        def submit(seat, seen=seen, moves=moves, step=step):
            return services.game_submit_move(
                game_id=raced.pk, user=users[seat], move=moves[seat], version=seen,
                idempotency_key=f"s{step}-{seat}",
            )

        results = race(SEATS, submit)
        assert all(isinstance(r, dict) for r in results), results
        raced.refresh_from_db()
        assert position(raced) != before or raced.status == "finished"
        # Exactly one of the answers is the one that resolved the step: it alone sees a fresh turn.
        assert sum(1 for r in results if r["version"] == raced.turn_version) == 1
        assert raced.turn_version == seen + SEATS

        # The same choices one after another, in the order the row lock let them through.
        arrived = list(Move.objects.filter(game=raced).order_by("-seq").values_list("seat", flat=True)[:SEATS])
        for seat in reversed(arrived):
            calm.refresh_from_db()
            services.game_submit_move(
                game_id=calm.pk, user=users[seat], move=moves[seat], version=calm.version,
                idempotency_key=f"s{step}-{seat}",
            )
        calm.refresh_from_db()
        assert raced.state == calm.state
        if raced.status == "finished":
            break
    assert raced.status == calm.status == "finished"
    assert ENGINE.outcome(raced.state) == ENGINE.outcome(calm.state)
    assert Move.objects.filter(game=raced).count() == Move.objects.filter(game=calm).count() == raced.version - 1


def test_a_retried_pick_racing_itself_is_applied_once(postgres, start, alice):
    game = start(2, seed=9)
    move = {"type": "pick", "card": game.state["players"][0]["hand"][0]}
    results = race(
        6,
        lambda i: services.game_submit_move(
            game_id=game.pk, user=alice, move=move, version=game.version, idempotency_key="same-key"
        ),
    )
    assert all(isinstance(r, dict) for r in results), results
    assert Move.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.state["players"][0]["picks"] == [move["card"]] and game.state["step"] == 1


def test_two_different_picks_by_one_seat_racing_apply_only_one(postgres, start, alice):
    game = start(2, seed=9)
    hand = game.state["players"][0]["hand"]
    results = race(
        2,
        lambda i: services.game_submit_move(
            game_id=game.pk, user=alice, move={"type": "pick", "card": hand[i]}, version=game.version,
            idempotency_key=f"k{i}",
        ),
    )
    applied = [r for r in results if isinstance(r, dict)]
    refused = [r for r in results if not isinstance(r, dict)]
    assert len(applied) == 1 and len(refused) == 1 and refused[0].code == "ALREADY_CHOSEN"
    game.refresh_from_db()
    assert len(game.state["players"][0]["picks"]) == 1 and Move.objects.filter(game=game).count() == 1
