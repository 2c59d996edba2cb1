"""Elo maths against hand-computed values."""

import pytest

from ratings.elo import START, expected, k_factor, new_ratings, rating_changes


def test_equal_players_expect_half_and_the_winner_of_a_new_pair_gains_twenty():
    assert expected(START, START) == 0.5
    assert rating_changes([1500, 1500], [0, 0], [1, 2]) == [20.0, -20.0]


def test_k_is_forty_for_the_first_thirty_games_then_twenty():
    assert (k_factor(0), k_factor(29), k_factor(30), k_factor(500)) == (40, 40, 20, 20)
    assert rating_changes([1500, 1500], [30, 29], [1, 2]) == [10.0, -20.0]


def test_a_favourite_gains_little_by_the_textbook_formula():
    # 1700 v 1500: E = 1 / (1 + 10^(-200/400)) = 0.759746...
    assert expected(1700, 1500) == pytest.approx(0.7597469, abs=1e-7)
    up, down = rating_changes([1700, 1500], [40, 40], [1, 2])
    assert up == pytest.approx(20 * (1 - 0.7597469), abs=1e-6)  # +4.805
    assert down == pytest.approx(-up)


def test_a_draw_between_unequal_players_moves_them_together():
    up, down = rating_changes([1400, 1600], [0, 0], [1, 1])
    # E(1400 v 1600) = 0.240253; 40 * (0.5 - 0.240253) = 10.39
    assert up == pytest.approx(10.3899, abs=1e-4)
    assert down == pytest.approx(-10.3899, abs=1e-4)


def test_four_player_game_is_pairwise_and_scaled_by_one_third():
    # All 1500 and new: the winner beats three (3 x 0.5 above expectation) -> 40 * 1.5 / 3 = 20.
    assert rating_changes([1500] * 4, [0] * 4, [1, 2, 3, 4]) == pytest.approx([20, 20 / 3, -20 / 3, -20])


def test_shared_places_are_draws_between_them():
    # Ranks 1, 1, 3: the two winners draw each other and each beat the third.
    changes = rating_changes([1500] * 3, [0] * 3, [1, 1, 3])
    assert changes == pytest.approx([10, 10, -20])


def test_new_ratings_add_the_changes_and_the_total_is_conserved_when_k_is_equal():
    after = new_ratings([1610, 1480, 1530], [5, 5, 5], [2, 1, 3])
    assert sum(after) == pytest.approx(1610 + 1480 + 1530)


def test_lengths_must_match():
    with pytest.raises(ValueError):
        rating_changes([1500, 1500], [0], [1, 2])
