"""Clue boards: writing (the prefix rule), crossing out, clue guesses, rulings and closing a board."""

import pytest

from engines.base import IllegalMove
from engines.spell import ENGINE
from engines.spell.engine import NOT_A_PREFIX

from .helpers import CROSS, CTX, actor, game_with_term, guess, picture, rule, spell_word, term, write


def board_of(state, seat=None, n=-1):
    return ENGINE.view(state, seat)["round"]["boards"][n]


def test_writing_puts_the_letter_in_the_leftmost_free_field():
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, write("f", "fish"), CTX)
    assert picture(board_of(state)) == "F______"
    assert state["round"]["boards"][0]["actions"][0]["clue"] == "FISH"


def test_the_board_must_stay_a_prefix_of_the_writers_declared_word():
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 2, write("L", "FISH"), CTX)
    assert refused.value.code == NOT_A_PREFIX


def test_a_later_writer_may_steer_the_board_to_another_word():
    state = game_with_term("SHARK", seats=4)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 2, write("L", "FLOSSE"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 3, write("U", "FLUKE"), CTX)
    assert picture(board_of(state)) == "FLU____"


def test_the_prefix_rule_ignores_case_and_accents():
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, write("f", "Flöße"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 2, write("L", "Flöße"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 1, write("O", "flösse"), CTX)
    assert picture(board_of(state)) == "FLO____"


def test_a_clue_word_may_be_longer_than_the_board():
    state = game_with_term("SHARK")
    state = spell_word(state, "RAUBTIE", clue="RAUBTIER")
    assert picture(board_of(state)) == "RAUBTIE"
    assert state["phase"] == "guess_clue"


def test_crossing_out_takes_the_rightmost_free_field_and_still_earns_a_guess():
    state = game_with_term("SHARK")
    state = spell_word(state, "FL", clue="FLUKE")
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, actor(state), CROSS, CTX)
    assert picture(board_of(state)) == "FL____#"
    assert state["phase"] == "guess_clue"
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, actor(state), CROSS, CTX)
    assert picture(board_of(state)) == "FL___##"


def test_a_guess_equal_to_the_last_writers_word_is_right_at_once_ignoring_case_and_accents():
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, write("F", "FLÖSSE"), CTX)
    state = ENGINE.apply(state, 0, guess("flosse"), CTX)
    assert state["phase"] == "guess_term"
    board = board_of(state, 0)
    assert board["closed"] == "right"
    assert board["word"] == "flosse"
    assert board["guesses"] == [{"word": "flosse", "result": "right", "ruled_by": None}]


def test_the_last_writer_may_rule_a_different_guess_right():
    # The rulebook's FLUSS: the writer meant FLUKE but accepts FLUSS.
    state = game_with_term("SHARK", seats=4)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 2, write("L", "FLOSSE"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 3, write("U", "FLUKE"), CTX)
    state = ENGINE.apply(state, 0, guess("FLUSS"), CTX)
    state = ENGINE.apply(state, 3, rule(True), CTX)
    board = board_of(state, 0)
    assert (board["closed"], board["word"]) == ("right", "FLUSS")
    assert state["phase"] == "guess_term"


def test_an_earlier_writers_word_is_not_right_at_once():
    state = game_with_term("SHARK", seats=4)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 2, write("I", "FIN"), CTX)
    state = ENGINE.apply(state, 0, guess("fish"), CTX)
    assert state["phase"] == "rule"
    assert actor(state) == 2


def test_a_guess_at_a_board_with_only_crossed_fields_is_wrong_without_a_ruling():
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, CROSS, CTX)
    state = ENGINE.apply(state, 0, guess("anything"), CTX)
    assert state["phase"] == "write"
    assert state["round"]["boards"][0]["guesses"][0]["result"] == "wrong"


def test_a_full_board_closes_after_the_last_guess_and_reveals_the_last_writers_word():
    state = game_with_term("SHARK")
    state = spell_word(state, "RAUBTIE", clue="RAUBTIER")
    state = ENGINE.apply(state, 0, guess("raubtie"), CTX)
    state = ENGINE.apply(state, actor(state), rule(False), CTX)
    board = board_of(state, 0)
    assert (board["closed"], board["word"]) == ("full", "RAUBTIER")
    assert state["phase"] == "guess_term"
    assert state["log"][-1] == {
        "seat": None,
        "type": "board_closed",
        "round": 1,
        "board": 0,
        "reason": "full",
        "word": "RAUBTIER",
    }


def test_a_board_filled_by_crossing_out_closes_and_reveals_the_word_of_its_last_letter():
    state = game_with_term("SHARK")
    state = spell_word(state, "FISH")
    state = ENGINE.apply(state, 0, guess(""), CTX)
    for _ in range(3):
        state = ENGINE.apply(state, actor(state), CROSS, CTX)
        state = ENGINE.apply(state, 0, guess(""), CTX)
    board = board_of(state, 0)
    assert picture(board) == "FISH###"
    assert (board["closed"], board["word"]) == ("full", "FISH")


def test_a_wrong_term_guess_opens_the_next_board_and_the_fifth_ends_the_round_with_nothing():
    state = game_with_term("SHARK")
    for n in range(5):
        assert len(state["round"]["boards"]) == n + 1
        state = ENGINE.apply(state, actor(state), write("F", "FISH"), CTX)
        state = ENGINE.apply(state, 0, guess("fish"), CTX)
        state = ENGINE.apply(state, 0, term("whale"), CTX)
    assert state["round_scores"] == [0]
    assert state["history"][0]["found"] is False
    assert state["round"]["number"] == 2


def test_the_term_may_be_guessed_only_after_a_board_closes():
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, term("shark"), CTX)
    assert refused.value.code == "BAD_MOVE"


@pytest.mark.parametrize("said", ["shark", "Shark", "SHARKS", "sharks", " Shárk "])
def test_the_term_guess_ignores_case_accents_and_a_plural_s(said):
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("fish"), CTX)
    state = ENGINE.apply(state, 0, term(said), CTX)
    assert state["history"][0]["found"] is True
    assert state["history"][0]["term_guesses"] == [{"word": said.strip(), "right": True, "board": 0}]


@pytest.mark.parametrize("said", ["tv", "Telly", "tellys", "télévisions"])
def test_the_term_guess_accepts_the_cards_alternatives(said):
    state = game_with_term("TELEVISION", alternatives=["TV", "telly"])
    state = ENGINE.apply(state, 1, write("S", "SCREEN"), CTX)
    state = ENGINE.apply(state, 0, guess("screen"), CTX)
    state = ENGINE.apply(state, 0, term(said), CTX)
    assert state["history"][0]["found"] is True


def test_a_near_miss_is_not_the_term():
    state = game_with_term("SHARK")
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("fish"), CTX)
    state = ENGINE.apply(state, 0, term("sharky"), CTX)
    assert state["round"]["number"] == 1
    assert state["round"]["term_guesses"][0]["right"] is False


def test_the_clue_word_may_not_be_the_secret_term_itself():
    state = game_with_term("SHARK")
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 1, write("S", "sharks"), CTX)
    assert refused.value.code == "BAD_MOVE"


def test_a_writer_may_change_their_word_when_they_write_again():
    state = game_with_term("SHARK", seats=2)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 1, write("I", "FIN"), CTX)
    state = ENGINE.apply(state, 0, guess("fin"), CTX)
    assert board_of(state, 0)["closed"] == "right"
