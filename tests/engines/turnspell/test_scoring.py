"""Turnspell scoring: words, the doubled bonus, blanks, returns and clears."""

from __future__ import annotations

from collections import Counter

from engines.turnspell import ENGINE
from engines.turnspell.board import board_to_picture

from .helpers import CTX, EMPTY, position


def play_turn(state, choices):
    for seat, move in sorted(choices.items()):
        state = ENGINE.apply(state, seat, move, CTX)
    return state


def place(take, row, col, **extra):
    return {"type": "place", "take": take, "row": row, "col": col, **extra}


# Seat 1 (at arm 2) makes a quiet move in most tests so the turn resolves.
QUIET = {1: place(0, 3, 3)}
QUIET_ARM = {2: "ZZZZ"}


def test_rulebook_example_help_and_horn_at_once_score_double_32():
    state = position(boards=[".ELP\nO...\nR...\nN...", EMPTY], arms={0: "HXXX", **QUIET_ARM})
    after = play_turn(state, {0: place(0, 0, 0), **QUIET})
    assert after["scores"] == [32, 0]
    turn = after["log"][-1]["choices"][0]
    assert [(w["word"], w["score"]) for w in turn["words"]] == [("HELP", 9), ("HORN", 7)]
    assert turn["points"] == 32 and turn["doubled"] is True


def test_both_words_tiles_go_back_to_the_bag_and_the_shared_tile_only_once():
    state = position(boards=[".ELP\nO...\nR...\nN...", EMPTY], arms={0: "HXXX", **QUIET_ARM})
    state["bag"] = []
    after = play_turn(state, {0: place(0, 0, 0), **QUIET})
    assert board_to_picture(after["boards"][0]) == "....\n....\n....\n...."
    refilled = [after["spinner"][1][0], after["spinner"][3][0]]  # the two taken spaces, rotated on
    assert Counter(after["bag"] + refilled) == Counter("HELPORN")


def test_a_single_word_scores_its_tiles_once():
    state = position(boards=["HEL.\n....\n....\n....", EMPTY], arms={0: "PXXX", **QUIET_ARM})
    after = play_turn(state, {0: place(0, 0, 3), **QUIET})
    assert after["scores"] == [9, 0]
    assert after["log"][-1]["choices"][0]["doubled"] is False


def test_a_word_beside_a_full_line_that_is_no_word_is_not_doubled_and_the_non_word_keeps_its_other_tiles():
    state = position(boards=["HEL.\n...Q\n...Q\n...Q", EMPTY], arms={0: "PXXX", **QUIET_ARM})
    after = play_turn(state, {0: place(0, 0, 3), **QUIET})
    assert after["scores"] == [9, 0]
    assert board_to_picture(after["boards"][0]) == "....\n...Q\n...Q\n...Q"


def test_a_full_line_that_is_no_word_scores_nothing_and_stays():
    state = position(boards=["HEL.\n....\n....\n....", EMPTY], arms={0: "QXXX", **QUIET_ARM})
    after = play_turn(state, {0: place(0, 0, 3), **QUIET})
    assert after["scores"] == [0, 0]
    assert board_to_picture(after["boards"][0]).splitlines()[0] == "HELQ"


def test_a_blank_scores_nothing_and_goes_back_to_the_bag_as_a_blank():
    state = position(boards=["HEL.\n....\n....\n....", EMPTY], arms={0: "?XXX", **QUIET_ARM})
    state["bag"] = []
    after = play_turn(state, {0: place(0, 0, 3, letter="p"), **QUIET})
    assert after["scores"] == [6, 0]
    assert Counter(after["bag"] + [after["spinner"][1][0], after["spinner"][3][0]]) == Counter("HEL?")


def test_a_placed_blank_keeps_its_letter_for_later_words():
    state = position(boards=["H.LP\n....\n....\n....", EMPTY], arms={0: "?EXX", **QUIET_ARM})
    after = play_turn(state, {0: place(0, 1, 1, letter="e"), **QUIET})
    assert after["boards"][0][1][1] == "e"
    state = position(boards=["HeL.\n....\n....\n....", EMPTY], arms={0: "PXXX", **QUIET_ARM})
    after = play_turn(state, {0: place(0, 0, 3), **QUIET})
    assert after["scores"] == [8, 0]  # H 4 + blank 0 + L 1 + P 3


def test_returning_a_tile_costs_twice_its_value():
    state = position(boards=["Q...\n....\n....\n....", EMPTY], arms={0: "AXXX", **QUIET_ARM}, scores=[20, 0])
    after = play_turn(state, {0: place(0, 3, 0, **{"return": {"row": 0, "col": 0}}), **QUIET})
    assert after["scores"] == [0, 0]
    assert after["boards"][0][0][0] is None and after["boards"][0][3][0] == "A"
    assert after["log"][-1]["choices"][0]["return"] == {"row": 0, "col": 0, "tile": "Q", "penalty": 20}


def test_returning_a_cheap_tile_or_a_blank_costs_five():
    state = position(boards=["Ee..\n....\n....\n....", EMPTY], arms={0: "AXXX", **QUIET_ARM}, scores=[12, 0])
    after = play_turn(state, {0: place(0, 3, 0, **{"return": {"row": 0, "col": 0}}), **QUIET})
    assert after["scores"] == [7, 0]
    after = play_turn(
        position(boards=["Ee..\n....\n....\n....", EMPTY], arms={0: "AXXX", **QUIET_ARM}, scores=[5, 0]),
        {0: place(0, 3, 0, **{"return": {"row": 0, "col": 1}}), **QUIET},
    )
    assert after["scores"] == [0, 0]
    assert "?" in after["bag"]


def test_this_turns_word_pays_for_a_return():
    state = position(boards=["HEL.\nA...\n....\n....", EMPTY], arms={0: "PXXX", **QUIET_ARM})
    after = play_turn(state, {0: place(0, 0, 3, **{"return": {"row": 1, "col": 0}}), **QUIET})
    assert after["scores"] == [4, 0]  # 9 for HELP, less 5 for the A
    assert board_to_picture(after["boards"][0]) == "....\n....\n....\n...."


def test_clearing_a_row_returns_its_tiles_without_penalty():
    state = position(boards=["QZ.X\nA...\n....\n....", EMPTY], arms=QUIET_ARM, scores=[3, 0])
    state["bag"] = []
    after = play_turn(state, {0: {"type": "clear", "row": 0}, **QUIET})
    assert after["scores"] == [3, 0]
    assert board_to_picture(after["boards"][0]) == "....\nA...\n....\n...."
    assert after["log"][-1]["choices"][0]["tiles"] == ["Q", "Z", "X"]
    assert sorted(after["bag"] + [after["spinner"][3][0]]) == ["Q", "X", "Z"]


def test_clearing_a_column_with_one_tile_is_allowed():
    state = position(boards=["....\n..e.\n....\n....", EMPTY], arms=QUIET_ARM)
    after = play_turn(state, {0: {"type": "clear", "col": 2}, **QUIET})
    assert board_to_picture(after["boards"][0]) == "....\n....\n....\n...."
