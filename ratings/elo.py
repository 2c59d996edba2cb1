"""Elo ratings for finished games: pure maths, no Django.

Everyone starts at 1500.  K is 40 for a player's first 30 rated games and 20 afterwards.  A game
of N players is scored as N·(N−1)/2 pairwise matches decided by finishing order (a better rank wins,
an equal rank draws), and each player's change is the sum over their opponents scaled by 1/(N−1),
so a two-player game is plain Elo and a bigger table is worth about as much as one game.
"""

from __future__ import annotations

from collections.abc import Sequence

START = 1500.0
K_NEW = 40
K_SETTLED = 20
NEW_PLAYER_GAMES = 30


def k_factor(games_played: int) -> int:
    """K for a player who has ``games_played`` rated games before this one."""
    return K_NEW if games_played < NEW_PLAYER_GAMES else K_SETTLED


def expected(rating: float, opponent: float) -> float:
    """The expected score of ``rating`` against ``opponent`` (0..1)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def actual(rank: int, opponent_rank: int) -> float:
    """1 for a better (lower) finishing rank, ½ for a tie, 0 for a worse one."""
    if rank < opponent_rank:
        return 1.0
    if rank == opponent_rank:
        return 0.5
    return 0.0


def rating_changes(ratings: Sequence[float], games_played: Sequence[int], ranks: Sequence[int]) -> list[float]:
    """The change of each player's rating after one game (indexed like the inputs).

    ``ratings`` are the ratings before the game, ``games_played`` how many rated games each had
    before it, ``ranks`` the finishing ranks (1 is first, equal ranks tie).
    """
    n = len(ratings)
    if not n == len(games_played) == len(ranks):
        raise ValueError("ratings, games_played and ranks must have the same length")
    if n < 2:
        return [0.0] * n
    changes = []
    for i in range(n):
        total = sum(
            actual(ranks[i], ranks[j]) - expected(ratings[i], ratings[j]) for j in range(n) if j != i
        )
        changes.append(k_factor(games_played[i]) * total / (n - 1))
    return changes


def new_ratings(ratings: Sequence[float], games_played: Sequence[int], ranks: Sequence[int]) -> list[float]:
    return [r + d for r, d in zip(ratings, rating_changes(ratings, games_played, ranks), strict=True)]
