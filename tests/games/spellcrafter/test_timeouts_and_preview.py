"""A missed deadline in either phase (the engine's timeout move through the system-move service), and
the live word preview behind the crafting area (POST /api/games/{id}/preview/)."""

from itertools import permutations

import pytest

from engines.spellcrafter import ENGINE
from engines.spellcrafter.deck import CARDS
from games import services
from games.models import Move
from tests.games.helpers import snapshot

from .helpers import best_word

pytestmark = pytest.mark.django_db


def time_out(game, seat):
    game.refresh_from_db()
    move = ENGINE.timeout_move(game.state, seat)
    answer = services.game_submit_system_move(
        game_id=game.pk, seat_index=seat, move=move, source="timeout",
        idempotency_key=f"timeout:{game.version}:{seat}",
    )
    game.refresh_from_db()
    return move, answer


# --------------------------------------------------------------------------- timeouts
def test_a_timeout_while_drafting_keeps_a_card_of_the_hand_held(start, submit, alice):
    game = start(2, seed=8)
    held = list(game.state["players"][1]["hand"])
    submit(game, alice, {"type": "pick", "card": game.state["players"][0]["hand"][0]})
    move, answer = time_out(game, 1)
    assert move["type"] == "pick" and move["card"] in held and answer is not None
    assert game.state["step"] == 2  # the timeout was the last choice: the step resolved
    assert game.state["players"][1]["picks"] == [move["card"]]
    assert Move.objects.get(game=game, seat=1).source == "timeout"


def test_a_repeated_timeout_sweep_applies_nothing_twice(start):
    game = start(2, seed=8)
    time_out(game, 1)
    before = snapshot(game.pk)
    assert services.game_submit_system_move(
        game_id=game.pk, seat_index=1, move={"type": "pick", "card": "x"}, source="timeout",
        idempotency_key=f"timeout:{game.version - 1}:1",
    ) is None
    assert snapshot(game.pk) == before


def test_a_timeout_while_crafting_submits_no_word_and_the_round_is_scored(start, submit, draft_round, alice,
                                                                          spellcrafter_lexicon):
    game = draft_round(start(2, seed=5))
    word = best_word(game, 0, spellcrafter_lexicon)
    submit(game, alice, word)
    move, _ = time_out(game, 1)
    assert move == {"type": "craft", "cards": []}
    results = game.state["history"][0]["results"]
    assert results[1]["word"] == "" and results[1]["score"] == 0
    assert results[0]["word"] and game.state["round"] == 2


def test_timeouts_alone_play_a_whole_game_to_its_end(start):
    game = start(3, seed=2)
    for _ in range(400):
        if game.status != "active":
            break
        for seat in sorted(ENGINE.to_act(game.state)):
            time_out(game, seat)
    assert game.status == "finished"
    assert game.result["scores"] == [0, 0, 0] and game.result["ranks"] == [1, 1, 1]


# --------------------------------------------------------------------------- preview
def preview(api, game, move):
    return api.post(f"/api/games/{game.pk}/preview/", {"move": move}, format="json")


def test_the_preview_scores_a_word_as_the_round_will(start, submit, draft_round, players, api_for,
                                                     spellcrafter_lexicon):
    game = draft_round(start(2, seed=5))
    word = best_word(game, 0, spellcrafter_lexicon)
    assert word["cards"], "this seed gives seat 0 a word"
    before = snapshot(game.pk)
    response = preview(api_for(players[0]), game, word)
    assert response.status_code == 200
    shown = response.json()
    assert snapshot(game.pk) == before
    submit(game, players[0], word)
    submit(game, players[1], {"type": "craft", "cards": []})
    result = game.state["history"][0]["results"][0]
    assert {k: shown[k] for k in ("word", "score", "flush", "straight", "multiplier")} == {
        k: result[k] for k in ("word", "score", "flush", "straight", "multiplier")
    }


def test_an_unknown_word_is_previewed_as_refused_with_what_it_would_score(start, draft_round, alice, api_for,
                                                                       spellcrafter_lexicon):
    game = draft_round(start(2, seed=5))
    letters = [c for c in game.state["players"][0]["picks"] if CARDS[c]["kind"] == "letter"][:2]
    cards = [*letters, game.state["jumper"]]
    order = next(p for p in permutations(cards) if not spellcrafter_lexicon.contains(spelled(p)))
    before = snapshot(game.pk)
    response = preview(api_for(alice), game, {"type": "craft", "cards": [{"card": c} for c in order]})
    body = response.json()
    assert response.status_code == 200 and (body["legal"], body["code"]) == (False, "UNKNOWN_WORD")
    assert body["details"]["scored"]["word"] == spelled(order)
    assert body["details"]["scored"]["base"] == sum(CARDS[c]["value"] for c in order)
    assert snapshot(game.pk) == before


def spelled(cards):
    return "".join(CARDS[c]["letter"] for c in cards)


def test_previewing_another_players_card_is_refused_and_says_nothing_about_it(start, draft_round, alice, api_for):
    game = draft_round(start(2, seed=5))
    theirs = game.state["players"][1]["picks"][:3]
    response = preview(api_for(alice), game, {"type": "craft", "cards": [{"card": c} for c in theirs]})
    assert response.status_code == 200 and (response.json()["legal"], response.json()["code"]) == (False, "NOT_YOURS")


def test_a_spectator_cannot_preview(start, make_user, api_for):
    game = start(2)
    response = preview(api_for(make_user(username="watcher")), game, {"type": "craft", "cards": []})
    assert response.status_code == 403 and response.json()["code"] == "NOT_YOUR_GAME"


def test_a_finished_game_has_nothing_to_preview(start, alice, api_for):
    game = start(2, options={"rounds": 1})
    services.game_resign(game_id=game.pk, user=alice)
    response = preview(api_for(alice), game, {"type": "craft", "cards": []})
    assert response.status_code == 400 and response.json()["code"] == "GAME_NOT_ACTIVE"
