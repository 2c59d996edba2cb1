"""Setup (rule 0 draw, racks, options), what each seat sees, and the log as each seat may read it."""

import json

import pytest

from engines.base import IllegalMove, leaks
from engines.crossword import BAD_MOVE, ENGINE

from .helpers import play, position


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("tile_set,size", [("en", 100), ("nl", 102)])
def test_setup_deals_seven_tiles_each_from_the_named_set(seats, tile_set, size):
    state = ENGINE.setup(seats, {"tile_set": tile_set}, 42)
    assert [len(r["tiles"]) for r in state["racks"]] == [7] * seats
    assert len(state["bag"]) == size - 7 * seats
    assert state["seed"] == 42 and state["options"]["tile_set"] == tile_set
    assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("seed", range(30))
def test_the_starting_draw_is_shown_and_the_lowest_tile_begins(seed):
    state = ENGINE.setup(3, {}, seed)
    start = state["log"][0]
    assert start["type"] == "start"
    final_round = start["draws"][-1]
    best = min(d["tile"] for d in final_round)  # "?" (a blank) sorts before "A"
    assert [d["seat"] for d in final_round if d["tile"] == best] == [start["first"]]
    for earlier in start["draws"][:-1]:  # an earlier round ended in a tie
        low = min(d["tile"] for d in earlier)
        assert sum(d["tile"] == low for d in earlier) > 1
    assert state["to_move"] == start["first"]
    assert ENGINE.setup(3, {}, seed) == state


@pytest.mark.parametrize("options", [
    {"tile_set": "de"}, {"challenge": "triple"}, {"min_bag_for_exchange": "7"}, {"min_bag_for_exchange": 0},
])
def test_bad_options_are_refused(options):
    with pytest.raises(IllegalMove) as refused:
        ENGINE.setup(2, options, 1)
    assert refused.value.code == BAD_MOVE


def test_bad_seat_counts_are_refused():
    for seats in (1, 5):
        with pytest.raises(IllegalMove):
            ENGINE.setup(seats, {}, 1)


def test_options_have_defaults_and_keep_the_lexicon_untouched():
    state = ENGINE.setup(2, {"lexicon": {"code": "enable", "version": 3}}, 1)
    assert state["options"] == {"tile_set": "en", "challenge": "void", "min_bag_for_exchange": 7,
                                "lexicon": {"code": "enable", "version": 3}}


def test_a_seat_sees_its_own_rack_and_only_counts_of_the_rest():
    state = position(racks=["HELLOAB", "QZXJKVW"])
    view = ENGINE.view(state, 0)
    assert view["rack"] == list("HELLOAB")
    assert view["rack_counts"] == [7, 7]
    assert view["bag_count"] == 86
    assert "Q" in view["unseen"] and len(view["unseen"]) == 93
    assert leaks(ENGINE, state, 0, view) == []
    assert ENGINE.view(state, None)["rack"] is None
    assert leaks(ENGINE, state, None, ENGINE.view(state, None)) == []


def test_a_leaking_view_is_caught():
    state = position(racks=["HELLOAB", "QZXJKVW"])
    view = ENGINE.view(state, 0)
    view["oops"] = state["racks"][1]
    assert leaks(ENGINE, state, 0, view) == [state["racks"][1]]


def test_exchanged_tiles_are_shown_only_to_the_exchanger():
    state = play(position(racks=["HELLOAB", "QZXJKVW"]), 0, {"type": "exchange", "tiles": "LLB"})
    mine = ENGINE.view(state, 0)["log"][-1]
    theirs = ENGINE.view(state, 1)["log"][-1]
    assert mine["exchanged"] == {"seat": 0, "tiles": ["L", "L", "B"]}
    assert theirs == {"seat": 0, "type": "exchange", "count": 3}
    for seat in (0, 1, None):
        assert leaks(ENGINE, state, seat, ENGINE.view(state, seat)) == []
    entry = {"seq": 1, "seat": 0, "move": {"type": "exchange", "tiles": "LLB"}}
    assert ENGINE.log_view(state, entry, 1) == {"seq": 1, "seat": 0, "move": {"type": "exchange", "count": 3}}
    assert ENGINE.log_view(state, entry, 0) == entry


def test_turn_id_moves_with_every_applied_move():
    state = position(racks=["HELLOAB", "QZXJKVW"])
    assert ENGINE.turn_id(state) == "t0"
    assert ENGINE.turn_id(play(state, 0, {"type": "pass"})) == "t1"


def test_the_engine_declares_its_kind_and_seats():
    assert (ENGINE.kind, ENGINE.min_seats, ENGINE.max_seats, ENGINE.cooperative) == ("crossword", 2, 4, False)
