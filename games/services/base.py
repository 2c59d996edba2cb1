"""What every game service shares: the engine for a kind, the game-row lock, request hashes, and
what is announced on commit after a change (the sockets' "game N is at version V" and the events)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections, router, transaction

from core import rawsql
from core.events import Event, publish

from .. import broadcast
from ..engines import registry
from ..engines.base import Engine
from ..errors import MSG_NOT_FOUND, NOT_FOUND, UNKNOWN_KIND, GameError
from ..events import BotToMove
from ..models import Game, GameStatus, Seat

User = get_user_model()


def engine_for(kind: str) -> Engine:
    try:
        return registry.get(kind)
    except KeyError:
        raise GameError(UNKNOWN_KIND, f"Unknown game kind {kind!r}.") from None


def lock_game(game_id: int) -> Game:
    """The game row, locked for this transaction, with its seats (and their users) read after the lock:
    two queries.  On PostgreSQL both are plain SQL written once (``core.rawsql``) and sent in one round
    trip: every move and timeout takes this lock, and compiling the two querysets was a sixth of a
    move's CPU."""
    connection = connections[router.db_for_write(Game)]
    if connection.vendor != "postgresql":
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        game._prefetched_objects_cache = {"seats": list(Seat.objects.filter(game=game).select_related("user"))}
        return game
    sql_game, sql_seats = _lock_statements(connection)
    with rawsql.prepared_cursor(connection) as game_cursor, rawsql.prepared_cursor(connection) as seats_cursor:
        # Sent together (with the transaction's BEGIN) in one round trip: the server still reads the
        # seats only once it holds the lock, as the second statement runs after the first.
        with connection.connection.pipeline():
            game_cursor.execute(sql_game, [game_id])
            seats_cursor.execute(sql_seats, [game_id])
        row = game_cursor.fetchone()
        seats = seats_cursor.fetchall()
    if row is None:
        raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
    game = rawsql.instance(Game, connection, row)
    width = rawsql.column_count(Seat)
    cached_user = Seat._meta.get_field("user").set_cached_value
    objs = []
    for values in seats:
        seat = rawsql.instance(Seat, connection, values[:width])
        cached_user(seat, None if seat.user_id is None else rawsql.instance(User, connection, values[width:]))
        objs.append(seat)
    game._prefetched_objects_cache = {"seats": objs}
    return game


def _lock_statements(connection) -> tuple[str, str]:
    return (
        rawsql.statement(("lock_game", connection.vendor), lambda: _lock_game_sql(connection)),
        rawsql.statement(("lock_seats", connection.vendor), lambda: _lock_seats_sql(connection)),
    )


def _lock_game_sql(connection) -> str:
    table = connection.ops.quote_name(Game._meta.db_table)
    return f"SELECT {rawsql.select_list(Game, 'g', connection)} FROM {table} g WHERE g.id = %s FOR UPDATE"


def _lock_seats_sql(connection) -> str:
    """The seats with their users, in the model's order (game, index), as the ORM read them."""
    qn = connection.ops.quote_name
    return (
        f"SELECT {rawsql.select_list(Seat, 's', connection)}, {rawsql.select_list(User, 'u', connection)}"
        f" FROM {qn(Seat._meta.db_table)} s LEFT JOIN {qn(User._meta.db_table)} u ON u.id = s.{qn('user_id')}"
        f" WHERE s.{qn('game_id')} = %s ORDER BY s.{qn('index')}"
    )


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


def bot_to_act(seat: Seat) -> bool:
    """A bot's seat that is to act.  Only seats read with their user (the move path's lock reads them
    so) are looked at: no query here; the deadline sweep wakes any other within a minute."""
    if not seat.to_act or seat.resigned or not seat.user_id or not Seat.user.is_cached(seat):
        return False
    return seat.user.is_bot
