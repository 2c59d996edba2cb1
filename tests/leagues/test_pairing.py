"""Round robin and table rotation: every pair meets the expected number of times, everyone plays the
same number of games, and starts alternate."""

import itertools

import pytest

from leagues.pairing import (
    default_table_rounds,
    games_per_player,
    pair_counts,
    round_robin,
    starts_per_player,
    table_rounds,
    table_sizes,
)


@pytest.mark.parametrize("n", range(2, 15))
def test_round_robin_every_pair_meets_once_and_nobody_plays_twice_a_round(n):
    rounds = round_robin(range(n))
    assert len(rounds) == (n if n % 2 else n - 1)
    counts = pair_counts(rounds)
    assert len(counts) == n * (n - 1) // 2 and set(counts.values()) == {1}
    assert set(games_per_player(rounds).values()) == {n - 1}
    for games in rounds:
        seated = [p for game in games for p in game]
        assert len(seated) == len(set(seated))


@pytest.mark.parametrize("n", range(3, 15, 2))
def test_odd_round_robin_starts_alternate_strictly(n):
    rounds = round_robin(range(n))
    starts = starts_per_player(rounds)
    assert set(starts.values()) == {(n - 1) // 2}
    for player in range(n):
        sequence = [game[0] == player for games in rounds for game in games if player in game]
        assert all(a != b for a, b in itertools.pairwise(sequence))


@pytest.mark.parametrize("n", range(2, 15, 2))
def test_even_round_robin_starts_differ_by_at_most_one_and_never_three_in_a_row(n):
    rounds = round_robin(range(n))
    starts = starts_per_player(rounds)
    assert max(starts[p] for p in range(n)) - min(starts[p] for p in range(n)) <= 1
    for player in range(n):
        sequence = [game[0] == player for games in rounds for game in games if player in game]
        assert all(not (a == b == c) for a, b, c in zip(sequence, sequence[1:], sequence[2:], strict=False))


@pytest.mark.parametrize("n", [4, 7, 12])
def test_double_round_robin_each_pair_meets_twice_with_each_starting_once(n):
    rounds = round_robin(range(n), double=True)
    assert set(pair_counts(rounds).values()) == {2}
    starters = {}
    for games in rounds:
        for a, b in games:
            starters.setdefault(frozenset((a, b)), []).append(a)
    assert all(sorted(s) == sorted(pair) for pair, s in starters.items())
    assert set(starts_per_player(rounds).values()) == {n - 1}


def test_round_robin_refuses_duplicates_and_is_empty_for_one_player():
    with pytest.raises(ValueError):
        round_robin(["a", "a"])
    assert round_robin(["a"]) == []


def test_table_sizes_prefer_the_chosen_size_and_say_when_no_split_exists():
    assert table_sizes(12, [3, 4], 4) == [4, 4, 4]
    assert table_sizes(10, [3, 4], 4) == [4, 3, 3]
    assert table_sizes(12, [3, 4], 3) == [3, 3, 3, 3]
    assert table_sizes(5, [3, 4], 4) is None
    assert table_sizes(5, [3, 4, 5], 4) == [5]


def test_nine_players_at_tables_of_three_meet_every_other_player_exactly_once_in_four_rounds():
    rounds = table_rounds(range(9), rounds=4, sizes=[3], preferred=3, seed=1)
    counts = pair_counts(rounds)
    assert len(counts) == 36 and set(counts.values()) == {1}


@pytest.mark.parametrize(("n", "preferred"), [(8, 4), (9, 4), (10, 4), (12, 4), (12, 3), (13, 4)])
def test_tables_rotate_so_everyone_plays_every_round_and_pairs_meet_evenly(n, preferred):
    rounds_count = default_table_rounds(n, preferred) * 2
    rounds = table_rounds(range(n), rounds=rounds_count, sizes=[3, 4], preferred=preferred, seed=7)
    assert set(games_per_player(rounds).values()) == {rounds_count}
    for games in rounds:
        seated = [p for game in games for p in game]
        assert sorted(seated) == list(range(n))
    counts = pair_counts(rounds)
    meetings = [counts[frozenset(p)] for p in itertools.combinations(range(n), 2)]
    assert min(meetings) >= 1  # everyone meets everyone
    assert max(meetings) - min(meetings) <= 2
    starts = starts_per_player(rounds)
    assert max(starts[p] for p in range(n)) - min(starts[p] for p in range(n)) <= 1


def test_tables_are_reproducible_from_the_seed():
    first = table_rounds(range(10), rounds=3, sizes=[3, 4], preferred=4, seed=3)
    assert first == table_rounds(range(10), rounds=3, sizes=[3, 4], preferred=4, seed=3)


def test_tables_refuse_a_division_that_cannot_be_split():
    with pytest.raises(ValueError):
        table_rounds(range(5), rounds=2, sizes=[3, 4], preferred=4)
