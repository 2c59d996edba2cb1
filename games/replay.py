"""Rebuilds a game's state from its seed and move log, the way scalachess's ``Replay`` does.

Used by ``manage.py verify_games``, ``manage.py selfplay`` and the nightly verification task: a
stored state that differs from its replay means a bug (or tampering) and is reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import orjson
from django.db.models import TextField
from django.db.models.functions import Cast

from .context import context_for
from .engines import registry
from .engines.base import IllegalMove
from .models import NON_ENGINE_SOURCES, Game, GameStatus, Move


@dataclass
class ReplayReport:
    game_id: int
    ok: bool
    problem: str = ""


class LoggedMove(NamedTuple):
    """What a replay reads of a Move row; ``logs_of`` reads many games' logs as these, not as models."""

    seat: int
    source: str
    payload: Mapping[str, Any]


def logs_of(game_ids: Iterable[int]) -> dict[int, list[LoggedMove]]:
    """The move logs of ``game_ids``, each in order, in one query.

    Tuples rather than models, and the payload decoded by orjson from its text: building a model and
    decoding its two JSON fields with the standard library was a quarter of ``verify_games``'s time.
    """
    logs: dict[int, list[LoggedMove]] = {game_id: [] for game_id in game_ids}
    rows = (Move.objects.filter(game_id__in=list(logs)).order_by("game_id", "seq")
            .values_list("game_id", "seat", "source", Cast("payload", TextField())))
    for game_id, seat, source, payload in rows:
        logs[game_id].append(LoggedMove(seat, source, orjson.loads(payload)))
    return logs


def replay_state(game: Game, moves: Iterable[Move | LoggedMove]) -> dict:
    """The state reached by applying every engine move of the log to the game's initial state."""
    engine = registry.get(game.kind)
    ctx = context_for(game)
    state = engine.setup(game.seats_count, game.options, game.seed)
    for move in moves:
        if move.source in NON_ENGINE_SOURCES:
            continue
        state = engine.apply(state, move.seat, move.payload, ctx)
    return state


def verify_game(game: Game, moves: list[Move | LoggedMove] | None = None) -> ReplayReport:
    """``moves``: the game's log in order, when the caller fetched the logs of many games at once."""
    if game.status == GameStatus.OPEN or game.state is None:
        return ReplayReport(game.pk, True)
    if moves is None:
        moves = list(Move.objects.filter(game=game).order_by("seq"))
    try:
        state = replay_state(game, moves)
    except IllegalMove as exc:
        return ReplayReport(game.pk, False, f"move refused on replay: {exc.code}: {exc.message}")
    except KeyError:
        return ReplayReport(game.pk, False, f"unknown game kind {game.kind!r}")
    if state != game.state:
        return ReplayReport(game.pk, False, "stored state differs from the replay of its move log")
    expected_version = 1 + len(moves)
    if game.version != expected_version:
        return ReplayReport(game.pk, False, f"version {game.version} but {len(moves)} moves logged")
    return ReplayReport(game.pk, True)
