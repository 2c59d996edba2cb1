"""The move path's plain statements (``core.rawsql``, the store's ``lock`` and ``write_move``) give what
the ORM gives and write what it writes, all or nothing."""

from datetime import UTC, datetime

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_init
from psycopg.postgres import types as pg_types
from psycopg.pq import Format

from core import fastjson, rawsql, speed
from games import services, store
from games.errors import GameError
from games.models import Game, Move, Seat
from games.store import SEAT_FIELDS

pytestmark = pytest.mark.django_db
TIMESTAMPTZ_OID = pg_types["timestamptz"].oid


def fields_of(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def game(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)
    Game.objects.filter(pk=game.pk).update(result={"note": "ü", "list": [1, None]},
                                           finished_at=datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC))
    return game


def test_the_lock_reads_the_game_and_its_seats_with_their_users_as_the_orm_does(game, alice, bob,
                                                                               django_assert_num_queries):
    with transaction.atomic(), django_assert_num_queries(1 if speed.on(connection) else 2):
        locked = store.lock(game.pk)
        seats = list(locked.seats.all())
        users = [seat.user for seat in seats]  # cached with the seats: no query
    orm = Game.objects.get(pk=game.pk)
    assert fields_of(locked) == fields_of(orm)
    assert locked.state == orm.state and isinstance(locked.state, dict)
    assert locked.result == {"note": "ü", "list": [1, None]}
    assert locked.finished_at == datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert not locked._state.adding and locked._state.db == "default"
    assert [fields_of(s) for s in seats] == [fields_of(s) for s in Seat.objects.filter(game=game).order_by("index")]
    assert [u.pk for u in users] == [alice.pk, bob.pk]
    assert fields_of(users[0]) == fields_of(type(alice).objects.get(pk=alice.pk))


def test_the_lock_reads_json_as_the_orm_does_integers_past_64_bits_included(game, monkeypatch):
    result = {"seed": 2**70, "low": -(2**63) - 1, "edge": 2**64 - 1, "digits": "12345678901234567890",
              "float": 0.1, "big float": 1.5e300, "list": [1, 2.5, None, True, "ü"]}
    Game.objects.filter(pk=game.pk).update(result=result)
    read = []
    monkeypatch.setattr(fastjson, "loads", lambda text, loads=fastjson.loads: read.append(text) or loads(text))
    with transaction.atomic():
        locked = store.lock(game.pk)
    orm = Game.objects.get(pk=game.pk)
    assert repr(locked.result) == repr(orm.result) and orm.result["seed"] == 2**70
    assert repr(locked.state) == repr(orm.state)
    # the wing reads every JSON column (the result among them) by fastjson; the ORM by json
    assert sum('"edge"' in text for text in read) == (1 if speed.on(connection) else 0)


@pytest.mark.postgres  # the plain statements are PostgreSQL's
def test_an_instance_is_built_through_init_when_someone_listens_to_it(game):
    seen = []

    def receiver(sender, instance, **kwargs):
        seen.append(instance.pk)

    post_init.connect(receiver, sender=Game)
    try:
        with transaction.atomic():
            locked = store.lock(game.pk)
    finally:
        post_init.disconnect(receiver, sender=Game)
    assert seen == [game.pk] and fields_of(locked) == fields_of(Game.objects.get(pk=game.pk))
    assert not locked._state.adding and locked._state.db == "default"


@pytest.mark.postgres
def test_an_instance_is_built_by_the_models_own_from_db_when_it_has_one(game, monkeypatch):
    seen = []
    plain_from_db = Game.from_db.__func__

    def from_db(cls, db, field_names, values):
        seen.append(db)
        return plain_from_db(cls, db, field_names, values)

    monkeypatch.setattr(Game, "from_db", classmethod(from_db))
    rawsql._plain.cache_clear()
    try:
        with transaction.atomic():
            locked = store.lock(game.pk)
    finally:
        monkeypatch.undo()
        rawsql._plain.cache_clear()
    assert seen == ["default"] and fields_of(locked) == fields_of(Game.objects.get(pk=game.pk))


@pytest.mark.postgres
def test_the_hot_statements_read_timestamps_with_psycopgs_loader_as_django_reads_them(game):
    """Both sides in UTC: psycopg's own loader (C code with psycopg's C module) gives the ORM's datetimes."""
    when = datetime(1999, 12, 31, 23, 59, 58, 123456, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(finished_at=when)
    with transaction.atomic():
        with rawsql.prepared_cursor(connection) as cursor:
            loader = cursor.cursor.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
        locked = store.lock(game.pk)
    assert loader is psycopg.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)  # psycopg's, not Django's
    assert locked.finished_at == when and locked.finished_at.tzinfo is UTC
    assert fields_of(locked) == fields_of(Game.objects.get(pk=game.pk))


@pytest.mark.postgres
def test_the_hot_statements_keep_djangos_timestamp_loader_when_the_session_is_not_in_utc(game):
    """Django's loader puts its own zone on a value read in the session's zone; psycopg's would keep the
    session's.  Outside UTC the two differ, so the hot statements read as Django does."""
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL TIME ZONE 'America/New_York'")
        with rawsql.prepared_cursor(connection) as cursor:
            loader = cursor.cursor.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
        locked = store.lock(game.pk)
        orm = Game.objects.get(pk=game.pk)
    assert loader is not psycopg.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    assert locked.finished_at == orm.finished_at and locked.finished_at.tzinfo is orm.finished_at.tzinfo


def test_the_lock_of_a_missing_game_is_not_found(db):
    with transaction.atomic(), pytest.raises(GameError) as refused:
        store.lock(10**9)
    assert refused.value.code == "NOT_FOUND"


def test_a_seat_without_a_player_reads_as_none(game):
    Seat.objects.filter(game=game, index=1).update(user=None)
    with transaction.atomic():
        seats = list(store.lock(game.pk).seats.all())
    assert seats[1].user_id is None and seats[1].user is None


def test_the_move_write_is_all_or_nothing(game, alice):
    with transaction.atomic():
        locked = store.lock(game.pk)
        seats = list(locked.seats.all())
        first = Move(game=locked, seq=locked.version + 1, seat=0, user=alice, payload={"type": "add", "n": 1},
                     source="player", idempotency_key="k", request_hash="h", response={"seq": 1})
        locked.version += 1
        locked.state = dict(locked.state, total=3)
        seats[0].score, seats[0].deadline = 3, datetime(2031, 1, 1, tzinfo=UTC)
        store.write_move(first, locked, seats)
    assert first.pk and not first._state.adding
    row = Move.objects.get(pk=first.pk)
    assert (row.payload, row.response, row.idempotency_key, row.created_at is not None) == (
        {"type": "add", "n": 1}, {"seq": 1}, "k", True)
    saved = Game.objects.get(pk=game.pk)
    assert (saved.version, saved.state["total"]) == (locked.version, 3)
    assert Seat.objects.get(game=game, index=0).deadline == datetime(2031, 1, 1, tzinfo=UTC)

    # The same key again: the insert meets the unique constraint, and neither the game nor a seat changes.
    with pytest.raises(IntegrityError), transaction.atomic():
        locked = store.lock(game.pk)
        seats = list(locked.seats.all())
        again = Move(game=locked, seq=locked.version + 1, seat=1, user=None, payload={}, source="player",
                     idempotency_key="k", request_hash="h2", response={})
        locked.version += 1
        locked.state = {"broken": True}
        seats[1].score = 99
        store.write_move(again, locked, seats)
    assert Game.objects.get(pk=game.pk).version == saved.version
    assert Game.objects.get(pk=game.pk).state["total"] == 3
    assert Seat.objects.get(game=game, index=1).score != 99
    assert Move.objects.filter(game=game, idempotency_key="k").count() == 1


@pytest.mark.postgres
def test_insert_and_update_statements_prepare_each_value_by_its_field(game, postgres):
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    seats[0].alert_at, seats[1].alert_at = None, datetime(2032, 5, 6, tzinfo=UTC)
    sql, params = rawsql.update_rows(seats, SEAT_FIELDS, connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    assert [s.alert_at for s in Seat.objects.filter(game=game).order_by("index")] == [
        None, datetime(2032, 5, 6, tzinfo=UTC)]
    game.state = {"a": "'; DROP TABLE games_game; --"}
    sql, params = rawsql.update_one(game, ["state"], connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    assert Game.objects.get(pk=game.pk).state == {"a": "'; DROP TABLE games_game; --"}


@pytest.mark.postgres
def test_the_hot_statements_are_prepared_once_per_connection(game, postgres, speed_wing_on):
    # Parsed and planned once per pooled connection instead of on every move.
    for _ in range(2):
        with transaction.atomic():
            store.lock(game.pk)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE statement LIKE %s", ["%FOR UPDATE%"])
        assert len(cursor.fetchall()) == 1


def test_values_are_prepared_as_their_fields_prepare_them(game, alice):
    """``rawsql.prepared`` passes plain values through only where the field would give them back as they
    are; every other value (JSON, times, the odd type) goes through the field."""
    seat = Seat.objects.filter(game=game).first()
    move = Move(game=game, seq=1, seat=0, user=alice, payload={"type": "add"}, idempotency_key="k", request_hash="h")
    for obj in (game, seat, move, alice):
        for field in type(obj)._meta.concrete_fields:
            value = getattr(obj, field.attname)
            ours, theirs = rawsql.prepared(field, value, connection), field.get_db_prep_save(value, connection)
            assert type(ours) is type(theirs) and getattr(ours, "obj", ours) == getattr(theirs, "obj", theirs), field
    version = Game._meta.get_field("version")
    assert rawsql.prepared(version, "7", connection) == 7  # not an int: the field converts it
    assert rawsql.prepared(version, True, connection) == version.get_db_prep_save(True, connection)
    state = Game._meta.get_field("state")
    assert rawsql._shortcut(state) is None and rawsql._shortcut(Seat._meta.get_field("user"))[0] is int
    if speed.on(connection):  # a JSON object or array is written by orjson
        assert rawsql.prepared(state, {"a": [1]}, connection).dumps is fastjson.dumps
        assert rawsql.prepared(state, None, connection) is None
