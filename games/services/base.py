"""What every game service shares: the engine for a kind, the game-row lock, request hashes, and
what is announced on commit after a change (the sockets' "game N is at version V", the lobby's "seek N
changed" and the events)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import connections, router, transaction

from core.events import Event, publish

from .. import broadcast
from ..engines import registry
from ..engines.base import Engine
from ..errors import MSG_NOT_FOUND, NOT_FOUND, UNKNOWN_KIND, GameError
from ..events import BotToMove
from ..models import Game, GameStatus, Seat
from ..selectors import game_and_seats_read


def engine_for(kind: str) -> Engine:
    try:
        return registry.get(kind)
    except KeyError:
        raise GameError(UNKNOWN_KIND, f"Unknown game kind {kind!r}.") from None


def lock_game(game_id: int) -> Game:
    """The game row, locked for this transaction, with its seats (and their users) as they are once it
    holds the lock.  On PostgreSQL one statement written once (``selectors.game_and_seats_read``) locks
    the game and its seats together (``FOR UPDATE OF g, s``): a move waiting behind another gets both rows
    as that one left them, since PostgreSQL re-reads every locked row that changed meanwhile.  With the
    transaction's ``BEGIN`` that is two round trips of one packet each; it was two statements in a
    pipeline (the seats read after the lock), also two round trips but six packets, each waking the
    server; and the statement is written once, not compiled by the ORM on every move."""
    connection = connections[router.db_for_write(Game)]
    if connection.vendor != "postgresql":
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        game._prefetched_objects_cache = {"seats": list(Seat.objects.filter(game=game).select_related("user"))}
        return game
    game = game_and_seats_read(game_id, connection, lock=True)
    if game is None:  # a game always has its seats, made with it
        raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
    return game


def request_hash(move: Any, version: int | None) -> str:
    blob = json.dumps({"move": move, "version": version}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def announce(game: Game, seats: list[Seat], *events: Event) -> None:
    """On commit: tell the open sockets (players and spectators re-read their own view), and publish
    the events to the apps that listen (ratings, leagues, notifications) -- and ``BotToMove`` when a
    bot's seat is to act, so a Celery task plays it after this transaction, never inside it."""
    game_id, version = game.pk, game.version
    user_ids = [s.user_id for s in seats if s.user_id]
    transaction.on_commit(lambda: broadcast.game_changed(game_id=game_id, version=version, user_ids=user_ids))
    for event in events:
        publish(event)
    if game.status == GameStatus.ACTIVE and any(bot_to_act(s) for s in seats):
        publish(BotToMove(game_id=game_id, version=version))


def announce_seeks(*seek_ids: int) -> None:
    """On commit: tell the open lobbies that these seeks changed (``broadcast.seeks_changed``)."""
    ids = list(seek_ids)
    if ids:
        transaction.on_commit(lambda: broadcast.seeks_changed(seek_ids=ids))


def bot_to_act(seat: Seat) -> bool:
    """A bot's seat that is to act.  Only seats read with their user (the move path's lock reads them
    so) are looked at: no query here; the deadline sweep wakes any other within a minute."""
    if not seat.to_act or seat.resigned or not seat.user_id or not Seat.user.is_cached(seat):
        return False
    return seat.user.is_bot
