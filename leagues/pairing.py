"""Who plays whom in a league division: pure functions, no Django, no clock, no global random.

Two-player games use a round robin by the circle method (one player fixed, the others rotating), as
a double round robin on request with the second half's starts swapped.  Games for three or more
seats are played at *tables*: every round the division is split into tables whose sizes come from
``table_sizes``, and the split is chosen so that pairs who have met least sit together (a greedy
seeded local search, so that every pair meets as evenly as possible).  Cooperative games (Spell)
use the same tables; only their scoring differs (see ``standings``).

A game is a tuple of players in seat order; seat 0 starts.  Players are any hashable values.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Sequence

Player = Hashable
Game = tuple  # players in seat order, seat 0 starts
Round = list  # list[Game]


# ---------------------------------------------------------------------------
# Two players: the circle method
# ---------------------------------------------------------------------------
def round_robin(players: Sequence[Player], *, double: bool = False) -> list[Round]:
    """Rounds of pairings in which every player meets every other once (twice when ``double``).

    With an odd number of players one sits out each round.  Starts alternate: with an odd number
    strictly and equally; with an even number nobody starts three in a row or more than one game
    more than anyone else; in a double round robin the
    second half repeats the first with the starts swapped, so each pair starts once each.
    """
    players = list(players)
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    if len(players) < 2:
        return []
    bye = object()
    # With an odd number the bye is the fixed point of the circle, and every player's starts then
    # alternate strictly; with an even number some players start (or reply) twice in a row, never thrice.
    circle = [bye, *players] if len(players) % 2 else players
    n = len(circle)
    fixed, rotating = circle[0], circle[1:]
    rounds: list[Round] = []
    for r in range(n - 1):
        ring = [fixed, *rotating[r:], *rotating[:r]]
        games = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is bye or b is bye:
                continue
            # The fixed player alternates by round, the others by position on the circle.
            if i == 0:
                pair = (a, b) if r % 2 == 0 else (b, a)
            else:
                pair = (a, b) if i % 2 == 1 else (b, a)
            games.append(pair)
        rounds.append(games)
    if double:
        rounds += [[(b, a) for a, b in games] for games in rounds]
    return rounds


# ---------------------------------------------------------------------------
# Three or more seats: tables rotated so that pairs meet evenly
# ---------------------------------------------------------------------------
def table_sizes(n: int, sizes: Sequence[int], preferred: int) -> list[int] | None:
    """Split ``n`` players into tables whose sizes are in ``sizes``, using as many tables of the
    ``preferred`` size as possible; None when no split exists (e.g. 5 players, tables of 3–4)."""
    sizes = sorted(set(sizes))
    best: list[int] | None = None
    best_key = None
    # Few tables and small n: try every count of preferred tables and fill the rest greedily.
    for k in range(n // preferred, -1, -1):
        rest = n - k * preferred
        fill = _fill(rest, [s for s in sizes if s != preferred])
        if fill is None:
            continue
        split = sorted([preferred] * k + fill, reverse=True)
        key = (-k, len(split))
        if best_key is None or key < best_key:
            best, best_key = split, key
    return best


def _fill(rest: int, sizes: list[int]) -> list[int] | None:
    if rest == 0:
        return []
    for size in sorted(sizes, reverse=True):
        if size <= rest:
            tail = _fill(rest - size, sizes)
            if tail is not None:
                return [size, *tail]
    return None


def table_rounds(
    players: Sequence[Player], *, rounds: int, sizes: Sequence[int], preferred: int, seed: int = 0,
    attempts: int = 8,
) -> list[Round]:
    """``rounds`` rounds of tables in which everyone plays every round.

    Each round's split avoids pairs who have met before (a cost that grows steeply with how often
    they met, lowered by a seeded local search of swaps), and seats each table so that whoever has
    started least sits at seat 0.  Several seeded schedules are built and the most even kept: the
    smallest spread of pair meetings, then of starts.  Raises ValueError when the players cannot be
    split into tables.
    """
    players = list(players)
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    split = table_sizes(len(players), sizes, preferred)
    if split is None:
        raise ValueError(f"{len(players)} players cannot sit at tables of {sorted(set(sizes))}")
    best, best_key = None, None
    for attempt in range(attempts):
        rng = random.Random(f"tables:{seed}:{len(players)}:{rounds}:{attempt}")
        schedule = _polish(_schedule(players, split, rounds, rng))
        meetings = pair_counts(schedule)
        pairs = [meetings[frozenset(p)] for p in itertools.combinations(players, 2)]
        starts = starts_per_player(schedule)
        first = [starts[p] for p in players]
        key = (max(pairs) - min(pairs), max(first) - min(first), sum(c * c for c in pairs))
        if best_key is None or key < best_key:
            best, best_key = schedule, key
    return best


def _schedule(players, split, rounds, rng) -> list[Round]:
    met: Counter = Counter()
    starts: Counter = Counter()
    order = {p: i for i, p in enumerate(players)}
    result: list[Round] = []
    for number in range(rounds):
        tables = _best_split(players, split, met, rng)
        games = []
        for table in tables:
            seated = sorted(table, key=lambda p: (starts[p], rng.random()))
            # Rotate the rest so that the seat after the starter also varies between rounds.
            head, tail = seated[0], seated[1:]
            shift = number % len(tail) if tail else 0
            seated = [head, *tail[shift:], *tail[:shift]]
            starts[head] += 1
            for a, b in itertools.combinations(table, 2):
                met[_pair(a, b, order)] += 1
            games.append(tuple(seated))
        result.append(games)
    return result


def _weight(count: int) -> int:
    # Squares even the counts out; a pair that never meets costs extra, so that everyone meets
    # everyone before any pair meets a third time.
    return count * count + (8 if count == 0 else 0)


def _polish(schedule: list[Round]) -> list[Round]:
    """Swap players between tables of the same round while that evens out how often pairs meet
    over the whole schedule (lowers the sum of ``_weight`` of the meeting counts).  The
    round-by-round split cannot look ahead; this pass can.  Seat 0 of each table stays put."""
    counts = pair_counts(schedule)
    tables = [[list(game) for game in games] for games in schedule]

    def gain(table, leaving, joining):
        delta = 0
        for other in table:
            if other is leaving:
                continue
            old = counts[frozenset((leaving, other))]
            new = counts[frozenset((joining, other))]
            delta += _weight(old - 1) - _weight(old) + _weight(new + 1) - _weight(new)
        return delta

    improved = True
    while improved:
        improved = False
        for games in tables:
            for ta, tb in itertools.combinations(games, 2):
                for i, j in itertools.product(range(1, len(ta)), range(1, len(tb))):
                    x, y = ta[i], tb[j]
                    if gain(ta, x, y) + gain(tb, y, x) >= 0:
                        continue
                    for other in ta:
                        if other is not x:
                            counts[frozenset((x, other))] -= 1
                            counts[frozenset((y, other))] += 1
                    for other in tb:
                        if other is not y:
                            counts[frozenset((y, other))] -= 1
                            counts[frozenset((x, other))] += 1
                    ta[i], tb[j] = y, x
                    improved = True
    return [[tuple(game) for game in games] for games in tables]


def _pair(a, b, order):
    return (a, b) if order[a] < order[b] else (b, a)


def _cost(tables, met, order) -> int:
    # Steep: one pair meeting a third time costs more than several pairs meeting a second time.
    return sum(16 ** met[_pair(a, b, order)] for t in tables for a, b in itertools.combinations(t, 2))


def _best_split(players, split, met, rng, attempts: int = 4) -> list[list]:
    order = {p: i for i, p in enumerate(players)}
    best, best_cost = None, None
    for _ in range(attempts):
        shuffled = list(players)
        rng.shuffle(shuffled)
        tables, start = [], 0
        for size in split:
            tables.append(shuffled[start:start + size])
            start += size
        tables = _improve(tables, met, order)
        cost = _cost(tables, met, order)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
    return [sorted(t, key=order.__getitem__) for t in best]


def _improve(tables, met, order):
    """Swap players between tables while that lowers the cost (first improvement)."""
    improved = True
    cost = _cost(tables, met, order)
    while improved:
        improved = False
        for ti, tj in itertools.combinations(range(len(tables)), 2):
            for i, j in itertools.product(range(len(tables[ti])), range(len(tables[tj]))):
                tables[ti][i], tables[tj][j] = tables[tj][j], tables[ti][i]
                new = _cost(tables, met, order)
                if new < cost:
                    cost, improved = new, True
                else:
                    tables[ti][i], tables[tj][j] = tables[tj][j], tables[ti][i]
    return tables


def default_table_rounds(n: int, preferred: int, *, double: bool = False) -> int:
    """Rounds needed for everyone to be able to meet everyone once: ceil((n-1) / (preferred-1))."""
    rounds = -(-(n - 1) // max(1, preferred - 1))
    return rounds * (2 if double else 1)


# ---------------------------------------------------------------------------
# Counting helpers (used by tests and by the league page)
# ---------------------------------------------------------------------------
def pair_counts(rounds: Sequence[Round]) -> Counter:
    """How often each unordered pair sits in the same game."""
    counts: Counter = Counter()
    for games in rounds:
        for game in games:
            for a, b in itertools.combinations(game, 2):
                counts[frozenset((a, b))] += 1
    return counts


def games_per_player(rounds: Sequence[Round]) -> Counter:
    return Counter(p for games in rounds for game in games for p in game)


def starts_per_player(rounds: Sequence[Round]) -> Counter:
    return Counter(game[0] for games in rounds for game in games)
