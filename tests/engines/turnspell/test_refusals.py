"""Every refused Turnspell choice has its stable code and leaves the state untouched."""

from __future__ import annotations

import copy

import pytest

from engines.base import BAD_MOVE, BAD_SEAT, GAME_OVER, IllegalMove
from engines.turnspell import ENGINE
from engines.turnspell.engine import (
    ALREADY_CHOSEN,
    BLANK_NEEDS_LETTER,
    CANNOT_AFFORD_RETURN,
    CELL_TAKEN,
    NO_SUCH_TILE,
    NOTHING_TO_CLEAR,
)

from .helpers import CTX, EMPTY, position

# Seat 0 sits at arm 0 with a blank, an empty space, a P and a Q; its board reads HEL. / A... / ....
BOARD = "HEL.\nA...\n....\n...."


def seat0_position(score=0):
    return position(boards=[BOARD, EMPTY], arms={0: "?.PQ"}, scores=[score, 0])


def refuse(state, seat, move):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, seat, move, CTX)
    assert state == before
    return refused.value.code


def place(take, row, col, **extra):
    return {"type": "place", "take": take, "row": row, "col": col, **extra}


def test_a_second_choice_in_the_same_turn_is_already_chosen():
    state = ENGINE.apply(seat0_position(), 0, place(2, 3, 3), CTX)
    assert refuse(state, 0, place(3, 2, 2)) == ALREADY_CHOSEN
    assert ENGINE.not_acting_error(state, 0).code == ALREADY_CHOSEN


def test_taking_from_an_empty_arm_space_is_no_such_tile():
    assert refuse(seat0_position(), 0, place(1, 3, 3)) == NO_SUCH_TILE


def test_placing_on_a_taken_cell_is_cell_taken():
    assert refuse(seat0_position(), 0, place(2, 1, 0)) == CELL_TAKEN


def test_a_blank_without_its_letter_is_refused():
    assert refuse(seat0_position(), 0, place(0, 3, 3)) == BLANK_NEEDS_LETTER


def test_a_return_the_score_does_not_cover_is_refused():
    # Returning the H costs 8; 7 points are not enough, and a non-word placement earns nothing.
    assert refuse(seat0_position(score=7), 0, place(3, 3, 3, **{"return": {"row": 0, "col": 0}})) \
        == CANNOT_AFFORD_RETURN
    # With no points at all even the cheapest tile (5) is out of reach.
    assert refuse(seat0_position(), 0, place(3, 3, 3, **{"return": {"row": 1, "col": 0}})) \
        == CANNOT_AFFORD_RETURN


def test_clearing_an_empty_line_or_returning_an_empty_cell_is_nothing_to_clear():
    state = seat0_position(score=30)
    assert refuse(state, 0, {"type": "clear", "row": 2}) == NOTHING_TO_CLEAR
    assert refuse(state, 0, {"type": "clear", "col": 3}) == NOTHING_TO_CLEAR
    assert refuse(state, 0, place(2, 3, 3, **{"return": {"row": 2, "col": 2}})) == NOTHING_TO_CLEAR


@pytest.mark.parametrize("move", [
    "place",
    None,
    {},
    {"type": "pass"},
    {"type": "place", "row": 0, "col": 3},
    place(4, 3, 3),
    place(-1, 3, 3),
    place("2", 3, 3),
    place(True, 3, 3),
    place(2, 4, 3),
    place(2, 3, None),
    place(2, 3, 2.0),
    place(0, 3, 3, letter="AB"),
    place(0, 3, 3, letter="1"),
    place(0, 3, 3, letter="ı"),
    place(0, 3, 3, letter=7),
    place(2, 3, 3, letter="Q"),
    place(2, 3, 3, **{"return": [0, 0]}),
    place(2, 3, 3, **{"return": {"row": 0}}),
    place(2, 3, 3, **{"return": {"row": 0, "col": 4}}),
    place(2, 3, 3, **{"return": {"row": 3, "col": 3}}),
    place(2, 0, 3, **{"return": {"row": 0, "col": 0}}),  # the H scores in HELP and goes back anyway
    {"type": "clear"},
    {"type": "clear", "row": 0, "col": 0},
    {"type": "clear", "row": 4},
    {"type": "clear", "col": "0"},
])
def test_malformed_or_impossible_choices_are_bad_moves(move):
    assert refuse(seat0_position(score=40), 0, move) == BAD_MOVE


def test_a_lower_case_letter_names_a_blank_and_a_matching_letter_on_a_plain_tile_is_fine():
    state = seat0_position()
    assert ENGINE.apply(state, 0, place(0, 3, 3, letter="s"), CTX)["pending"][0]["choice"]["letter"] == "S"
    assert ENGINE.apply(state, 0, place(2, 3, 3, letter="p"), CTX)["pending"][0]["choice"] == place(2, 3, 3)


def test_no_one_may_choose_once_the_game_is_over():
    state = position(boards=["HEL.\n....\n....\n....", EMPTY], arms={0: "PXXX"}, scores=[40, 0])
    state = ENGINE.apply(state, 1, place(0, 0, 0), CTX)
    state = ENGINE.apply(state, 0, place(0, 0, 3), CTX)
    assert state["over"]
    assert refuse(state, 0, place(0, 1, 1)) == GAME_OVER
    assert ENGINE.not_acting_error(state, 1).code == GAME_OVER


def test_a_seat_that_is_not_at_the_table_is_a_bad_seat():
    assert refuse(seat0_position(), 2, place(2, 3, 3)) == BAD_SEAT
    assert refuse(seat0_position(), -1, place(2, 3, 3)) == BAD_SEAT


def test_setup_refuses_a_wrong_number_of_seats_or_turns():
    for seats, options in [(1, {}), (5, {}), (2, {"max_turns": 0}), (2, {"max_turns": "9"})]:
        with pytest.raises(IllegalMove) as refused:
            ENGINE.setup(seats, options, 1)
        assert refused.value.code == BAD_MOVE
