"""What each seat may see in Turnspell: boards and arms are public, choices private until resolved."""

from __future__ import annotations

from engines.base import leaks
from engines.turnspell import ENGINE

from .helpers import CTX, EMPTY, position


def place(take, row, col, **extra):
    return {"type": "place", "take": take, "row": row, "col": col, **extra}


def test_a_choice_is_seen_by_its_chooser_only_until_the_turn_resolves():
    state = ENGINE.apply(position(3), 1, place(2, 1, 3), CTX)
    mine = ENGINE.view(state, 1)
    assert mine["my_choice"]["choice"] == place(2, 1, 3)
    assert mine["chosen"] == [False, True, False] and mine["waiting_for"] == 2
    for seat in (0, 2, None):
        view = ENGINE.view(state, seat)
        assert view["my_choice"] is None
        assert view["chosen"] == [False, True, False]
        assert leaks(ENGINE, state, seat, view) == []


def test_the_leak_check_would_catch_a_revealed_choice_or_bag():
    state = ENGINE.apply(position(3), 1, place(2, 1, 3), CTX)
    leaky = {**ENGINE.view(state, 0), "oops": state["pending"][1], "bag": state["bag"]}
    assert leaks(ENGINE, state, 0, leaky) == [state["bag"], state["pending"][1]]


def test_views_show_the_bag_size_not_its_tiles():
    state = position()
    view = ENGINE.view(state, 0)
    assert view["bag_count"] == 84 and "bag" not in view
    assert view["spinner"] == state["spinner"] and view["my_arm"] == 0


def test_the_move_log_hides_an_unresolved_choice_from_everyone_else():
    state = position(3)
    entry = {"seq": 2, "index": 0, "seat": 1, "move": place(2, 1, 3)}
    state = ENGINE.apply(state, 1, entry["move"], CTX)
    assert ENGINE.log_view(state, entry, 1)["move"] == place(2, 1, 3)
    for seat in (0, 2, None):
        shown = ENGINE.log_view(state, entry, seat)
        assert shown == {"seq": 2, "index": 0, "seat": 1, "move": None, "hidden": True}
    state = ENGINE.apply(state, 0, place(0, 0, 0), CTX)
    state = ENGINE.apply(state, 2, place(0, 0, 0), CTX)
    assert ENGINE.log_view(state, entry, 0)["move"] == place(2, 1, 3)


def test_a_later_turns_choice_does_not_hide_revealed_ones():
    state = position()
    state = ENGINE.apply(state, 0, place(0, 0, 0), CTX)
    state = ENGINE.apply(state, 1, place(0, 0, 0), CTX)
    state = ENGINE.apply(state, 1, place(0, 1, 1), CTX)  # index 2, turn 2: still hidden
    earlier = {"seq": 3, "index": 1, "seat": 1, "move": place(0, 0, 0)}
    later = {"seq": 4, "index": 2, "seat": 1, "move": place(0, 1, 1)}
    assert ENGINE.log_view(state, earlier, 0)["move"] == place(0, 0, 0)
    assert ENGINE.log_view(state, later, 0)["move"] is None


def test_without_an_index_the_log_errs_toward_hiding():
    state = position()
    state = ENGINE.apply(state, 0, place(0, 0, 0), CTX)
    state = ENGINE.apply(state, 1, place(0, 0, 0), CTX)
    state = ENGINE.apply(state, 1, place(0, 1, 1), CTX)
    assert ENGINE.log_view(state, {"seq": 2, "seat": 1, "move": place(0, 1, 1)}, 0)["move"] is None
    assert ENGINE.log_view(state, {"seq": 1, "seat": 1, "move": place(0, 0, 0)}, 0)["move"] == place(0, 0, 0)


def test_the_resolution_log_reveals_everyones_choice_and_score():
    state = position(boards=["HEL.\n....\n....\n....", EMPTY], arms={0: "PXXX", 2: "KXXX"})
    state = ENGINE.apply(state, 0, place(0, 0, 3), CTX)
    state = ENGINE.apply(state, 1, place(0, 2, 2), CTX)
    entry = ENGINE.view(state, None)["log"][-1]
    assert entry["turn"] == 1 and entry["scores"] == [9, 0]
    assert entry["choices"][0]["words"] == [{"word": "HELP", "line": "row", "index": 0, "score": 9}]
    assert entry["choices"][1] == {"seat": 1, "type": "place", "take": 0, "row": 2, "col": 2, "tile": "K",
                                   "words": [], "points": 0, "doubled": False}


def test_a_missed_deadline_places_the_first_letter_on_the_first_empty_cell():
    state = position(boards=["AB..\n....\n....\n....", EMPTY], arms={0: "?.QX"})
    move = ENGINE.timeout_move(state, 0)
    assert move == place(2, 0, 2)
    ENGINE.apply(state, 0, move, CTX)


def test_a_missed_deadline_with_only_a_blank_names_it_e():
    state = position(arms={0: "?..."})
    assert ENGINE.timeout_move(state, 0) == place(0, 0, 0, letter="E")


def test_a_missed_deadline_on_a_full_board_clears_a_row():
    full = "ABCD\nEFGH\nIJKL\nMNOP"
    state = position(boards=[full, EMPTY])
    move = ENGINE.timeout_move(state, 0)
    assert move == {"type": "clear", "row": 0}
    ENGINE.apply(state, 0, move, CTX)
