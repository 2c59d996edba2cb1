"""What every game service shares: the engine for a kind, the game-row lock, request hashes, and
what is announced on commit after a change (the sockets' "game N is at version V", the lobby's "seek N
changed" and the events)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import transaction

from core.events import Event, publish
from engines import registry
from engines.base import Engine

from .. import broadcast
from ..errors import UNKNOWN_KIND, GameError
from ..events import BotToMove
from ..models import Game, GameStatus, Seat


def engine_for(kind: str) -> Engine:
    try:
        return registry.get(kind)
    except KeyError:
        raise GameError(UNKNOWN_KIND, f"Unknown game kind {kind!r}.") from None


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
    user = seat.user
    return user is not None and user.is_bot
