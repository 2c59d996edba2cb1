"""Turnspell turns: simultaneous choices, resolution order, refill, rotation and the end."""

from __future__ import annotations

import itertools
import json

from engines.turnspell import ENGINE
from engines.turnspell.board import rotate
from engines.turnspell.engine import REASON_TARGET, REASON_TILES, REASON_TURNS

from .helpers import CTX, EMPTY, position


def place(take, row, col, **extra):
    return {"type": "place", "take": take, "row": row, "col": col, **extra}


def play_turn(state, choices, order=None):
    for seat in order or sorted(choices):
        state = ENGINE.apply(state, seat, choices[seat], CTX)
    return state


def test_players_sit_at_opposite_arms_with_two_and_at_three_arms_with_three():
    assert ENGINE.setup(2, {}, 1)["seat_arms"] == [0, 2]
    assert ENGINE.setup(3, {}, 1)["seat_arms"] == [0, 1, 2]
    assert ENGINE.setup(4, {}, 1)["seat_arms"] == [0, 1, 2, 3]


def test_setup_puts_sixteen_tiles_on_the_spinner_and_84_in_the_bag():
    state = ENGINE.setup(3, {}, 42)
    assert sum(t is not None for arm in state["spinner"] for t in arm) == 16
    assert len(state["bag"]) == 84
    assert state["turn"] == 1 and ENGINE.to_act(state) == {0, 1, 2}
    assert ENGINE.setup(3, {}, 42) == state  # the seed decides the deal


def test_everyone_chooses_before_the_turn_resolves_and_a_hidden_choice_keeps_the_turn_id():
    state = position(3)
    first = ENGINE.apply(state, 1, place(0, 0, 0), CTX)
    assert ENGINE.to_act(first) == {0, 2}
    assert ENGINE.turn_id(first) == ENGINE.turn_id(state) == "1"
    assert first["boards"][1] == state["boards"][1]  # nothing placed until the turn resolves
    second = ENGINE.apply(first, 0, place(0, 0, 0), CTX)
    done = ENGINE.apply(second, 2, place(0, 0, 0), CTX)
    assert ENGINE.turn_id(done) == "2" and ENGINE.to_act(done) == {0, 1, 2}
    assert [e["seat"] for e in done["log"][-1]["choices"]] == [0, 1, 2]


def test_the_board_turns_one_arm_clockwise_after_the_refill():
    state = position(arms={0: "ABCD", 1: "EFGH", 2: "IJKL", 3: "MNOP"})
    state["bag"] = []  # nothing to refill with, so the taken spaces stay visibly empty
    after = play_turn(state, {0: place(1, 0, 0), 1: place(3, 0, 0)})
    assert after["spinner"] == [list("MNOP"), ["A", None, "C", "D"], list("EFGH"), ["I", "J", "K", None]]
    assert rotate([[1], [2], [3], [4]]) == [[4], [1], [2], [3]]


def test_empty_arm_spaces_refill_from_the_bag_with_seeded_draws():
    state = position(4, arms={0: "ABCD", 1: "EFGH", 2: "IJKL", 3: "MNOP"})
    choices = {s: place(s, 0, 0) for s in range(4)}
    after = play_turn(state, choices)
    assert len(after["bag"]) == len(state["bag"]) - 4
    assert all(t is not None for arm in after["spinner"] for t in arm)
    assert after["log"][-1]["refilled"] == 4
    assert play_turn(state, choices) == after


def test_scored_tiles_are_in_the_bag_before_the_refill_and_the_refill_before_the_turn():
    state = position(boards=["HEL.\n....\n....\n....", EMPTY], arms={0: "PXXX", 2: "ZZZZ"})
    state["bag"] = []
    after = play_turn(state, {0: place(0, 0, 3), 1: place(1, 1, 1)})
    # the two taken spaces were refilled from the word's tiles and then turned one arm on
    assert after["spinner"][1][0] in "HELP" and after["spinner"][3][1] in "HELP"
    assert len(after["bag"]) == 2


def test_the_same_choices_in_any_arrival_order_give_the_same_state():
    state = position(
        3,
        boards=["HEL.\nA...\n....\n....", "QZ..\n....\n....\n....", ".ELP\nO...\nR...\nN..Q"],
        arms={0: "PPPP", 1: "?SSS", 2: "NHNN"},
        scores=[0, 0, 10],
    )
    choices = {
        0: place(0, 0, 3, **{"return": {"row": 1, "col": 0}}),
        1: {"type": "clear", "row": 0},
        2: place(1, 0, 0, **{"return": {"row": 3, "col": 3}}),
    }
    results = [play_turn(state, choices, order) for order in itertools.permutations(range(3))]
    assert all(r == results[0] for r in results)
    assert len({json.dumps(r) for r in results}) == 1
    assert results[0]["scores"] == [4, 0, 22]  # HELP 9 - 5 for A; clear; (9 + 7) x 2 - 20 for Q


def test_reaching_44_ends_the_game_and_the_highest_of_several_wins():
    state = position(boards=["HEL.\n....\n....\n....", "HEL.\n....\n....\n...."],
                     arms={0: "PXXX", 2: "PXXX"}, scores=[40, 35])
    after = play_turn(state, {0: place(0, 0, 3), 1: place(0, 0, 3)})
    assert after["scores"] == [49, 44] and after["over"] is True
    outcome = ENGINE.outcome(after)
    assert outcome.ranks == (1, 2) and outcome.reason == REASON_TARGET
    assert ENGINE.to_act(after) == frozenset()


def test_two_players_reaching_the_same_highest_score_share_the_win():
    state = position(3, boards=["HEL.\n....\n....\n....", "HEL.\n....\n....\n....", EMPTY],
                     arms={0: "PXXX", 1: "PXXX", 2: "XXXX"}, scores=[35, 35, 43])
    after = play_turn(state, {0: place(0, 0, 3), 1: place(0, 0, 3), 2: place(0, 0, 0)})
    assert ENGINE.outcome(after).ranks == (1, 1, 3)
    assert ENGINE.outcome(after).scores == (44, 44, 43)


def test_43_points_do_not_end_the_game():
    state = position(boards=["HEL.\n....\n....\n....", EMPTY], arms={0: "PXXX"}, scores=[34, 0])
    after = play_turn(state, {0: place(0, 0, 3), 1: place(0, 0, 0)})
    assert after["scores"] == [43, 0] and ENGINE.outcome(after) is None


def test_the_game_ends_after_its_last_turn_with_the_highest_score_winning():
    state = position(max_turns=2, scores=[3, 1])
    state = play_turn(state, {0: place(0, 0, 0), 1: place(0, 0, 0)})
    assert ENGINE.outcome(state) is None
    state = play_turn(state, {0: place(0, 1, 1), 1: place(0, 1, 1)})
    assert ENGINE.outcome(state).reason == REASON_TURNS
    assert ENGINE.outcome(state).ranks == (1, 2)


def test_the_game_ends_when_bag_and_spinner_are_both_empty():
    state = position(arms={0: "A...", 1: "....", 2: "B...", 3: "...."})
    state["bag"] = []
    after = play_turn(state, {0: place(0, 0, 0), 1: place(0, 0, 0)})
    assert ENGINE.outcome(after).reason == REASON_TILES
