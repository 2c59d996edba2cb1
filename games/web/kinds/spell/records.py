"""A Spell table's record: the best team total its players have reached together.

A table is a set of players; its record counts finished Spell games that those players, and nobody
else, finished by playing all five rounds (a game ended by a resignation sets no record).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache

from games.models import Game, GameStatus


@dataclass(frozen=True)
class TableRecord:
    best: int | None  # None until the table has finished a game
    games: int


# A finished game's page keeps its record this long: another game of the same table may end meanwhile.
FINISHED_RECORD_SECONDS = 600


def table_record(game: Game) -> TableRecord:
    """The record of ``game``'s table, computed once per move of the game (every viewer's render of
    that version shares it through the cache)."""
    # The creation time too: a database rebuilt from scratch reuses game ids.
    key = f"spell-table-record:{game.pk}:{game.created_at.timestamp()}:{game.version}"
    timeout = FINISHED_RECORD_SECONDS if game.status != GameStatus.ACTIVE else 7 * 24 * 3600
    return cache.get_or_set(key, lambda: table_record_computed(game), timeout)


def table_record_computed(game: Game) -> TableRecord:
    """The record of ``game``'s table, over its finished games (``game`` itself included once over)."""
    users = [s.user_id for s in game.seats.all()]
    if not users or None in users:
        return TableRecord(best=None, games=0)
    games = Game.objects.filter(kind="spell", status=GameStatus.FINISHED, seats_count=len(users))
    for user_id in users:
        games = games.filter(seats__user_id=user_id)
    totals = [
        result["team_score"]
        for result in games.values_list("result", flat=True)
        if isinstance(result, dict) and isinstance(result.get("team_score"), int)
    ]
    return TableRecord(best=max(totals) if totals else None, games=len(totals))
