"""The only code that writes game state: creating games and seeks, moves, resignations.

Every write runs in one transaction under the game-row lock; broadcasts and notifications are queued
with ``transaction.on_commit`` so that a failure there never loses or undoes a move.  Views, API
views, consumers and tasks call these functions and nothing else to change a game.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from . import broadcast
from .access import access_seat_for_user
from .context import context_for
from .engines import registry
from .engines.base import Engine, IllegalMove, Outcome, ranks_from_scores
from .errors import (
    ALREADY_SEATED,
    BAD_OPTIONS,
    BAD_REQUEST,
    GAME_NOT_ACTIVE,
    IDEMPOTENCY_KEY_REUSED,
    MSG_KEY_REUSED,
    MSG_NOT_ACTIVE,
    MSG_NOT_FOUND,
    MSG_STALE,
    NOT_FOUND,
    PLAYER_ON_VACATION,
    SEEK_NOT_OPEN,
    STALE_VERSION,
    UNKNOWN_KIND,
    UNKNOWN_PLAYER,
    GameError,
)
from .models import Game, GameStatus, Move, Seat

logger = logging.getLogger(__name__)

# Safety net for auto-played seats (resigned players in multi-seat games): never loop forever.
MAX_AUTO_MOVES = 1000


def engine_for(kind: str) -> Engine:
    try:
        return registry.get(kind)
    except KeyError:
        raise GameError(UNKNOWN_KIND, f"Unknown game kind {kind!r}.") from None


def _request_hash(move: Any, version: int | None) -> str:
    blob = json.dumps({"move": move, "version": version}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def _validate_options(engine: Engine, seats: int, options: dict, seed: int) -> None:
    if not engine.min_seats <= seats <= engine.max_seats:
        raise GameError(
            BAD_OPTIONS, f"{engine.kind} is played by {engine.min_seats} to {engine.max_seats} players."
        )
    try:
        engine.setup(seats, options, seed)
    except IllegalMove as exc:
        raise GameError(BAD_OPTIONS, exc.message) from None


def _prepare_options(kind: str, options: dict, seed: int) -> dict:
    """What the server adds to a new game's options before setup, deterministic from the seed:
    Spell's term cards, drawn from the site's deck (they never leave the server)."""
    if kind == "spell":
        from lexicons.term_decks import spell_options_prepare

        return spell_options_prepare(options, seed)
    return options


def game_options_check(*, kind: str, seats: int, options: dict) -> None:
    """Refuse (GameError) options that could not start a game of ``kind`` at ``seats`` seats,
    exactly as ``game_create`` would; for settings stored ahead of games, such as a league's."""
    engine = engine_for(kind)
    options = dict(options)
    if hasattr(engine, "default_lexicon"):
        options.setdefault("lexicon", engine.default_lexicon(options))
    if "lexicon" in options:
        from lexicons.store import lexicon_exists

        if not isinstance(options["lexicon"], str) or not lexicon_exists(options["lexicon"]):
            raise GameError(BAD_OPTIONS, f"There is no lexicon {options['lexicon']!r}.")
    _validate_options(engine, seats, _prepare_options(kind, options, 0), 0)


# ---------------------------------------------------------------------------
# Creating games: a challenge (every seat named) or an open seek (seats filled by accepting)
# ---------------------------------------------------------------------------
def game_create(
    *,
    creator,
    kind: str,
    seats: int = 2,
    options: dict | None = None,
    opponents: list | None = None,
    days_per_move: int | None = None,
    seed: int | None = None,
    now: datetime | None = None,
    scheduled: bool = False,
) -> Game:
    """Create a game.  With ``opponents`` it is a challenge and starts at once (the creator takes
    seat 0); without, it is an open seek that others accept in the lobby.  ``scheduled`` games
    (league fixtures) are not challenges, so a player's vacation does not refuse them: their
    clocks simply stand still until the player is back."""
    engine = engine_for(kind)
    _refuse_suspended([creator, *(o for o in (opponents or []) if o is not None)])
    options = dict(options or {})
    if hasattr(engine, "default_lexicon"):
        options.setdefault("lexicon", engine.default_lexicon(options))
    if "lexicon" in options:
        from lexicons.store import lexicon_exists

        if not isinstance(options["lexicon"], str) or not lexicon_exists(options["lexicon"]):
            raise GameError(BAD_OPTIONS, f"There is no lexicon {options['lexicon']!r}.")
    seed = secrets.randbits(62) if seed is None else seed
    options = _prepare_options(kind, options, seed)
    days = settings.DEFAULT_DAYS_PER_MOVE if days_per_move is None else days_per_move
    if days not in settings.DAYS_PER_MOVE_CHOICES:
        raise GameError(BAD_OPTIONS, f"Days per move must be one of {settings.DAYS_PER_MOVE_CHOICES}.")
    opponents = list(opponents or [])
    if opponents:
        seats = len(opponents) + 1
        if any(o is None for o in opponents):
            raise GameError(UNKNOWN_PLAYER, "No such player.")
        if len({creator.pk, *(o.pk for o in opponents)}) != seats:
            raise GameError(BAD_REQUEST, "A player cannot be seated twice (or challenge themselves).")
        if not scheduled:
            _refuse_players_on_vacation(opponents, now or timezone.now())
    _validate_options(engine, seats, options, seed)

    with transaction.atomic():
        game = Game.objects.create(
            kind=kind,
            options=options,
            seed=seed,
            seats_count=seats,
            days_per_move=days,
            created_by=creator,
            status=GameStatus.OPEN,
        )
        players = [creator, *opponents] + [None] * (seats - 1 - len(opponents))
        Seat.objects.bulk_create(Seat(game=game, index=i, user=u) for i, u in enumerate(players))
        if opponents:
            _game_start(game=game, engine=engine, now=now)
    return game


def _refuse_suspended(users: list) -> None:
    """A player suspended by a moderator cannot play (moderation/); refused before anything is written."""
    from moderation.errors import ModerationError
    from moderation.services import refuse_if_suspended

    for user in users:
        try:
            refuse_if_suspended(user)
        except ModerationError as exc:
            raise GameError(exc.code, exc.message, exc.status) from None


def _refuse_players_on_vacation(players: list, now: datetime) -> None:
    from accounts.vacations import vacations_in_progress

    away = vacations_in_progress(user_ids=[p.pk for p in players], now=now)
    if away:
        player = next(p for p in players if p.pk in away)
        until = timezone.localtime(away[player.pk].ends_at).strftime("%Y-%m-%d %H:%M %Z")
        raise GameError(
            PLAYER_ON_VACATION, f"{player.public_name} is on vacation until {until}; challenge them after that.",
            until=away[player.pk].ends_at.isoformat(),
        )


def seek_accept(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Take the first free seat of an open seek; the game starts when the last seat is taken."""
    _refuse_suspended([user])
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        if game.status != GameStatus.OPEN:
            raise GameError(SEEK_NOT_OPEN, "This seek has already been taken or withdrawn.", 409)
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise GameError(ALREADY_SEATED, "You already have a seat in this game.")
        free = next(s for s in seats if s.user_id is None)
        free.user = user
        free.save(update_fields=["user"])
        if all(s.user_id is not None for s in seats):
            _game_start(game=game, engine=engine_for(game.kind), now=now)
    return game


def seek_withdraw(*, game_id: int, user) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, created_by=user).first()
        if game is None:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        if game.status != GameStatus.OPEN:
            raise GameError(SEEK_NOT_OPEN, "This seek has already been taken or withdrawn.", 409)
        game.status = GameStatus.ABORTED
        game.save(update_fields=["status"])


def _game_start(*, game: Game, engine: Engine, now: datetime | None) -> None:
    now = now or timezone.now()
    state = engine.setup(game.seats_count, game.options, game.seed)
    game.state = state
    game.status = GameStatus.ACTIVE
    game.started_at = now
    game.version = 1
    game.turn_id = str(engine.turn_id(state))
    game.turn_version = 1
    game.save(update_fields=["state", "status", "started_at", "version", "turn_id", "turn_version"])
    seats = list(game.seats.all())
    _sync_seats(game=game, engine=engine, seats=seats, state=state, now=now, turn_changed=True)
    _queue_broadcast(game, seats)


# ---------------------------------------------------------------------------
# The move path
# ---------------------------------------------------------------------------
def game_submit_move(
    *,
    game_id: int,
    user,
    move: Any,
    version: int | None,
    idempotency_key: str,
    now: datetime | None = None,
) -> dict:
    """Apply ``user``'s move to the game, or refuse it and write nothing.

    Checks run in a fixed order under the row lock: the game exists → it is the user's game → a
    retried request (same key) gets its first answer → the game is in progress → the seat is to
    act → the version is not stale → the engine accepts the move.
    """
    if not isinstance(idempotency_key, str) or not 1 <= len(idempotency_key) <= 128:
        raise GameError(BAD_REQUEST, "idempotency_key must be a string of 1 to 128 characters.")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise GameError(BAD_REQUEST, "version must be an integer.")
    _refuse_suspended([user])
    request_hash = _request_hash(move, version)
    try:
        with transaction.atomic():
            game = _lock_game(game_id)
            seat = access_seat_for_user(game, user)
            earlier = Move.objects.filter(game=game, idempotency_key=idempotency_key).first()
            if earlier is not None:
                if earlier.request_hash != request_hash or earlier.seat != seat.index:
                    raise GameError(IDEMPOTENCY_KEY_REUSED, MSG_KEY_REUSED, 409)
                return earlier.response
            if game.status != GameStatus.ACTIVE:
                raise GameError(GAME_NOT_ACTIVE, MSG_NOT_ACTIVE)
            engine = engine_for(game.kind)
            if seat.index not in engine.to_act(game.state):
                raise GameError.from_illegal(engine.not_acting_error(game.state, seat.index))
            if version is not None and not (game.turn_version <= version <= game.version):
                raise GameError(STALE_VERSION, MSG_STALE, 409, version=game.version)
            return _apply_move(
                game=game,
                engine=engine,
                seat_index=seat.index,
                move=move,
                user=user,
                source="player",
                idempotency_key=idempotency_key,
                request_hash=request_hash,
                now=now,
            )
    except IllegalMove as exc:
        raise GameError.from_illegal(exc) from None
    except IntegrityError:
        # Another transaction stored the same key between our check and insert (only possible
        # without row locks, e.g. SQLite): the retry finds its answer, if it is the same request.
        earlier = Move.objects.get(game_id=game_id, idempotency_key=idempotency_key)
        if earlier.request_hash != request_hash or earlier.user_id != getattr(user, "pk", None):
            raise GameError(IDEMPOTENCY_KEY_REUSED, MSG_KEY_REUSED, 409) from None
        return earlier.response


def game_submit_system_move(
    *, game_id: int, seat_index: int, move: dict, source: str, idempotency_key: str, now=None
) -> dict | None:
    """Submit a move on behalf of a seat (a timeout, an auto-played seat) through the same path.

    A deterministic ``idempotency_key`` makes a repeated sweep apply nothing twice; returns None
    when the key was used already or the seat is no longer to act.
    """
    with transaction.atomic():
        game = _lock_game(game_id)
        if Move.objects.filter(game=game, idempotency_key=idempotency_key).exists():
            return None
        if game.status != GameStatus.ACTIVE:
            return None
        engine = engine_for(game.kind)
        if seat_index not in engine.to_act(game.state):
            return None
        return _apply_move(
            game=game,
            engine=engine,
            seat_index=seat_index,
            move=move,
            user=None,
            source=source,
            idempotency_key=idempotency_key,
            request_hash=_request_hash(move, None),
            now=now,
        )


def _lock_game(game_id: int) -> Game:
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
    # Seats are read after the lock so that they are current; one query.
    game._prefetched_objects_cache = {"seats": list(Seat.objects.filter(game=game).select_related("user"))}
    return game


def _apply_move(
    *,
    game: Game,
    engine: Engine,
    seat_index: int,
    move: Any,
    user,
    source: str,
    idempotency_key: str,
    request_hash: str,
    now: datetime | None,
) -> dict:
    now = now or timezone.now()
    if not isinstance(move, dict):
        raise IllegalMove("BAD_MOVE", "A move must be a JSON object.")
    state = engine.apply(game.state, seat_index, move, context_for(game))
    seats = list(game.seats.all())
    auto_seats = any(s.resigned for s in seats)
    if source == "player":
        # Moving yourself breaks a run of timeouts and ends a vacation early.
        next(s for s in seats if s.index == seat_index).consecutive_timeouts = 0
        _queue_vacation_end(user, now)
    first = _record(
        game=game, engine=engine, seats=seats, state=state, seat_index=seat_index, move=move, user=user,
        source=source, idempotency_key=idempotency_key, request_hash=request_hash, now=now,
        # Without auto-played seats the answer is known before the insert: one UPDATE fewer.
        answer_for=None if auto_seats else seat_index,
    )
    # Seats that resigned from a multi-seat game are played by their timeout move, so the others finish.
    for _ in range(MAX_AUTO_MOVES):
        if game.status != GameStatus.ACTIVE:
            break
        due = sorted(s.index for s in seats if s.resigned and s.index in engine.to_act(game.state))
        if not due:
            break
        auto_move = engine.timeout_move(game.state, due[0])
        auto_state = engine.apply(game.state, due[0], auto_move, context_for(game))
        _record(
            game=game, engine=engine, seats=seats, state=auto_state, seat_index=due[0], move=auto_move,
            user=None, source="auto", idempotency_key=f"auto:{game.version + 1}:{due[0]}",
            request_hash=_request_hash(auto_move, None), now=now,
        )
    if first.response:
        response = first.response
    else:
        response = _answer(game, engine, first.seq, seat_index)
        first.response = response
        first.save(update_fields=["response"])
    _queue_broadcast(game, seats)
    return response


def _queue_vacation_end(user, now: datetime) -> None:
    from accounts.vacations import vacation_end_on_move

    user_id = user.pk
    transaction.on_commit(lambda: vacation_end_on_move(user_id=user_id, now=now), robust=True)


def _answer(game: Game, engine: Engine, seq: int, seat_index: int) -> dict:
    """What the submitter receives (and receives again for a retried request)."""
    return {"seq": seq, "version": game.version, "status": game.status, "view": engine.view(game.state, seat_index)}


def _record(
    *, game, engine, seats, state, seat_index, move, user, source, idempotency_key, request_hash, now,
    answer_for: int | None = None,
) -> Move:
    """Persist an applied move: the log row, the new state and version, seats and deadlines.
    With ``answer_for``, the submitter's answer is stored with the row in the same insert."""
    game.state = state
    game.version += 1
    turn_id = str(engine.turn_id(state))
    turn_changed = turn_id != game.turn_id
    if turn_changed:
        game.turn_id = turn_id
        game.turn_version = game.version
    outcome = engine.outcome(state)
    if outcome is not None and not engine.cooperative and any(s.resigned for s in seats):
        outcome = _resigned_rank_last(outcome, seats)
    fields = ["state", "version", "turn_id", "turn_version"]
    if outcome is not None:
        game.status = GameStatus.FINISHED
        game.finished_at = now
        game.result = outcome.to_json()
        fields += ["status", "finished_at", "result"]
    row = Move.objects.create(
        game=game,
        seq=game.version,
        seat=seat_index,
        user=user,
        payload=move,
        source=source,
        idempotency_key=idempotency_key,
        request_hash=request_hash,
        response=_answer(game, engine, game.version, answer_for) if answer_for is not None else {},
    )
    game.save(update_fields=fields)
    _sync_seats(game=game, engine=engine, seats=seats, state=state, now=now, turn_changed=turn_changed,
                acted=seat_index, outcome=outcome)
    return row


def _resigned_rank_last(outcome: Outcome, seats: list[Seat]) -> Outcome:
    """A seat that resigned or forfeited (and was auto-played on) ranks below everyone who played on,
    whatever its score; the engine's order holds within each group."""
    resigned = {s.index for s in seats if s.resigned}
    keyed = [(index not in resigned, -rank) for index, rank in enumerate(outcome.ranks)]
    return replace(outcome, ranks=tuple(1 + sum(1 for other in keyed if other > mine) for mine in keyed))


def _sync_seats(*, game, engine, seats, state, now, turn_changed, acted=None, outcome=None) -> None:
    """Mirror scores, who is to act and deadlines onto the seat rows (one bulk update)."""
    to_act = engine.to_act(state) if outcome is None else frozenset()
    scores = engine.scores(state)
    allowance = timedelta(days=game.days_per_move)
    for seat in seats:
        seat.score = scores[seat.index]
        was_to_act = seat.to_act
        seat.to_act = seat.index in to_act
        if not seat.to_act:
            seat.deadline = None
            seat.alert_at = None
        elif not was_to_act or turn_changed or seat.index == acted:
            seat.deadline = now + allowance
            # A fresh deadline: the sweep tells the player at once, then reminds (games/deadlines.py).
            seat.alert_at = now
            seat.alert_stage = 0
        if outcome is not None:
            seat.rank = outcome.ranks[seat.index]
            seat.score = outcome.scores[seat.index]
    Seat.objects.bulk_update(
        seats, ["score", "to_act", "deadline", "rank", "alert_at", "alert_stage", "consecutive_timeouts"]
    )
    if any(s.alert_at == now for s in seats):
        _queue_seat_alerts(game.pk)


def _queue_seat_alerts(game_id: int) -> None:
    """Tell newly due players now rather than at the next minute's sweep; the sweep is the safety net."""
    from .tasks import game_alerts

    transaction.on_commit(lambda: game_alerts.delay(game_id), robust=True)


# ---------------------------------------------------------------------------
# Resigning
# ---------------------------------------------------------------------------
def game_resign(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Resign.  In a two-seat or cooperative game the game ends (the resigning seat ranks last, or
    the team's game is over); with more seats the resigning seat ranks last and is auto-played by
    its timeout move so the others can finish."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _lock_game(game_id)
        seat = access_seat_for_user(game, user)
        if game.status != GameStatus.ACTIVE:
            raise GameError(GAME_NOT_ACTIVE, MSG_NOT_ACTIVE)
        if seat.resigned:
            raise GameError(GAME_NOT_ACTIVE, "You have already resigned this game.")
        _resign_seat(game=game, seat=seat, user=user, payload={"type": "resign"}, reason="resignation", now=now)
    return game


def game_forfeit(*, game_id: int, seat_index: int, reason: str = "timeout", now: datetime | None = None) -> bool:
    """The system resigns a seat on its player's behalf (repeated timeouts), through the resignation
    path: a two-seat or cooperative game ends; with more seats the seat ranks last and is auto-played.
    Returns False (and writes nothing) when the game is over or the seat already out."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _lock_game(game_id)
        seat = next((s for s in game.seats.all() if s.index == seat_index), None)
        if game.status != GameStatus.ACTIVE or seat is None or seat.resigned:
            return False
        _resign_seat(game=game, seat=seat, user=None, payload={"type": "resign", "reason": reason},
                     reason=reason, now=now)
    return True


def _resign_seat(*, game: Game, seat: Seat, user, payload: dict, reason: str, now: datetime) -> None:
    engine = engine_for(game.kind)
    seats = list(game.seats.all())
    seat.resigned = True
    seat.save(update_fields=["resigned"])
    game.version += 1
    Move.objects.create(
        game=game, seq=game.version, seat=seat.index, user=user, payload=payload,
        source="resign", idempotency_key=f"resign:{seat.index}", request_hash="",
    )
    active_left = [s for s in seats if not s.resigned]
    if len(seats) == 2 or engine.cooperative or len(active_left) <= 1:
        _finish_by_resignation(game=game, engine=engine, seats=seats, now=now, reason=reason)
    else:
        game.save(update_fields=["version"])
        if seat.index in engine.to_act(game.state):
            auto = engine.timeout_move(game.state, seat.index)
            _apply_move(
                game=game, engine=engine, seat_index=seat.index, move=auto, user=None, source="auto",
                idempotency_key=f"auto:{game.version + 1}:{seat.index}",
                request_hash=_request_hash(auto, None), now=now,
            )
        else:
            _queue_broadcast(game, seats)


def game_abort(*, game_id: int, reason: str, now: datetime | None = None) -> bool:
    """End a game without a result (a league moving a player cancels their unplayed games): logged,
    no ranks, nobody to act.  Returns False (and writes nothing) when the game already ended."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status not in (GameStatus.OPEN, GameStatus.ACTIVE):
            return False
        seats = list(game.seats.all())
        game.version += 1
        Move.objects.create(
            game=game, seq=game.version, seat=0, payload={"type": "abort", "reason": reason},
            source="abort", idempotency_key="abort", request_hash="",
        )
        game.status = GameStatus.ABORTED
        game.finished_at = now
        game.save(update_fields=["status", "finished_at", "version"])
        for seat in seats:
            seat.to_act = False
            seat.deadline = None
            seat.alert_at = None
        Seat.objects.bulk_update(seats, ["to_act", "deadline", "alert_at"])
        _queue_broadcast(game, seats)
    return True


def _finish_by_resignation(
    *, game: Game, engine: Engine, seats: list[Seat], now: datetime, reason: str = "resignation"
) -> None:
    scores = engine.scores(game.state)
    if engine.cooperative:
        ranks = [1] * len(seats)
    else:
        by_score = Outcome(scores=tuple(scores), ranks=ranks_from_scores(scores))
        ranks = list(_resigned_rank_last(by_score, seats).ranks)
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.result = {"scores": scores, "ranks": ranks, "reason": reason, "team_score": None}
    game.save(update_fields=["status", "finished_at", "result", "version"])
    for seat in seats:
        seat.rank = ranks[seat.index]
        seat.score = scores[seat.index]
        seat.to_act = False
        seat.deadline = None
        seat.alert_at = None
    Seat.objects.bulk_update(seats, ["rank", "score", "to_act", "deadline", "alert_at"])
    _queue_broadcast(game, seats)


def _queue_broadcast(game: Game, seats: list[Seat]) -> None:
    game_id, version = game.pk, game.version
    user_ids = [s.user_id for s in seats if s.user_id]
    transaction.on_commit(lambda: broadcast.game_changed(game_id=game_id, version=version, user_ids=user_ids))
    if game.status == GameStatus.FINISHED:
        from .tasks import game_finished

        # Ratings and standings follow the result; robust: their failure never undoes the game's end.
        transaction.on_commit(lambda: game_finished.delay(game_id), robust=True)
        from notifications.tasks import notify_game_over

        transaction.on_commit(lambda: notify_game_over.delay(game_id), robust=True)


__all__ = [
    "game_create",
    "seek_accept",
    "seek_withdraw",
    "game_submit_move",
    "game_submit_system_move",
    "game_resign",
    "game_forfeit",
    "game_abort",
]
