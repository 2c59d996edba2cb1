"""Every refusal code, and a refused move never changes the state it was given."""

import copy

import pytest

from engines.base import GAME_OVER, Context, IllegalMove
from engines.crossword import (
    BAD_MOVE,
    BAG_TOO_SMALL,
    ENGINE,
    FIRST_MOVE_CENTRE,
    HAS_GAP,
    NOT_CONNECTED,
    NOT_IN_LINE,
    NOT_YOUR_TURN,
    NOTHING_TO_CHALLENGE,
    OFF_BOARD,
    SQUARE_TAKEN,
    TILE_NOT_ON_RACK,
    UNKNOWN_WORD,
)

from .helpers import NO_WORD_CHECK, lexicon, place, play, position


def refuse(state, move, seat=0, ctx=NO_WORD_CHECK):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as info:
        ENGINE.apply(state, seat, move, ctx)
    assert state == before, "a refused move must leave the state unchanged"
    return info.value


def test_moving_out_of_turn_is_not_your_turn():
    assert refuse(position(racks=["HELLOAB"]), {"type": "pass"}, seat=1).code == NOT_YOUR_TURN


def test_a_tile_not_on_the_rack_is_refused_and_named():
    refused = refuse(position(racks=["HELLOAB"]), place((7, 7, "Q"), (7, 8, "I")))
    assert refused.code == TILE_NOT_ON_RACK
    assert refused.details["tiles"] == ["I", "Q"]


def test_a_blank_needs_a_blank_on_the_rack():
    assert refuse(position(racks=["HELLOAB"]), place((7, 7, "h"), (7, 8, "E"))).code == TILE_NOT_ON_RACK


def test_two_copies_need_two_tiles():
    assert refuse(position(racks=["HELOABC"]), place((7, 7, "L"), (7, 8, "L"))).code == TILE_NOT_ON_RACK


def test_a_taken_square_is_refused():
    state = position("HELLO", top=7, left=7, racks=["SABCDEF"])
    assert refuse(state, place((7, 7, "S"), (8, 7, "A"))).code == SQUARE_TAKEN


def test_a_letter_on_a_taken_square_in_gcg_is_refused():
    state = position("HELLO", top=7, left=7, racks=["SABCDEF"])
    assert refuse(state, {"type": "place", "gcg": "H8 HA"}).code == SQUARE_TAKEN


def test_off_the_board_is_refused():
    assert refuse(position(racks=["HELLOAB"]), place((7, 14, "A"), (7, 15, "B"))).code == OFF_BOARD
    assert refuse(position(racks=["HELLOAB"]), place((-1, 7, "A"), (0, 7, "B"))).code == OFF_BOARD
    assert refuse(position(racks=["HELLOAB"]), {"type": "place", "gcg": "16A HELLO"}).code == OFF_BOARD
    assert refuse(position(racks=["HELLOAB"]), {"type": "place", "gcg": "8L HELLO"}).code == OFF_BOARD


def test_tiles_not_in_one_line_are_refused():
    assert refuse(position(racks=["HELLOAB"]), place((7, 7, "A"), (8, 8, "B"))).code == NOT_IN_LINE


def test_a_gap_inside_the_play_is_refused():
    assert refuse(position(racks=["HELLOAB"]), place((7, 7, "A"), (7, 9, "B"))).code == HAS_GAP


def test_a_gcg_dot_over_an_empty_square_is_a_gap():
    assert refuse(position(racks=["HELLOAB"]), {"type": "place", "gcg": "8H HE.LO"}).code == HAS_GAP


def test_a_play_through_board_tiles_has_no_gap():
    state = position("L", top=7, left=9, racks=["HELOABC"])
    after = play(state, 0, place((7, 7, "H"), (7, 8, "E"), (7, 10, "L"), (7, 11, "O")))
    assert after["log"][-1]["words"] == ["HELLO"]


def test_the_first_word_must_cover_the_centre():
    assert refuse(position(racks=["HELLOAB"]), place((0, 0, "A"), (0, 1, "B"))).code == FIRST_MOVE_CENTRE


def test_the_first_word_needs_two_letters():
    assert refuse(position(racks=["HELLOAB"]), place((7, 7, "A"))).code == FIRST_MOVE_CENTRE


def test_a_later_play_must_touch_the_board():
    state = position("HELLO", top=7, left=7, racks=["ABCDEFG"])
    assert refuse(state, place((0, 0, "A"), (0, 1, "B"))).code == NOT_CONNECTED


def test_unknown_words_are_refused_and_all_named():
    state = position("WINDY", top=7, left=3, racks=["ADEEGIL"])
    refused = refuse(state, {"type": "place", "gcg": "7C GALE"}, ctx=lexicon("windy", "gale", "aw"))
    assert refused.code == UNKNOWN_WORD
    assert refused.details["words"] == ["LI", "EN"]


def test_known_words_are_accepted():
    state = position("WINDY", top=7, left=3, racks=["ADEEGIL"])
    after = play(state, 0, {"type": "place", "gcg": "7C GALE"}, lexicon("gale", "aw", "li", "en"))
    assert after["scores"][0] == 16


@pytest.mark.parametrize("word", ["HM", "MM", "SH"])
def test_vowel_less_english_words_are_accepted_in_the_english_list(english, word):
    # The English list as imported (ENABLE through the rule-8 filters): a vowel-less word is a word.
    state = position(racks=[word + "ABCDE"])
    after = play(state, 0, {"type": "place", "gcg": f"8H {word}"}, Context(lexicon=english))
    assert after["log"][-1]["words"] == [word]


def test_exchange_needs_seven_tiles_in_the_bag():
    state = position(racks=["HELLOAB"])
    state["bag"] = state["bag"][:6]
    assert refuse(state, {"type": "exchange", "tiles": "H"}).code == BAG_TOO_SMALL


def test_the_exchange_minimum_is_an_option():
    state = position(racks=["HELLOAB"], min_bag_for_exchange=2)
    state["bag"] = ["X", "Y", "Z"]
    after = play(state, 0, {"type": "exchange", "tiles": "HE"})
    assert sorted(after["bag"]) == ["E", "H", "X"]  # Z and Y drawn, then H and E mixed in
    assert len(after["racks"][0]["tiles"]) == 7
    # four tiles cannot be exchanged from a bag of three
    assert refuse(state, {"type": "exchange", "tiles": "HELL"}).code == BAG_TOO_SMALL


def test_exchanging_a_tile_not_on_the_rack_is_refused():
    assert refuse(position(racks=["HELLOAB"]), {"type": "exchange", "tiles": "Z?"}).code == TILE_NOT_ON_RACK


def test_there_is_nothing_to_challenge_in_a_void_game():
    assert refuse(position(racks=["HELLOAB"]), {"type": "challenge"}).code == NOTHING_TO_CHALLENGE


def test_there_is_nothing_to_challenge_before_any_play():
    state = position(racks=["HELLOAB"], challenge="single")
    assert refuse(state, {"type": "challenge"}).code == NOTHING_TO_CHALLENGE


@pytest.mark.parametrize("move", [
    None,
    "pass",
    {},
    {"type": "resign"},
    {"type": "place"},
    {"type": "place", "tiles": []},
    {"type": "place", "tiles": [{"row": "7", "col": 7, "letter": "A"}]},
    {"type": "place", "tiles": [{"row": True, "col": 7, "letter": "A"}]},
    {"type": "place", "tiles": [{"row": 7, "col": 7, "letter": "AB"}]},
    {"type": "place", "tiles": [{"row": 7, "col": 7, "letter": "1"}]},
    {"type": "place", "tiles": [{"row": 7, "col": 7, "letter": "A", "blank": "yes"}]},
    {"type": "place", "tiles": ["A"]},
    {"type": "place", "tiles": [{"row": 7, "col": 7, "letter": "A"}, {"row": 7, "col": 7, "letter": "B"}]},
    {"type": "place", "gcg": 5},
    {"type": "place", "gcg": "HELLO"},
    {"type": "place", "gcg": "8H HEL-LO"},
    {"type": "place", "gcg": "8H8 HELLO"},
    {"type": "place", "gcg": "8H (HELLO"},
    {"type": "exchange"},
    {"type": "exchange", "tiles": ""},
    {"type": "exchange", "tiles": "ABCDEFGH"},
    {"type": "exchange", "tiles": "A1"},
    {"type": "exchange", "tiles": 3},
])
def test_malformed_payloads_are_bad_moves(move):
    assert refuse(position(racks=["HELLOAB"]), move).code == BAD_MOVE


def test_a_gcg_bracket_must_match_the_board():
    state = position("L", top=7, left=9, racks=["HELOABC"])
    assert refuse(state, {"type": "place", "gcg": "8H HE(X)LO"}).code == BAD_MOVE


def test_nothing_is_accepted_once_the_game_is_over():
    state = position(racks=["HELLOAB", "ABCDEFG"])
    for turn in range(6):
        state = play(state, turn % 2, {"type": "pass"})
    assert state["phase"] == "over"
    assert refuse(state, {"type": "pass"}).code == GAME_OVER
    assert ENGINE.not_acting_error(state, 0).code == GAME_OVER
    assert ENGINE.to_act(state) == frozenset()
