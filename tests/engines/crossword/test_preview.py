"""The placement preview: the same words and score ``apply`` counts, no state change, no secrets."""

import copy

import pytest

from engines.base import IllegalMove
from engines.crossword import ENGINE

from .helpers import NO_WORD_CHECK, last, lexicon, place, play, position


def test_preview_shows_the_words_and_the_score_apply_will_count():
    state = position("O", top=0, left=1, racks=["Z??"])
    move = place((0, 0, "Z"), (0, 2, "a"), (0, 3, "p"))
    before = copy.deepcopy(state)
    shown = ENGINE.preview(state, 0, move, NO_WORD_CHECK)
    assert state == before
    assert shown["score"] == 33 == last(play(state, 0, move))["score"]
    assert shown["words"] == [{"word": "ZOAP", "text": "ZOap", "score": 33, "start": "1A", "across": True}]
    assert shown["bingo"] is False


def test_preview_lists_cross_words_and_the_bingo_bonus():
    state = position(racks=["WINDYAE"])
    shown = ENGINE.preview(state, 0, {"type": "place", "gcg": "8D WINDY"}, NO_WORD_CHECK)
    assert [(w["word"], w["score"]) for w in shown["words"]] == [("WINDY", 32)]
    assert shown["score"] == 32


def test_preview_of_a_bad_placement_gives_the_apply_refusal():
    state = position(racks=["WINDYAE"])
    with pytest.raises(IllegalMove) as refused:
        ENGINE.preview(state, 0, {"type": "place", "gcg": "1A WINDY"}, NO_WORD_CHECK)
    assert refused.value.code == "FIRST_MOVE_CENTRE"
    with pytest.raises(IllegalMove) as refused:
        ENGINE.preview(state, 0, {"type": "place", "gcg": "8H QI"}, NO_WORD_CHECK)
    assert refused.value.code == "TILE_NOT_ON_RACK"


def test_preview_names_unknown_words_only_where_apply_checks_them():
    state = position(racks=["WINDYAE"])
    with pytest.raises(IllegalMove) as refused:
        ENGINE.preview(state, 0, {"type": "place", "gcg": "8H WYND"}, lexicon("windy"))
    assert (refused.value.code, refused.value.details["words"]) == ("UNKNOWN_WORD", ["WYND"])
    # In a challenge game the preview must not act as a dictionary.
    single = position(racks=["WINDYAE"], challenge="single")
    assert ENGINE.preview(single, 0, {"type": "place", "gcg": "8H WYND"}, lexicon("windy"))["score"] == 22


def test_preview_works_while_waiting_for_the_other_player_but_not_for_spectators_or_other_moves():
    state = position(racks=["WINDYAE", "CAT"], to_move=0)
    assert ENGINE.preview(state, 1, {"type": "place", "gcg": "8G CAT"}, NO_WORD_CHECK)["score"] == 10
    with pytest.raises(IllegalMove):
        ENGINE.preview(state, None, {"type": "place", "gcg": "8G CAT"}, NO_WORD_CHECK)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.preview(state, 0, {"type": "pass"}, NO_WORD_CHECK)
    assert refused.value.code == "BAD_MOVE"


def test_preview_does_not_depend_on_the_bag():
    state = position(racks=["WINDYAE"])
    other = copy.deepcopy(state)
    other["bag"] = list(reversed(other["bag"]))
    move = {"type": "place", "gcg": "8D WINDY"}
    assert ENGINE.preview(state, 0, move, NO_WORD_CHECK) == ENGINE.preview(other, 0, move, NO_WORD_CHECK)
