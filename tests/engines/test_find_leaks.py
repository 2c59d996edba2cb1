"""``find_leaks`` (the fast leak check behind ``leaks`` and self-play) finds exactly what ``contains_value`` finds."""

import random

from engines.base import contains_value, find_leaks

ATOMS = ["flame-E2", "wild-1", "abc", "abcd", "xabcdy", 'qu"ote', "naïve", "", 0, 1, 1.0, True, False, None, 2]


def random_tree(rng, depth=0):
    roll = rng.random()
    if depth > 3 or roll < 0.4:
        return rng.choice(ATOMS)
    if roll < 0.7:
        return [random_tree(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["a", "b", "c", "hand"]): random_tree(rng, depth + 1) for _ in range(rng.randrange(4))}


def test_find_leaks_agrees_with_contains_value_on_random_trees():
    rng = random.Random(5)
    for _ in range(3000):
        tree = random_tree(rng)
        secrets = [random_tree(rng) for _ in range(6)] + ["abcd", "bcd", ["abc"], {"a": 1}, 1, True]
        assert find_leaks(secrets, tree) == [s for s in secrets if contains_value(tree, s)], (tree, secrets)


def test_numbers_equal_across_types_are_still_found():
    assert find_leaks([1, [1], {"a": True}], {"x": [True, [1.0], {"a": 1}]}) == [1, [1], {"a": True}]


def test_a_string_inside_a_longer_string_is_found_but_a_short_one_only_whole():
    assert find_leaks(["hand", "and"], {"note": "secret hand: flame-E2"}) == ["hand"]
    assert find_leaks(["and"], ["and"]) == ["and"]


def test_a_tuple_and_a_list_secret_of_the_same_items_are_told_apart_like_equality_does():
    assert find_leaks([("a", "b"), ["a", "b"]], {"x": ["a", "b"]}) == [["a", "b"]]
