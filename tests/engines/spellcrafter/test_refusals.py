"""Every refusal code, each leaving the state exactly as it was."""

import pytest

from engines.base import GAME_OVER, Context, IllegalMove
from engines.spellcrafter import ENGINE

from .helpers import CTX, NO_WORD, crafting_position, play_all, refused, word

AT = [{"card": "flame-A1"}, {"card": "stone-T1"}]  # the A and T of seat 0's CAT


@pytest.fixture
def drafting():
    return ENGINE.setup(2, {}, seed=5)


@pytest.fixture
def crafting():
    # Seat 0 holds C A T S, a Wild and a Double; the jumper is the Tide E.
    return crafting_position(["fC fA sT gS ? +", "gO gD"], jumper="tE")


def test_picking_a_card_from_someone_elses_hand_is_not_in_hand(drafting):
    refused(drafting, 0, {"type": "pick", "card": drafting["players"][1]["hand"][0]}, "NOT_IN_HAND")


def test_picking_an_unknown_card_is_not_in_hand(drafting):
    refused(drafting, 0, {"type": "pick", "card": "gale-Z9"}, "NOT_IN_HAND")


def test_picking_twice_in_one_step_is_already_chosen(drafting):
    state = ENGINE.apply(drafting, 0, {"type": "pick", "card": drafting["players"][0]["hand"][0]}, CTX)
    refused(state, 0, {"type": "pick", "card": state["players"][0]["hand"][0]}, "ALREADY_CHOSEN")
    assert ENGINE.not_acting_error(state, 0).code == "ALREADY_CHOSEN"


def test_crafting_twice_in_one_round_is_already_chosen(crafting):
    state = ENGINE.apply(crafting, 0, NO_WORD, CTX)
    refused(state, 0, word(state, 0, "fC fA sT"), "ALREADY_CHOSEN")


@pytest.mark.parametrize("move", [
    None,
    "pick",
    {"type": "dance"},
    {"type": "pick"},
    {"type": "pick", "card": 3},
    {"type": "craft", "cards": []},
])
def test_malformed_or_misplaced_moves_while_drafting_are_bad_moves(drafting, move):
    refused(drafting, 0, move, "BAD_MOVE")


@pytest.mark.parametrize("move", [
    {"type": "pick", "card": "flame-C1"},
    {"type": "craft"},
    {"type": "craft", "cards": "CAT"},
    {"type": "craft", "cards": ["flame-C1"]},
    {"type": "craft", "cards": [{"card": 1}]},
    {"type": "craft", "cards": [{"card": "wild-1", "letter": "EE"}, *AT]},
    {"type": "craft", "cards": [{"card": "wild-1", "letter": "é"}, *AT]},
    {"type": "craft", "cards": [{"card": "flame-C1", "double": 5}, *AT]},
    # A letter card spelled as another letter, a Double slot holding a letter card.
    {"type": "craft", "cards": [{"card": "flame-C1", "letter": "B"}, *AT]},
    {"type": "craft", "cards": [{"card": "flame-C1", "double": "gale-S1"}, *AT]},
])
def test_malformed_or_misplaced_moves_while_crafting_are_bad_moves(crafting, move):
    refused(crafting, 0, move, "BAD_MOVE")


def test_a_card_you_did_not_pick_is_not_yours(crafting):
    refused(crafting, 0, {"type": "craft", "cards": [{"card": "gale-O1"}, {"card": "gale-D1"},
                                                     {"card": "tide-E1"}]}, "NOT_YOURS")


def test_a_double_you_did_not_pick_is_not_yours(crafting):
    move = word(crafting, 0, "fC fA sT")
    move["cards"][0]["double"] = "double-2"
    refused(crafting, 0, move, "NOT_YOURS")


def test_the_same_card_twice_is_used_twice(crafting):
    refused(crafting, 0, {"type": "craft", "cards": [{"card": "tide-E1"}, {"card": "tide-E1"},
                                                     {"card": "flame-C1"}]}, "CARD_USED_TWICE")


def test_one_double_on_two_letters_is_used_twice(crafting):
    move = word(crafting, 0, "fC+ fA sT")
    move["cards"][1]["double"] = move["cards"][0]["double"]
    refused(crafting, 0, move, "CARD_USED_TWICE")


def test_two_letters_are_too_short(crafting):
    refused(crafting, 0, word(crafting, 0, "fA sT"), "TOO_SHORT")


def test_a_word_missing_from_the_lexicon_is_unknown(crafting):
    refused(crafting, 0, word(crafting, 0, "sT fA fC"), "UNKNOWN_WORD")


def test_a_wild_without_a_letter_needs_one(crafting):
    move = word(crafting, 0, "fC ?A sT")
    del move["cards"][1]["letter"]
    refused(crafting, 0, move, "WILD_NEEDS_LETTER")


def test_a_double_played_as_a_letter_is_a_double_without_letter(crafting):
    move = word(crafting, 0, "fC fA sT")
    move["cards"].insert(1, {"card": "double-1", "letter": "A"})
    refused(crafting, 0, move, "DOUBLE_WITHOUT_LETTER")


def test_crafting_without_a_lexicon_is_refused(crafting):
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(crafting, 0, word(crafting, 0, "fC fA sT"), Context())
    assert caught.value.code == "BAD_MOVE"


def test_a_wild_and_a_double_and_the_jumper_make_a_legal_word(crafting):
    state = ENGINE.apply(crafting, 0, word(crafting, 0, "fC+ ?A gS sT tE"), CTX)
    assert "".join(e["letter"] for e in state["players"][0]["craft"]) == "CASTE"
    assert state["players"][0]["craft"][0]["double"] == "double-1"


def test_moves_after_the_game_is_over_are_refused(crafting):
    state = play_all(crafting_position(["fA", "fE"], rounds=1), {0: NO_WORD, 1: NO_WORD})
    assert state["phase"] == "over"
    refused(state, 0, NO_WORD, GAME_OVER)
