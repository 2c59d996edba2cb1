"""The live preview of a word: the same checks and score as crafting it, nothing changed, nothing secret."""

import copy

import pytest

from engines.base import IllegalMove
from engines.spellcrafter import ENGINE

from .helpers import CTX, NO_WORD, crafting_position, word


def preview(state, seat, move):
    before = copy.deepcopy(state)
    try:
        return ENGINE.preview(state, seat, move, CTX)
    finally:
        assert state == before


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as caught:
        preview(state, seat, move)
    return caught.value


def test_a_straight_flush_previews_its_exact_score():
    state = crafting_position(["tH tO tU tS tE", "fA"])
    assert preview(state, 0, word(state, 0, "tH tO tU tS tE")) == {
        "word": "HOUSE", "score": 24, "flush": True, "straight": True, "multiplier": 3, "base": 8, "length": 5,
    }


def test_preview_counts_a_double_and_a_wild_like_the_round_does():
    state = crafting_position(["fC sA + ?", "fA"])
    move = word(state, 0, "fC+ sA tT")
    shown = preview(state, 0, move)
    assert (shown["word"], shown["score"], shown["multiplier"]) == ("CAT", 8, 1)
    state = ENGINE.apply(state, 0, move, CTX)
    state = ENGINE.apply(state, 1, NO_WORD, CTX)
    assert state["history"][0]["results"][0]["score"] == 8


def test_the_jumper_breaks_a_flush_in_the_preview_too():
    state = crafting_position(["gC gA", "fA"], jumper="tT")
    shown = preview(state, 0, word(state, 0, "gC gA tT"))
    assert shown["flush"] is False and shown["score"] == 5


def test_no_word_previews_as_nothing():
    state = crafting_position(["gC gA", "fA"])
    assert preview(state, 0, NO_WORD)["score"] == 0


def test_an_unknown_word_is_refused_with_what_it_would_score():
    state = crafting_position(["gC gA gT", "fA"])
    error = refused(state, 0, word(state, 0, "gT gC gA"))
    assert error.code == "UNKNOWN_WORD"
    assert error.details["scored"]["word"] == "TCA" and error.details["scored"]["score"] == 10


def test_a_short_word_is_refused_as_too_short():
    state = crafting_position(["gC gA", "fA"])
    assert refused(state, 0, word(state, 0, "gC gA")).code == "TOO_SHORT"


def test_another_players_card_is_not_yours():
    state = crafting_position(["gC gA", "fB fA fD"])
    move = {"type": "craft", "cards": [{"card": c} for c in state["players"][1]["picks"]]}
    assert refused(state, 0, move).code == "NOT_YOURS"


def test_a_wild_needs_its_letter():
    state = crafting_position(["? gA", "fA"])
    wild = state["players"][0]["picks"][0]
    move = {"type": "craft", "cards": [{"card": wild}, {"card": state["players"][0]["picks"][1]},
                                       {"card": state["jumper"]}]}
    assert refused(state, 0, move).code == "WILD_NEEDS_LETTER"


def test_preview_works_after_crafting_and_while_drafting_with_the_picks_so_far():
    state = crafting_position(["gC gA", "fA"])
    move = word(state, 0, "gC gA tT")
    state = ENGINE.apply(state, 0, move, CTX)
    assert preview(state, 0, move)["word"] == "CAT"
    drafting = ENGINE.setup(2, {}, seed=3)
    assert preview(drafting, 0, NO_WORD)["score"] == 0


def test_spectators_and_picks_cannot_be_previewed():
    state = crafting_position(["gC gA", "fA"])
    assert refused(state, None, NO_WORD).code == "BAD_SEAT"
    assert refused(state, 0, {"type": "pick", "card": "gale-C1"}).code == "BAD_MOVE"
