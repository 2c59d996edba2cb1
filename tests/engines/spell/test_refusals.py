"""Every refusal has its code and leaves the state exactly as it was."""

import copy

import pytest

from engines.base import IllegalMove
from engines.spell import ENGINE
from engines.spell.engine import BOARD_FULL, NO_PENDING_RULING, NOT_A_LETTER, NOT_A_PREFIX

from .helpers import CROSS, CTX, game_with_term, guess, make_cards, new_game, rule, spell_word, term, write


def refused(state, seat, move):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply(state, seat, move, CTX)
    assert state == before
    return error.value.code


@pytest.fixture
def writing():
    """Seat 1 writes next; seat 0 is the question mark."""
    return game_with_term("SHARK")


@pytest.fixture
def guessing(writing):
    return ENGINE.apply(writing, 1, write("F", "FISH"), CTX)


@pytest.fixture
def ruling(guessing):
    return ENGINE.apply(guessing, 0, guess("frog"), CTX)


def test_a_question_mark_writing_is_not_their_turn(writing):
    assert refused(writing, 0, write("F", "FISH")) == "NOT_YOUR_TURN"


def test_a_writer_out_of_order_is_not_their_turn(writing):
    assert refused(writing, 2, write("F", "FISH")) == "NOT_YOUR_TURN"


def test_a_clue_giver_guessing_is_not_their_turn(guessing):
    assert refused(guessing, 1, guess("fish")) == "NOT_YOUR_TURN"


def test_a_pick_by_a_clue_giver_is_not_their_turn():
    state = new_game()
    assert refused(state, 1, {"type": "pick", "number": 1}) == "NOT_YOUR_TURN"


def test_a_letter_off_the_declared_word_is_not_a_prefix(guessing):
    state = ENGINE.apply(guessing, 0, guess(""), CTX)
    assert refused(state, 2, write("X", "FISH")) == NOT_A_PREFIX
    assert refused(state, 2, write("I", "FOX")) == NOT_A_PREFIX


@pytest.mark.parametrize("letter", ["FI", "", " ", "1", "-", None, 7])
def test_anything_but_one_letter_is_not_a_letter(writing, letter):
    assert refused(writing, 1, {"type": "write", "letter": letter, "clue": "FISH"}) == NOT_A_LETTER


def test_a_full_board_refuses_a_letter_and_a_cross_out(writing):
    # Play closes a full board before anyone could write on it; the check guards a damaged state.
    state = copy.deepcopy(writing)
    state["round"]["boards"][0].update(letters=list("FISH"), crossed=3)
    assert refused(state, 1, write("E", "FISHER")) == BOARD_FULL
    assert refused(state, 1, CROSS) == BOARD_FULL


def test_a_ruling_without_a_pending_guess_is_refused(writing, guessing):
    assert refused(writing, 1, rule(True)) == NO_PENDING_RULING
    assert refused(guessing, 0, rule(False)) == NO_PENDING_RULING


def test_a_seat_that_is_not_to_act_hears_so_before_anything_about_its_move(guessing):
    # The fixed order: the seat is checked before the move's rules.
    assert refused(guessing, 1, rule(False)) == "NOT_YOUR_TURN"


def test_a_ruling_by_someone_else_than_the_last_writer_is_not_their_turn(ruling):
    assert refused(ruling, 2, rule(True)) == "NOT_YOUR_TURN"
    assert refused(ruling, 0, rule(True)) == "NOT_YOUR_TURN"


@pytest.mark.parametrize(
    "move",
    [
        {},
        {"type": "shout"},
        {"type": 3},
        "write",
        {"type": "write", "letter": "F"},
        {"type": "write", "letter": "F", "clue": "F"},
        {"type": "write", "letter": "F", "clue": "FI SH"},
        {"type": "write", "letter": "F", "clue": "F1SH"},
        {"type": "write", "letter": "F", "clue": 5},
        {"type": "write", "letter": "F", "clue": "F" * 41},
        {"type": "write", "letter": "S", "clue": "SHARK"},
        {"type": "guess_clue", "word": "fish"},
        {"type": "pick", "number": 1},
    ],
)
def test_malformed_or_out_of_phase_moves_by_the_writer_are_bad_moves(writing, move):
    assert refused(writing, 1, move) == "BAD_MOVE"


@pytest.mark.parametrize(
    "move",
    [
        {"type": "guess_clue", "word": 5},
        {"type": "guess_clue", "word": "x" * 41},
        {"type": "guess_clue", "word": "?!"},
        {"type": "guess_term", "word": "shark"},
    ],
)
def test_malformed_guesses_are_bad_moves(guessing, move):
    assert refused(guessing, 0, move) == "BAD_MOVE"


@pytest.mark.parametrize("number", [0, 6, "1", True, None, 1.0])
def test_a_pick_outside_one_to_five_is_a_bad_move(number):
    assert refused(new_game(), 0, {"type": "pick", "number": number}) == "BAD_MOVE"


@pytest.mark.parametrize("right", ["yes", 1, None])
def test_a_ruling_needs_true_or_false(ruling, right):
    assert refused(ruling, 1, {"type": "rule", "right": right}) == "BAD_MOVE"


def test_moves_after_the_game_are_refused_as_game_over():
    state = game_with_term("SHARK", seats=2)
    while ENGINE.outcome(state) is None:
        if state["phase"] == "pick":
            state = ENGINE.apply(state, state["round"]["guesser"], {"type": "pick", "number": 1}, CTX)
        state = spell_word(state, "FI", clue="FIN")
        state = ENGINE.apply(state, state["round"]["guesser"], guess("fin"), CTX)
        state = ENGINE.apply(state, state["round"]["guesser"], term(state["round"]["term"]), CTX)
    assert refused(state, 0, CROSS) == "GAME_OVER"
    assert ENGINE.not_acting_error(state, 1).code == "GAME_OVER"


@pytest.mark.parametrize(
    "seats, options",
    [
        (1, {"cards": make_cards()}),
        (7, {"cards": make_cards()}),
        (3, {}),
        (3, {"cards": make_cards(4)}),
        (3, {"cards": make_cards() + make_cards(1)}),
        (3, {"cards": [{"id": n, "sides": [["A"] * 5]} for n in range(5)]}),
        (3, {"cards": [{"id": n, "sides": [["A"] * 4, ["B"] * 5]} for n in range(5)]}),
        (3, {"cards": [{"id": n, "sides": [["A"] * 5, ["B", "", "C", "D", "E"]]} for n in range(5)]}),
        (3, {"cards": [{"id": str(n), "sides": [["A"] * 5, ["B"] * 5]} for n in range(5)]}),
        (3, {"cards": make_cards(), "language": ""}),
        (3, {"cards": make_cards(), "side": 2}),
        (3, {"cards": make_cards(), "first_guesser": 3}),
        (
            3,
            {
                "cards": [
                    {"id": n, "sides": [["A"] * 5, ["B"] * 5], "alternatives": {"A": "Z"}} for n in range(5)
                ]
            },
        ),
    ],
)
def test_setup_refuses_bad_options(seats, options):
    with pytest.raises(IllegalMove) as error:
        ENGINE.setup(seats, options, 1)
    assert error.value.code == "BAD_MOVE"
