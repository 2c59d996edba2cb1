"""The Turnspell tile set is the standard English Scrabble set."""

from __future__ import annotations

from collections import Counter

from engines.turnspell.tiles import VALUES, back_to_bag, full_bag, return_penalty, value_on_board


def test_the_bag_holds_98_letters_and_2_blanks_worth_187_points():
    bag = full_bag()
    assert len(bag) == 100 and Counter(bag)["?"] == 2 and Counter(bag)["E"] == 12
    assert sum(VALUES[t] for t in bag) == 187


def test_the_rulebooks_example_words_have_the_rulebooks_values():
    assert sum(VALUES[c] for c in "HELP") == 9
    assert sum(VALUES[c] for c in "HORN") == 7


def test_a_placed_blank_is_worth_nothing_costs_five_to_return_and_goes_back_blank():
    assert value_on_board("q") == 0 and return_penalty("q") == 5 and back_to_bag("q") == "?"
    assert return_penalty("K") == 10 and return_penalty("D") == 5
