"""The move path: a player's move, a system move (timeout, auto-played seat), and recording an
applied move with its seats and deadlines.

Checks run in a fixed order under the game-row lock: the game exists → it is the user's game → the
game is in progress → the seat is to act → the version is not stale → the engine accepts the move →
its idempotency key is new (the move row's insert meets the unique constraint).  A refusal writes
nothing.  A retried request (same key and body) that any check after the second refuses gets its first
answer instead: the ``seq``, ``version`` and ``status`` stored with the move and the seat's view as it
is now.  Only refused moves pay for looking the key up.  A move that ends the game goes on to the
Finisher.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.bulk import rows_update
from engines.base import Engine, IllegalMove
from games import broadcast, store
from games.access import access_seat_for_user
from games.clock import BOT_WAKE_DELAY, NOTICE_DELAY, Clock
from games.context import context_for
from games.errors import (
    BAD_REQUEST,
    GAME_NOT_ACTIVE,
    IDEMPOTENCY_KEY_REUSED,
    MSG_KEY_REUSED,
    MSG_NOT_ACTIVE,
    MSG_STALE,
    NOT_FOUND,
    NOT_YOUR_GAME,
    STALE_VERSION,
    GameError,
)
from games.models import Game, GameStatus, Move, Seat
from games.policies import refuse_unless_may_play
from games.services import finisher
from games.services.base import announce, engine_for, request_hash
from games.services.base import auto_move as bot_auto_move
from games.services.vacations import vacation_settle_on_move
from games.store import SEAT_FIELDS

# Safety net for auto-played seats (resigned players in multi-seat games): never loop forever.
MAX_AUTO_MOVES = 1000
# A retried request gets these back as stored with the move, and the seat's current view.
ANSWER_STORED = ("seq", "version", "status")

def game_submit_move(
    *,
    game_id: int,
    user,
    move: Any,
    version: int | None,
    idempotency_key: str,
    now: datetime | None = None,
) -> dict:
    """Apply ``user``'s move to the game, or refuse it and write nothing (see the module docstring)."""
    move_request_check(version=version, idempotency_key=idempotency_key)
    refuse_unless_may_play([user])
    hashed = request_hash(move, version)
    try:
        with transaction.atomic():
            game = store.lock(game_id)
            seat = access_seat_for_user(game, user)
            try:
                if game.status != GameStatus.ACTIVE:
                    raise GameError(GAME_NOT_ACTIVE, MSG_NOT_ACTIVE)
                engine = engine_for(game.kind)
                if seat.index not in engine.to_act(game.started_state):
                    raise GameError.from_illegal(engine.not_acting_error(game.started_state, seat.index))
                if version is not None and not (game.turn_version <= version <= game.version):
                    raise GameError(STALE_VERSION, MSG_STALE, 409, version=game.version)
                return apply_move(
                    game=game, engine=engine, seat_index=seat.index, move=move, user=user, source="player",
                    idempotency_key=idempotency_key, hashed=hashed, now=now,
                )
            except IllegalMove as exc:
                raise GameError.from_illegal(exc) from None
    except GameError as refusal:
        # The key is looked up only when a move is refused (a retry after the game moved on finds its
        # first answer); who may not see the game is refused before that.
        if refusal.code in (NOT_FOUND, NOT_YOUR_GAME):
            raise
        retried = _retried_answer(game_id=game_id, user=user, idempotency_key=idempotency_key, hashed=hashed)
        if retried is None:
            raise
        return retried
    except IntegrityError:
        # The key was used already: the insert found it (the unique constraint), the transaction is
        # rolled back, and the retry gets its answer if it is the same request.
        retried = _retried_answer(game_id=game_id, user=user, idempotency_key=idempotency_key, hashed=hashed)
        if retried is None:
            raise
        return retried


def move_request_check(*, version: Any, idempotency_key: Any) -> None:
    """The rules of a move request's fields besides the move (the engine checks that), for every way a
    move arrives: ``idempotency_key`` a string of 1 to 128 characters without NUL, ``version`` an
    integer or None.  Refused with ``BAD_REQUEST``."""
    if not isinstance(idempotency_key, str) or not 1 <= len(idempotency_key) <= 128 or "\x00" in idempotency_key:
        raise GameError(BAD_REQUEST, "idempotency_key must be a string of 1 to 128 characters.")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise GameError(BAD_REQUEST, "version must be an integer.")


def _retried_answer(*, game_id: int, user, idempotency_key: str, hashed: str) -> dict | None:
    """The answer to a retried request: the first answer's ``seq``, ``version`` and ``status`` as stored
    with the move, and the seat's view of the game as it is now (a view is not stored: it is most of a
    move row).  None when the key is unused; ``IDEMPOTENCY_KEY_REUSED`` when it was used for another
    request."""
    earlier = (Move.objects.filter(game_id=game_id, idempotency_key=idempotency_key)
               .only("seat", "user_id", "request_hash", "response").first())
    if earlier is None:
        return None
    if earlier.request_hash != hashed or earlier.user_id != getattr(user, "pk", None):
        raise GameError(IDEMPOTENCY_KEY_REUSED, MSG_KEY_REUSED, 409)
    game = Game.objects.only("kind", "state").get(pk=game_id)
    stored = {key: earlier.response[key] for key in ANSWER_STORED if key in earlier.response}
    return {**stored, "view": engine_for(game.kind).view(game.started_state, earlier.seat)}


def game_submit_system_move(
    *, game_id: int, seat_index: int, move: dict, source: str, idempotency_key: str, now=None
) -> dict | None:
    """Submit a move on behalf of a seat (a timeout, an auto-played seat) through the same path.

    A deterministic ``idempotency_key`` makes a repeated sweep apply nothing twice; returns None
    when the key was used already or the seat is no longer to act.
    """
    with transaction.atomic():
        game = store.lock(game_id)
        if Move.objects.filter(game=game, idempotency_key=idempotency_key).exists():
            return None
        if game.status != GameStatus.ACTIVE:
            return None
        engine = engine_for(game.kind)
        if seat_index not in engine.to_act(game.started_state):
            return None
        return apply_move(
            game=game, engine=engine, seat_index=seat_index, move=move, user=None, source=source,
            idempotency_key=idempotency_key, hashed=request_hash(move, None), now=now,
        )


@dataclass
class SystemMove:
    """One system move of ``system_moves_record``: ``game`` locked by the caller, with all its ``seats``.
    ``outcome`` afterwards: "applied", "skipped" (its key was used, or the seat no longer acts) or
    "left" (it ends the game, a resigned seat would play next, or the engine refused it: the caller
    submits it alone through ``game_submit_system_move``)."""

    game: Game
    seats: list[Seat]
    seat_index: int
    move: dict
    idempotency_key: str
    outcome: str = ""


def system_moves_record(*, batch: list[SystemMove], source: str, now: datetime) -> None:
    """Many games' system moves (the deadline sweep's timeouts) recorded as ``record_move`` records one
    (the same idempotency key, engine checks, ``_advance``, ``_log_row`` and ``seats_mirror``) but written
    in a few statements for the whole batch: one read of used keys, one insert of the log rows, one update
    of the games and one of the seats.  The caller holds every game's lock."""
    used = set(
        Move.objects.filter(game_id__in=[m.game.pk for m in batch],
                            idempotency_key__in=[m.idempotency_key for m in batch])
        .values_list("game_id", "idempotency_key")
    )
    rows, games, seats, changes = [], [], [], []
    for item in batch:
        game, engine = item.game, engine_for(item.game.kind)
        if ((game.pk, item.idempotency_key) in used or game.status != GameStatus.ACTIVE
                or item.seat_index not in engine.to_act(game.started_state)):
            item.outcome = "skipped"
            continue
        try:
            step = engine.transition(game.started_state, item.seat_index, item.move, context_for(game))
        except IllegalMove:
            item.outcome = "left"
            continue
        if any(s.resigned for s in item.seats) or step.outcome is not None:
            item.outcome = "left"
            continue
        turn_changed = _advance(game, step)
        rows.append(_log_row(game=game, seats=item.seats, seat_index=item.seat_index, move=item.move, user=None,
                             source=source, idempotency_key=item.idempotency_key,
                             hashed=request_hash(item.move, None), now=now, store_answer=True))
        seats_mirror(game=game, seats=item.seats, step=step, now=now, turn_changed=turn_changed,
                     acted=item.seat_index)
        games.append(game)
        seats.extend(item.seats)
        changes.append((game.pk, game.version, [s.user_id for s in item.seats if s.user_id]))
        item.outcome = "applied"
    if not rows:
        return
    Move.objects.bulk_create(rows)
    rows_update(games, ["state", "version", "turn_id", "turn_version"])
    rows_update(seats, SEAT_FIELDS)
    transaction.on_commit(lambda: broadcast.games_changed(changes=changes))


def apply_move(
    *,
    game: Game,
    engine: Engine,
    seat_index: int,
    move: Any,
    user,
    source: str,
    idempotency_key: str,
    hashed: str,
    now: datetime | None,
) -> dict:
    """Apply a checked move to the locked ``game``, then play the turns of seats that resigned from a
    multi-seat game (the Club bot's move in Turnspell and Spellcrafter, else their timeout move), so
    the others can finish.  Returns the submitter's answer."""
    now = now or timezone.now()
    if not isinstance(move, dict):
        raise IllegalMove("BAD_MOVE", "A move must be a JSON object.")
    step = engine.transition(game.started_state, seat_index, move, context_for(game))
    seats = list(game.seats.all())
    auto_seats = any(s.resigned for s in seats)
    if source == "player":
        # Moving yourself breaks a run of timeouts and ends a vacation early.
        mine = next(s for s in seats if s.index == seat_index)
        mine.consecutive_timeouts = 0
        if vacation_settle_on_move(user=user, now=now) and mine.deadline is not None:
            # The vacation's end pushed this seat's deadline back: the bank is drawn from the new one.
            mine.deadline = Seat.objects.values_list("deadline", flat=True).get(pk=mine.pk)
    first = record_move(
        game=game, engine=engine, seats=seats, step=step, seat_index=seat_index, move=move, user=user,
        source=source, idempotency_key=idempotency_key, hashed=hashed, now=now,
        # Without auto-played seats the answer is known before the insert: one UPDATE fewer.
        store_answer=not auto_seats,
    )
    for _ in range(MAX_AUTO_MOVES):
        if game.status != GameStatus.ACTIVE:
            break
        due = sorted(s.index for s in seats if s.resigned and s.index in engine.to_act(game.started_state))
        if not due:
            break
        auto_move = bot_auto_move(game, engine, due[0])
        record_move(
            game=game, engine=engine, seats=seats, seat_index=due[0], move=auto_move,
            step=engine.transition(game.started_state, due[0], auto_move, context_for(game)),
            user=None, source="auto", idempotency_key=f"auto:{game.version + 1}:{due[0]}",
            hashed=request_hash(auto_move, None), now=now,
        )
    if not first.response:
        first.response = stored_answer(game, first.seq)
        first.save(update_fields=["response"])
    if game.status == GameStatus.ACTIVE:
        announce(game, seats)
    return {**first.response, "view": engine.view(game.started_state, seat_index)}


def stored_answer(game: Game, seq: int) -> dict:
    """What a move row keeps of the submitter's answer for a retried request (``ANSWER_STORED``)."""
    return {"seq": seq, "version": game.version, "status": game.status}


def record_move(
    *, game, engine, seats, step, seat_index, move, user, source, idempotency_key, hashed, now,
    store_answer: bool = False,
) -> Move:
    """Persist an applied move (``step``, the engine's ``Transition``): the log row, the new state and
    version, seats and deadlines; a move that ends the game goes on to the Finisher.  With
    ``store_answer``, what a retry gets back (``stored_answer``) is stored with the row in the same
    insert."""
    turn_changed = _advance(game, step)
    result = None
    if step.outcome is not None:
        result = finisher.result_of(step.outcome, engine, seats)
        game.status = GameStatus.FINISHED  # before the answer is stored: it says so
    row = _log_row(game=game, seats=seats, seat_index=seat_index, move=move, user=user, source=source,
                   idempotency_key=idempotency_key, hashed=hashed, now=now, store_answer=store_answer)
    if result is not None:
        row.save(force_insert=True)
        finisher.finish(game=game, seats=seats, now=now, result=result)
        return row
    seats_mirror(game=game, seats=seats, step=step, now=now, turn_changed=turn_changed, acted=seat_index)
    store.write_move(row, game, seats)
    return row


def _advance(game: Game, step) -> bool:
    """The game takes the move's state, the next version and, when it changed, the new turn; returns
    whether the turn changed."""
    game.state = step.state
    game.version += 1
    turn_changed = step.turn_id != game.turn_id
    if turn_changed:
        game.turn_id = step.turn_id
        game.turn_version = game.version
    return turn_changed


def _log_row(*, game, seats, seat_index, move, user, source, idempotency_key, hashed, now, store_answer) -> Move:
    """The move's log row (not yet written), with the time drawn on the seat's bank."""
    return Move(
        game=game, seq=game.version, seat=seat_index, user=user, payload=move, source=source,
        idempotency_key=idempotency_key, request_hash=hashed,
        response=stored_answer(game, game.version) if store_answer else {},
        bank_drawn=bank_draw(game=game, seats=seats, seat_index=seat_index, now=now),
    )


def clock_of(seat: Seat, game: Game) -> Clock:
    """The running clock of a seat that is to act (it has a deadline), with what is left of its bank."""
    assert seat.deadline is not None, "a seat that is to act has a deadline"
    return Clock.of(seat.deadline, game.days_per_move, seat.bank_left(game.time_bank_days))


def bank_draw(*, game: Game, seats: list[Seat], seat_index: int, now: datetime) -> timedelta | None:
    """The acting seat moved at ``now``: past its deadline, the time since is drawn on its bank (at most
    what is left; a timeout draws it all).  Returns what was drawn, which the move row records so that
    ``verify_games`` can check each seat's ``bank_used`` against its log; None when nothing was."""
    if not game.time_bank_days:
        return None
    seat = next(s for s in seats if s.index == seat_index)
    if seat.deadline is None:
        return None
    drawn = clock_of(seat, game).bank_drawn(now)
    if not drawn:
        return None
    seat.bank_used += drawn
    return drawn


def sync_seats(*, game, engine, seats, state, now, turn_changed, acted=None) -> None:
    """Mirror scores and who is to act onto the seat rows, starting a fresh clock for each seat that
    became due (one bulk update).  A fresh clock's ``alert_at`` is ``NOTICE_DELAY`` away: the sweep tells
    the player then, unless they have seen the turn by then (``deadlines.seat_mark_seen``)."""
    seats_mirror(game=game, seats=seats, step=engine.transition_to(state), now=now, turn_changed=turn_changed,
                 acted=acted)
    rows_update(seats, SEAT_FIELDS)


def seats_mirror(*, game, seats, step, now, turn_changed, acted=None) -> None:
    """``sync_seats`` without the write: the seat objects only, from the move's ``Transition``."""
    for seat in seats:
        seat.score = step.scores[seat.index]
        was_to_act = seat.to_act
        seat.to_act = seat.index in step.to_act
        if not seat.to_act:
            seat.deadline = None
            seat.alert_at = None
        elif not was_to_act or turn_changed or seat.index == acted:
            clock_start(seat, now=now, days=game.days_per_move)


def clock_start(seat: Seat, *, now: datetime, days: int) -> None:
    """A seat that must act now gets a fresh clock; its ``alert_at`` tells the sweep to say so if the
    turn is still unseen after ``NOTICE_DELAY``."""
    seat.deadline = Clock.start(now, days).deadline
    # A bot is not told but woken, should its task be lost, once it would have played.
    bot = seat.user is not None and seat.user.is_bot if seat.user_id and Seat.user.is_cached(seat) else False
    seat.alert_at = now + (BOT_WAKE_DELAY if bot else NOTICE_DELAY)
    seat.alert_stage = 0
    seat.reminded_hours = None
