"""A division's table from its finished games: pure functions, no Django.

Points: every game is scored as pairwise matches between the players at the table — 2 for each
opponent finished above, 1 for each tie, 0 below.  A two-player game is thus 2 for a win, 1 for a
draw; a four-player game gives 6, 4, 2 and 0 by finishing place.  Won / drawn / lost count games
finished first alone / first shared / otherwise.  Score difference is the sum over opponents of
own score minus theirs.

Order: points, then head-to-head (the same pairwise points counted only between the players tied
on points), then score difference, then rating, then the order the players were given in.

Cooperative games (Spell) have no winner: a player's points are the sum of their tables' team
scores, ordered by points then rating.

Zones: the first ``promote`` rows go up and the last ``relegate`` go down; the caller passes 0 for
the top division's promotion and the bottom division's relegation.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

PROMOTION = "promotion"
RELEGATION = "relegation"


@dataclass(frozen=True)
class Result:
    """One finished game: players in seat order with their scores and finishing ranks."""

    players: tuple
    scores: tuple
    ranks: tuple
    team_score: int | None = None


@dataclass
class Row:
    player: Hashable
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    score_for: int = 0
    score_against: int = 0
    rating: float = 0.0
    head_to_head: int = 0
    position: int = 0
    zone: str | None = None

    @property
    def difference(self) -> int:
        return self.score_for - self.score_against


def pairwise_points(rank: int, other_rank: int) -> int:
    return 2 if rank < other_rank else 1 if rank == other_rank else 0


def standings(
    players: Sequence[Hashable],
    results: Iterable[Result],
    *,
    ratings: Mapping[Hashable, float] | None = None,
    promote: int = 0,
    relegate: int = 0,
    cooperative: bool = False,
) -> list[Row]:
    """The table, best first, with positions and zones.  Results may involve players not in
    ``players`` (someone moved or removed): their games still count for the listed players."""
    ratings = ratings or {}
    rows = {p: Row(player=p, rating=float(ratings.get(p, 0.0))) for p in players}
    results = list(results)
    for result in results:
        _count(rows, result, cooperative)
    order = {p: i for i, p in enumerate(players)}
    if cooperative:
        table = sorted(rows.values(), key=lambda r: (-r.points, -r.rating, order[r.player]))
    else:
        _head_to_head(rows, results)
        table = sorted(
            rows.values(), key=lambda r: (-r.points, -r.head_to_head, -r.difference, -r.rating, order[r.player])
        )
    n = len(table)
    promote = max(0, min(promote, n))
    relegate = max(0, min(relegate, n - promote))
    for position, row in enumerate(table, start=1):
        row.position = position
        row.zone = PROMOTION if position <= promote else RELEGATION if position > n - relegate else None
    return table


def _count(rows: dict, result: Result, cooperative: bool) -> None:
    seats = range(len(result.players))
    for i in seats:
        row = rows.get(result.players[i])
        if row is None:
            continue
        row.played += 1
        if cooperative:
            row.points += result.team_score or 0
            row.score_for += result.team_score or 0
            continue
        rank = result.ranks[i]
        best = min(result.ranks)
        if rank == best and list(result.ranks).count(best) == 1:
            row.won += 1
        elif rank == best:
            row.drawn += 1
        else:
            row.lost += 1
        for j in seats:
            if j != i:
                row.points += pairwise_points(rank, result.ranks[j])
                row.score_for += result.scores[i]
                row.score_against += result.scores[j]


def _head_to_head(rows: dict, results: list[Result]) -> None:
    """Pairwise points counted only between players level on points."""
    tied = defaultdict(set)
    for row in rows.values():
        tied[row.points].add(row.player)
    for result in results:
        for i, j in itertools.permutations(range(len(result.players)), 2):
            a, b = result.players[i], result.players[j]
            if a in rows and b in rows and b in tied[rows[a].points] and len(tied[rows[a].points]) > 1:
                rows[a].head_to_head += pairwise_points(result.ranks[i], result.ranks[j])
