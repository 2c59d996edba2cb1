"""The Finisher: every way a game ends goes through ``finish`` (lila's ``Finisher``).

Last move, resignation, forfeit, abort, adjudication and annulment all end here, so they agree: a
decision that is not itself an engine move is logged as a Move row (``verify_games`` replays the log
and skips these rows), every seat's deadline and alert are cleared, the status and result are set,
and one event is published on commit — ``GameFinished`` for a result, ``GameVoided`` for none.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engines.base import Engine, Outcome, ranks_from_scores
from games.events import GameFinished, GameVoided
from games.models import Game, GameStatus, Move, Seat
from games.services.base import announce

GAME_FIELDS = ["state", "version", "turn_id", "turn_version", "status", "finished_at", "result"]
# ``bank_used``: the last move, late, may have drawn on the bank before it ended the game.
SEAT_FIELDS = ["score", "rank", "to_act", "deadline", "alert_at", "bank_used", "consecutive_timeouts"]


def result_of(outcome: Outcome, engine: Engine, seats: list[Seat]) -> dict[str, Any]:
    """The result of the engine's ``outcome``: seats that resigned or forfeited rank below everyone who
    played on, except in a cooperative game, whose seats share one result."""
    result = outcome.to_json()
    if not engine.cooperative and any(s.resigned for s in seats):
        result["ranks"] = list(ranks_resigned_last(outcome.ranks, seats))
    return result


def result_on_scores(engine: Engine, state: dict, seats: list[Seat], reason: str) -> dict[str, Any]:
    """A result from the current scores (resignation, adjudication): the highest score ranks first,
    equal scores share; seats that resigned rank below everyone who played on; a cooperative game's
    seats share the team's score."""
    scores = list(engine.scores(state))
    if engine.cooperative:
        # A cooperative engine gives every seat the team's total.
        return {"scores": scores, "ranks": [1] * len(seats), "reason": reason, "team_score": max(scores, default=0)}
    ranks = ranks_resigned_last(ranks_from_scores(scores), seats)
    return {"scores": scores, "ranks": list(ranks), "reason": reason, "team_score": None}


def ranks_resigned_last(ranks, seats: list[Seat]) -> tuple[int, ...]:
    """Seats that resigned or forfeited rank below everyone who played on, whatever their score; the
    given order holds within each group."""
    resigned = {s.index for s in seats if s.resigned}
    keyed = [(index not in resigned, -rank) for index, rank in enumerate(ranks)]
    return tuple(1 + sum(1 for other in keyed if other > mine) for mine in keyed)


def finish(
    *,
    game: Game,
    seats: list[Seat],
    now: datetime,
    result: dict | None,
    status: str = GameStatus.FINISHED,
    log: dict | None = None,
    source: str = "",
    seat_index: int = 0,
    by=None,
) -> None:
    """End ``game`` (locked by the caller) with ``result`` (None: no result) and ``status``.

    ``log``: the payload of the Move row recording a decision that is not an engine move, with its
    ``source`` ("resign", "abort", "adjudicate", "annul"); None when the last engine move, already
    logged, ended the game."""
    was_finished = game.status == GameStatus.FINISHED
    if log is not None:
        game.version += 1
        Move.objects.create(
            game=game, seq=game.version, seat=seat_index, user=by, payload=log, source=source,
            idempotency_key=f"{source}:{game.version}", request_hash="",
        )
    game.status = status
    game.finished_at = game.finished_at or now
    if result is not None or status != GameStatus.ANNULLED:
        game.result = result
    for seat in seats:
        seat.to_act = False
        seat.deadline = None
        seat.alert_at = None
        if result is not None:
            seat.score = result["scores"][seat.index]
            seat.rank = result["ranks"][seat.index]
    Seat.objects.bulk_update(seats, SEAT_FIELDS)
    game.save(update_fields=GAME_FIELDS)
    event: GameFinished | GameVoided
    if status == GameStatus.FINISHED:
        event = GameFinished(game_id=game.pk, reason=(result or {}).get("reason", ""))
    else:
        event = GameVoided(game_id=game.pk, reason=source or status, was_finished=was_finished)
    announce(game, seats, event)
