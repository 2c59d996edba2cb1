"""Ending a game other than by its last move: resignation, forfeit, abort, adjudication, annulment.

Each one ends through the Finisher (``finisher.finish``).  A player who resigns — or whom the clock
or a moderator forfeits — before every seat has made a move of its own aborts the game instead: no
result, no rating change, no league result.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import store
from games.access import access_seat_for_user
from games.errors import GAME_NOT_ACTIVE, MSG_NOT_ACTIVE, GameError
from games.models import Game, GameStatus, Move, Seat
from games.services import finisher
from games.services.base import announce, announce_seeks, engine_for, request_hash
from games.services.base import auto_move as bot_auto_move
from games.services.moves import apply_move

ENDED = (GameStatus.FINISHED, GameStatus.ABORTED, GameStatus.ANNULLED)


def game_resign(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Resign.  In a two-seat or cooperative game the game ends (the resigning seat ranks last, or the
    team's game is over with the team's score); with more seats the resigning seat ranks last and is
    auto-played by its timeout move so the others can finish."""
    now = now or timezone.now()
    with transaction.atomic():
        game = store.lock(game_id)
        seat = access_seat_for_user(game, user)
        if game.status != GameStatus.ACTIVE:
            raise GameError(GAME_NOT_ACTIVE, MSG_NOT_ACTIVE)
        if seat.resigned:
            raise GameError(GAME_NOT_ACTIVE, "You have already resigned this game.")
        _resign_seat(game=game, seat=seat, user=user, reason="resignation", now=now)
    return game


def game_forfeit(
    *, game_id: int, seat_index: int, reason: str = "timeout", awarded: bool = False, now: datetime | None = None
) -> bool:
    """The system resigns a seat on its player's behalf (repeated timeouts, a suspension), through the
    resignation path.  ``awarded``: a league organiser's decision, which is a result even before every
    seat has moved.  Returns False (and writes nothing) when the game is over or the seat already out."""
    now = now or timezone.now()
    with transaction.atomic():
        game = store.lock(game_id)
        seat = next((s for s in game.seats.all() if s.index == seat_index), None)
        if game.status != GameStatus.ACTIVE or seat is None or seat.resigned:
            return False
        _resign_seat(game=game, seat=seat, user=None, reason=reason, now=now, early_abort=not awarded)
    return True


def _every_seat_has_moved(game: Game) -> bool:
    moved = Move.objects.filter(game=game, source="player").values_list("seat", flat=True).distinct()
    return len(set(moved)) == game.seats_count


def _resign_seat(*, game: Game, seat: Seat, user, reason: str, now: datetime, early_abort: bool = True) -> None:
    seats = list(game.seats.all())
    if early_abort and not _every_seat_has_moved(game):
        finisher.finish(
            game=game, seats=seats, now=now, result=None, status=GameStatus.ABORTED, source="abort",
            log={"type": "abort", "reason": reason, "seat": seat.index}, seat_index=seat.index, by=user,
        )
        return
    engine = engine_for(game.kind)
    seat.resigned = True
    Seat.objects.filter(pk=seat.pk).update(resigned=True)
    payload = {"type": "resign"} if reason == "resignation" else {"type": "resign", "reason": reason}
    active_left = [s for s in seats if not s.resigned]
    if len(seats) == 2 or engine.cooperative or len(active_left) <= 1:
        result = finisher.result_on_scores(engine, game.started_state, seats, reason)
        finisher.finish(
            game=game, seats=seats, now=now, result=result,
            log=payload, source="resign", seat_index=seat.index, by=user,
        )
        return
    # Three or more seats: the game goes on, this seat played by the Club bot or its timeout move.
    game.version += 1
    Move.objects.create(
        game=game, seq=game.version, seat=seat.index, user=user, payload=payload, source="resign",
        idempotency_key=f"resign:{seat.index}", request_hash="",
    )
    game.save(update_fields=["version"])
    if seat.index in engine.to_act(game.started_state):
        auto = bot_auto_move(game, engine, seat.index)
        apply_move(
            game=game, engine=engine, seat_index=seat.index, move=auto, user=None, source="auto",
            idempotency_key=f"auto:{game.version + 1}:{seat.index}", hashed=request_hash(auto, None), now=now,
        )
    else:
        announce(game, seats)


def game_abort(*, game_id: int, reason: str, now: datetime | None = None) -> bool:
    """End a game, or withdraw a seek, without a result (a league moving a player cancels their
    unplayed games).  Returns False (and writes nothing) when it already ended."""
    now = now or timezone.now()
    with transaction.atomic():
        game = store.lock(game_id)
        if game.status in ENDED:
            return False
        if game.status == GameStatus.OPEN:  # a seek withdrawn (or its creator suspended): gone from the lobby
            announce_seeks(game.pk)
        finisher.finish(
            game=game, seats=list(game.seats.all()), now=now, result=None, status=GameStatus.ABORTED,
            log={"type": "abort", "reason": reason}, source="abort",
        )
    return True


def game_adjudicate(*, game_id: int, reason: str = "adjudicated", now: datetime | None = None) -> bool:
    """End an unfinished game on its current scores (a league season's end): the highest score wins,
    equal scores share the place; a cooperative game ends with the team's score.  Returns False (and
    writes nothing) when the game is not in progress."""
    now = now or timezone.now()
    with transaction.atomic():
        game = store.lock(game_id)
        if game.status != GameStatus.ACTIVE:
            return False
        seats = list(game.seats.all())
        result = finisher.result_on_scores(engine_for(game.kind), game.started_state, seats, reason)
        finisher.finish(
            game=game, seats=seats, now=now, result=result, log={"type": "adjudicate", "reason": reason},
            source="adjudicate",
        )
    return True


def game_annul(*, game_id: int, reason: str, by=None, now: datetime | None = None) -> bool:
    """Void a game in progress or finished (a moderator's decision): no result counts any more — its
    rating changes are undone and it leaves league standings (by the handlers of ``GameVoided``).
    Returns False (and writes nothing) when it was neither in progress nor finished."""
    now = now or timezone.now()
    with transaction.atomic():
        game = store.lock(game_id)
        if game.status not in (GameStatus.ACTIVE, GameStatus.FINISHED):
            return False
        finisher.finish(
            game=game, seats=list(game.seats.all()), now=now, result=None, status=GameStatus.ANNULLED,
            log={"type": "annul", "reason": reason}, source="annul", by=by,
        )
    return True
