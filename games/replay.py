"""Rebuilds a game's state from its seed and move log, the way scalachess's ``Replay`` does.

Used by ``manage.py verify_games``, ``manage.py selfplay`` and the nightly verification task: a
stored state that differs from its replay means a bug (or tampering) and is reported.  The time bank
is replayed too: what each seat has used of it must be the sum of what its logged moves drew, and never
more than the game's bank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, NamedTuple

from django.db.models import TextField
from django.db.models.functions import Cast

from core import fastjson
from engines import registry
from engines.base import IllegalMove
from games.context import context_for
from games.models import NON_ENGINE_SOURCES, Game, GameStatus, Move, Seat


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
    bank_drawn: timedelta | None = None


def logs_of(game_ids: Iterable[int]) -> dict[int, list[LoggedMove]]:
    """The move logs of ``game_ids``, each in order, in one query.

    Tuples rather than models, and the payload decoded from its text by ``core.fastjson`` (orjson, exactly
    as the standard library reads it): building a model and decoding its two JSON fields costs far more.
    """
    logs: dict[int, list[LoggedMove]] = {game_id: [] for game_id in game_ids}
    rows = (Move.objects.filter(game_id__in=list(logs)).order_by("game_id", "seq")
            .values_list("game_id", "seat", "source", Cast("payload", TextField()), "bank_drawn"))
    for game_id, seat, source, payload, bank_drawn in rows:
        logs[game_id].append(LoggedMove(seat, source, fastjson.loads(payload), bank_drawn))
    return logs


def banks_used_of(games: Iterable[Game]) -> dict[int, dict[int, timedelta]]:
    """What each seat of ``games`` has used of its time bank, by game and seat index: one query, for the
    games that have a bank only (the others' logs must simply draw nothing)."""
    banks: dict[int, dict[int, timedelta]] = {}
    with_bank = [g.pk for g in games if g.time_bank_days]
    if with_bank:
        for game_id, index, used in Seat.objects.filter(game_id__in=with_bank).values_list(
                "game_id", "index", "bank_used"):
            banks.setdefault(game_id, {})[index] = used
    return banks


def bank_problem(game: Game, moves: Iterable[Move | LoggedMove], used: Mapping[int, timedelta]) -> str:
    """Why the seats' ``used`` banks disagree with what the logged moves drew ("" when they agree)."""
    drawn: dict[int, timedelta] = {}
    for move in moves:
        if move.bank_drawn:
            drawn[move.seat] = drawn.get(move.seat, timedelta(0)) + move.bank_drawn
    bank = timedelta(days=game.time_bank_days)
    for index in sorted(set(drawn) | set(used)):
        logged, stored = drawn.get(index, timedelta(0)), used.get(index, timedelta(0))
        if logged > bank:
            return f"seat {index} drew {logged} from a time bank of {bank}"
        if logged != stored:
            return f"seat {index} drew {logged} from its time bank in the log but has used {stored}"
    return ""


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


def verify_game(game: Game, moves: list[Move | LoggedMove] | None = None,
                banks_used: Mapping[int, timedelta] | None = None) -> ReplayReport:
    """``moves``: the game's log in order, and ``banks_used``: what each seat used of its time bank
    (``banks_used_of``), when the caller fetched them for many games at once."""
    if game.status == GameStatus.OPEN or game.state is None:
        return ReplayReport(game.pk, True)
    if moves is None:
        moves = list(Move.objects.filter(game=game).order_by("seq"))
    if banks_used is None:
        banks_used = banks_used_of([game]).get(game.pk, {})
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
    problem = bank_problem(game, moves, banks_used)
    if problem:
        return ReplayReport(game.pk, False, problem)
    return ReplayReport(game.pk, True)
