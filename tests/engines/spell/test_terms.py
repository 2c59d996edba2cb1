"""Comparing guesses with words and terms: case, accents and a plural -s ignored."""

import pytest

from engines.spell.terms import extends, is_term, normalise, same_word


def test_normalising_drops_case_accents_and_punctuation():
    assert normalise(" Schildkröte ") == "schildkrote"
    assert normalise("Ice-Cream") == "icecream"
    assert normalise("Crème brûlée") == "cremebrulee"


@pytest.mark.parametrize("guess", ["TURTLE", "turtle", "Turtles", "TÜRTLE", "turtle "])
def test_the_term_is_named_regardless_of_case_accents_and_a_plural_s(guess):
    assert is_term(guess, "Turtle")


def test_a_singular_guess_names_a_plural_term():
    assert is_term("scissor", "scissors")


@pytest.mark.parametrize("guess", ["turtl", "turtless", "turtlex", "", "   "])
def test_other_words_do_not_name_the_term(guess):
    assert not is_term(guess, "turtle")


def test_alternatives_name_the_term_with_the_same_leniency():
    assert is_term("Tellys", "television", ["TV", "telly"])
    assert not is_term("radio", "television", ["TV", "telly"])


def test_a_clue_guess_must_be_the_same_word_without_the_plural_leniency():
    assert same_word("flösse", "FLOSSE")
    assert not same_word("fishs", "FISH")
    assert not same_word("", "FISH")


def test_a_board_extends_to_its_declared_word_ignoring_case_and_accents():
    assert extends("FLO", "Flöße")
    assert extends("", "FISH")
    assert not extends("FL", "FISH")
