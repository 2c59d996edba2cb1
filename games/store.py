"""The game store: how the services read, lock and write a game with its seats.

Three operations every move makes: ``read`` (a game with its seats in order and their players),
``lock`` (the same, the rows locked for the transaction) and ``write_move`` (the move row inserted, the
game's and the seats' new values written).  Each has the plain ORM path, the reference, and the speed
wing's (``core.speed``, on PostgreSQL): one statement written once and prepared on the server.
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model
from django.db import connections, router
from django.db.models import Prefetch, prefetch_related_objects

from core import rawsql, speed
from core.bulk import rows_update
from games.errors import MSG_NOT_FOUND, NOT_FOUND, GameError
from games.models import Game, Move, Seat

User = get_user_model()

GAME_FIELDS = ["state", "version", "turn_id", "turn_version"]
SEAT_FIELDS = ["score", "to_act", "deadline", "rank", "alert_at", "alert_stage", "reminded_hours", "bank_used",
               "consecutive_timeouts"]


def _seats() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("index"))


def read(game_id: int) -> Game | None:
    """The game with its seats in order and their players (``game.seats.all()`` asks no more); None when
    there is no such game."""
    connection = connections[router.db_for_read(Game)]
    if speed.on(connection):
        return _read_in_one(game_id, connection)  # a game always has its seats, made with it
    return Game.objects.filter(pk=game_id).prefetch_related(_seats()).first()


def lock(game_id: int) -> Game:
    """The game row, locked for this transaction, with its seats (and their users) as they are once it
    holds the lock.  The wing locks the game and its seats in one statement (``FOR UPDATE OF g, s``): a
    move waiting behind another gets both rows as that one left them, since PostgreSQL re-reads every
    locked row that changed meanwhile.  Refused with ``NOT_FOUND`` when there is no such game."""
    connection = connections[router.db_for_write(Game)]
    if speed.on(connection):
        game = _read_in_one(game_id, connection, lock=True)
    else:
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is not None:
            prefetch_related_objects([game], _seats())
    if game is None:
        raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
    return game


def write_move(row: Move, game: Game, seats: list[Seat]) -> None:
    """Insert the move row and write the game's ``GAME_FIELDS`` and the seats' ``SEAT_FIELDS``.  The wing
    makes it one statement (the insert and both updates as parts of one ``WITH``): one round trip, and a
    refused insert (the idempotency key's unique constraint) writes nothing of the three."""
    connection = connections[router.db_for_write(Move)]
    if not speed.on(connection):
        row.save(force_insert=True)
        game.save(update_fields=GAME_FIELDS)
        rows_update(seats, SEAT_FIELDS)
        return
    insert_sql, params = rawsql.insert(row, connection)
    game_sql, game_params = rawsql.update_one(game, GAME_FIELDS, connection)
    seats_sql, seats_params = rawsql.update_rows(seats, SEAT_FIELDS, connection)
    with rawsql.prepared_cursor(connection) as cursor:
        cursor.execute(f"WITH m AS ({insert_sql}), g AS ({game_sql}), s AS ({seats_sql}) SELECT * FROM m",
                       params + game_params + seats_params)
        row.pk = cursor.fetchone()[0]
    speed.saved_state(row, connection.alias)


def _read_in_one(game_id: int, connection, *, lock: bool = False) -> Game | None:
    """The game, each of its seats with its user, as ``read`` gives them (the seats in order, each
    seat's user and game cached), in one statement prepared on the server; ``lock``: the game's and the
    seats' rows locked.  None when the game has no row or no seats."""
    sql = rawsql.statement(("game_and_seats", lock, connection.vendor), lambda: _read_sql(connection, lock))
    with rawsql.prepared_cursor(connection) as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    game_width, seat_width = rawsql.column_count(Game), rawsql.column_count(Seat)
    game = rawsql.instance(Game, connection, rows[0][:game_width])
    cached_user = Seat._meta.get_field("user").set_cached_value
    cached_game = Seat._meta.get_field("game").set_cached_value
    user_id_at = game_width + seat_width + _user_pk_column()
    seats = []
    for values in rows:
        seat = rawsql.instance(Seat, connection, values[game_width:game_width + seat_width])
        if seat.user_id is None:
            cached_user(seat, None)
        elif values[user_id_at] == seat.user_id:
            cached_user(seat, rawsql.instance(User, connection, values[game_width + seat_width:]))
        # else the seat got its player while a lock was awaited: the user is read when asked for
        cached_game(seat, game)
        seats.append(seat)
    speed.keep_prefetched(game, "seats", seats)
    return game


@cache
def _user_pk_column() -> int:
    return [f.attname for f in User._meta.concrete_fields].index(User._meta.pk.attname)


def _read_sql(connection, lock: bool) -> str:
    qn = connection.ops.quote_name
    return (
        f"SELECT {rawsql.select_list(Game, 'g', connection)}, {rawsql.select_list(Seat, 's', connection)},"
        f" {rawsql.select_list(User, 'u', connection)}"
        f" FROM {qn(Game._meta.db_table)} g JOIN {qn(Seat._meta.db_table)} s ON s.{qn('game_id')} = g.id"
        f" LEFT JOIN {qn(User._meta.db_table)} u ON u.id = s.{qn('user_id')}"
        f" WHERE g.id = %s ORDER BY s.{qn('index')}" + (" FOR UPDATE OF g, s" if lock else "")
    )
