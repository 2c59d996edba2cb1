"""Move payloads through the API are held to the engine's move schema: a padded or poisoned move is
refused with BAD_MOVE and nothing is stored, so nothing is served back in anyone's move log."""

import pytest

from games.models import Move
from tests.games.helpers import snapshot


def mover(game, alice, bob):
    return alice if game.state["to_move"] == 0 else bob


@pytest.mark.parametrize("move, named", [
    ({"type": "pass", "pad": "x" * 2**20}, "pad"),
    ({"type": "place", "tiles": [{"row": 7, "col": 7, "letter": "A", "blank": False, "note": "hi"}]}, "note"),
    ({"type": "exchange", "tiles": "A" * 5000}, "tiles"),
])
def test_a_padded_or_poisoned_move_is_refused_by_name_and_nothing_is_stored(
    api_for, crossword_game, alice, bob, move, named
):
    game = crossword_game()
    before = snapshot(game.pk)
    answer = api_for(mover(game, alice, bob)).post(
        f"/api/games/{game.pk}/moves/", {"version": game.version, "move": move, "idempotency_key": "k1"},
        format="json",
    )
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "BAD_MOVE" and named in body["message"]
    assert len(answer.content) < 1000  # the refusal does not echo the payload
    assert snapshot(game.pk) == before


def test_a_nul_character_in_a_move_is_refused_before_the_engine_and_nothing_is_stored(
    api_for, crossword_game, alice, bob
):
    # The API's parser refuses it for every endpoint (web/parsers.py); the move schema would too.
    game = crossword_game()
    before = snapshot(game.pk)
    answer = api_for(mover(game, alice, bob)).post(
        f"/api/games/{game.pk}/moves/",
        {"version": game.version, "move": {"type": "place", "gcg": "8H HELLO\x00"}, "idempotency_key": "k1"},
        format="json",
    )
    assert answer.status_code == 400 and answer.json()["code"] == "NUL_CHARACTER"
    assert snapshot(game.pk) == before


def test_a_plain_move_is_stored_exactly_as_sent(api_for, crossword_game, alice, bob):
    game = crossword_game()
    answer = api_for(mover(game, alice, bob)).post(
        f"/api/games/{game.pk}/moves/", {"version": game.version, "move": {"type": "pass"}, "idempotency_key": "k1"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    assert Move.objects.get(game=game, idempotency_key="k1").payload == {"type": "pass"}
