"""Placing players into divisions: returning players with promotion and relegation, newcomers by rating."""

from leagues.placement import Returning, division_count, division_sizes, place, placement_order


def test_division_sizes_stay_within_bounds_and_even():
    assert division_sizes(24, 6, 12) == [12, 12]
    assert division_sizes(25, 6, 12) == [8, 8, 9]
    assert division_sizes(13, 8, 12) == [13]  # two divisions would be under the smallest
    assert division_count(0, 6, 12) == 0
    for n in range(6, 200):
        sizes = division_sizes(n, 6, 12)
        assert sum(sizes) == n and all(6 <= s <= 12 for s in sizes)


def test_promotion_and_relegation_swap_places_and_newcomers_go_to_the_bottom_strongest_first():
    returning = [
        Returning("top1", level=1, position=1, movement=0),
        Returning("top4", level=1, position=4, movement=1),  # relegated
        Returning("low1", level=2, position=1, movement=-1),  # promoted
        Returning("low2", level=2, position=2, movement=0),
    ]
    order = placement_order(returning, [("weak", 1400.0), ("strong", 1700.0)])
    assert order == ["top1", "low1", "top4", "low2", "strong", "weak"]
    assert place(order, 3, 5) == [["top1", "low1", "top4"], ["low2", "strong", "weak"]]
