"""Hot-path statements as plain SQL, built once from the models' metadata.

The move path runs the same few statements for every move; the ORM compiled each of them anew every time.
These helpers write the column lists and placeholders once per model and turn rows back into model
instances the way the ORM does (``Model.from_db`` with each field's converters), so the instances behave
exactly like queried ones (a plain JSON column is read by ``core.fastjson``, which gives what Django's
``json.loads`` gives).  Part of the speed wing (``core.speed``): callers take it only where
``speed.on(connection)``.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import models
from django.db.backends.postgresql.base import ServerBindingCursor  # psycopg 3's, as Django wraps it
from django.db.models import Model
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init
from psycopg.types.datetime import TimestamptzLoader
from psycopg.types.json import Jsonb

from core import fastjson, speed

M = TypeVar("M", bound=Model)


@cache
def _concrete(model: type[Model]) -> tuple:
    return tuple(model._meta.concrete_fields)


def select_list(model: type[Model], alias: str, connection) -> str:
    """Every concrete column of ``model`` as ``alias."column"``, in ``concrete_fields`` order."""
    qn = connection.ops.quote_name
    return ", ".join(f"{alias}.{qn(f.column)}" for f in _concrete(model))


def column_count(model: type[Model]) -> int:
    return len(_concrete(model))


class _PreparedCursor(ServerBindingCursor):
    """Each statement prepared on the server the first time a connection runs it.  The statements name
    their columns, so a migration that adds one leaves their results' shape, and so the plans, valid."""

    def execute(self, query, params=None, **kwargs):
        # The stubs give Django's cursor mixin no psycopg base: its execute is psycopg's.
        return super().execute(query, params, prepare=True, **kwargs)  # type: ignore[misc]


def prepared_cursor(connection):
    """A cursor for the hot statements that binds parameters on the server: the values travel apart from
    the statement (adapted by psycopg's C code, not quoted into the text in Python, as Django's cursor
    does), and the server parses and plans each statement once per pooled connection instead of every
    time.  Wrapped as Django wraps its own cursors (Django's errors; the queries counted in tests)."""
    connection.ensure_connection()
    connection.validate_thread_sharing()
    raw: Any = _PreparedCursor(connection.connection)  # type: ignore[call-arg]  # as above
    if _utc_on_both_sides(connection):
        raw.adapters.register_loader("timestamptz", TimestamptzLoader)
    return connection.make_debug_cursor(raw) if connection.queries_logged else connection.make_cursor(raw)


def _utc_on_both_sides(connection) -> bool:
    """Whether psycopg's own timestamp loader reads what Django's does here.  Django's (a Python subclass)
    reads a value in the session's time zone and then puts its own zone on it; when both are UTC,
    psycopg's gives the same datetimes, and with psycopg's C module it is C code (the lock reads sixteen
    timestamps)."""
    return (connection.timezone is datetime.UTC
            and connection.connection.info.parameter_status("TimeZone") == "UTC")


_CONVERTERS: dict = {}


def _converters(model: type[Model], connection) -> tuple:
    """(index, column, functions) for each column whose raw value the ORM converts; the backend's
    converters are its operations' methods, which depend on no connection's state."""
    key = (model, connection.vendor)
    found = _CONVERTERS.get(key)
    if found is None:
        table = model._meta.db_table
        found = []
        for i, field in enumerate(_concrete(model)):
            col = field.get_col(table)
            funcs = connection.ops.get_db_converters(col) + (
                [_json_from_db] if _plain_json(field, read=True) else field.get_db_converters(connection))
            if funcs:
                found.append((i, col, tuple(funcs)))
        found = _CONVERTERS[key] = tuple(found)
    return found


@cache
def _attnames(model: type[Model]) -> tuple[str, ...]:
    return tuple(f.attname for f in _concrete(model))


@cache
def _plain(model: type[Model]) -> bool:
    """The model loads rows as ``Model.from_db`` does, and every column's attribute is Django's plain one
    (a file field's, say, would do more when set)."""
    return all("from_db" not in vars(cls) for cls in model.__mro__ if cls is not Model) and all(
        type(model.__dict__.get(name) or getattr(model, name, None)) in (DeferredAttribute, ForeignKeyDeferredAttribute)
        for name in _attnames(model))


def instance(model: type[M], connection, values: Sequence) -> M:
    """A model instance from a row of ``select_list(model, …)``'s columns, as the ORM makes it.  With no
    receiver of ``pre_init`` or ``post_init`` for the model and no ``from_db`` of its own, making it only
    sets each column's attribute and its saved state: that is done directly (a move builds five)."""
    values = list(values)
    for i, col, funcs in _converters(model, connection):
        for func in funcs:
            values[i] = func(values[i], col, connection)
    if pre_init.has_listeners(model) or post_init.has_listeners(model) or not _plain(model):
        return model.from_db(connection.alias, list(_attnames(model)), values)
    obj = model.__new__(model)
    obj.__dict__.update(zip(_attnames(model), values, strict=True))
    speed.saved_state(obj, connection.alias)
    return obj


def _field(meta, name: str) -> models.Field:
    field = meta.get_field(name)
    assert isinstance(field, models.Field), f"{name} is a column"
    return field


_SQL: dict = {}


def statement(key, build) -> str:
    """A statement's text, built by ``build()`` once per ``key`` (its shape: models, columns, rows,
    database) and kept for the process."""
    text = _SQL.get(key)
    if text is None:
        text = _SQL[key] = build()
    return text


# Fields (exactly these classes) whose ``get_db_prep_save`` of a value of the given Python type only
# passes it to the backend's integer adapter (integer fields) or returns it as it is (the rest).  A move
# prepared about thirty values through Django's chain of field methods.
_INTEGER = (models.IntegerField, models.BigIntegerField, models.SmallIntegerField, models.PositiveIntegerField,
            models.PositiveBigIntegerField, models.PositiveSmallIntegerField)
_AS_IS = {models.AutoField: int, models.BigAutoField: int, models.SmallAutoField: int,
          models.BooleanField: bool, models.CharField: str, models.TextField: str}


@cache
def _plain_json(field, read: bool = False) -> bool:
    """A JSON field with the standard encoder (``read``: and decoder): its values can be written (read)
    by ``core.fastjson``."""
    return type(field) is models.JSONField and field.encoder is None and not (read and field.decoder)


def _json_from_db(value, expression, connection):
    """``JSONField.from_db_value`` of a plain JSON column, read by ``core.fastjson``."""
    if value is None:
        return value
    try:
        return fastjson.loads(value)
    except json.JSONDecodeError:
        return value


@cache
def _shortcut(field) -> tuple[type, str | None] | None:
    """(the value type, the integer field's internal type or None), for the value's field or the key a
    foreign key points at; None when every value goes through the field."""
    target = field.target_field if field.many_to_one or field.one_to_one else field
    if type(target) in _INTEGER:
        return int, target.get_internal_type()
    kind = _AS_IS.get(type(target))
    return None if kind is None else (kind, None)


def prepared(field, value, connection):
    """``field.get_db_prep_save(value, connection)``, without the chain of calls where it is known; a
    JSON object or array is written by ``fastjson``."""
    if type(value) in (dict, list) and connection.vendor == "postgresql" and _plain_json(field):
        return Jsonb(value, dumps=fastjson.dumps)
    shortcut = _shortcut(field)
    if shortcut is None or not (value is None or type(value) is shortcut[0]):
        return field.get_db_prep_save(value, connection)
    internal_type = shortcut[1]
    return value if internal_type is None else connection.ops.adapt_integerfield_value(value, internal_type)


def insert(obj: Model, connection, *, returning: bool = True) -> tuple[str, list]:
    """``INSERT`` of ``obj``'s concrete fields but its automatic primary key, with ``pre_save`` applied
    (``auto_now_add`` and the like) and each value prepared by its field; ``RETURNING`` the key."""
    model = type(obj)
    fields = [f for f in _concrete(model) if not (f.primary_key and getattr(obj, f.attname) is None)]
    params = [prepared(f, f.pre_save(obj, True), connection) for f in fields]

    def build() -> str:
        qn = connection.ops.quote_name
        sql = (f"INSERT INTO {qn(model._meta.db_table)} ({', '.join(qn(f.column) for f in fields)})"
               f" VALUES ({', '.join(['%s'] * len(fields))})")
        return sql + (f" RETURNING {qn(model._meta.pk.column)}" if returning else "")

    return statement(("insert", model, len(fields), returning, connection.vendor), build), params


def update_rows(objs: Sequence[Model], fields: Sequence[str], connection) -> tuple[str, list]:
    """One ``UPDATE … FROM (VALUES …)`` writing ``fields`` of every object in ``objs`` (all of one model,
    saved before) to its row; each value prepared by its field."""
    model = type(objs[0])
    meta = model._meta
    pk = meta.pk
    columns = [_field(meta, name) for name in fields]
    params: list = []
    for obj in objs:
        params.append(prepared(pk, obj.pk, connection))
        params.extend(prepared(f, getattr(obj, f.attname), connection) for f in columns)

    def build() -> str:
        qn = connection.ops.quote_name
        casts = [f"%s::{pk.db_type(connection)}"] + [f"%s::{f.db_type(connection)}" for f in columns]
        row = "(" + ", ".join(casts) + ")"
        names = ["id_"] + [f"v{i}" for i in range(len(columns))]
        sets = ", ".join(f"{qn(f.column)} = v.v{i}" for i, f in enumerate(columns))
        return (
            f"UPDATE {qn(meta.db_table)} SET {sets} FROM (VALUES {', '.join([row] * len(objs))})"
            f" AS v({', '.join(names)}) WHERE {qn(meta.db_table)}.{qn(pk.column)} = v.id_"
        )

    # Sweeps write batches of every size: only small ones (a game's seats) are kept.
    if len(objs) > 8:
        return build(), params
    return statement(("update_rows", model, tuple(fields), len(objs), connection.vendor), build), params


def update_one(obj: Model, fields: Sequence[str], connection) -> tuple[str, list]:
    """``UPDATE`` of ``fields`` of one saved object, each value prepared by its field."""
    meta = type(obj)._meta
    columns = [_field(meta, name) for name in fields]
    params = [prepared(f, getattr(obj, f.attname), connection) for f in columns]
    params.append(prepared(meta.pk, obj.pk, connection))

    def build() -> str:
        qn = connection.ops.quote_name
        sets = ", ".join(f"{qn(f.column)} = %s" for f in columns)
        return f"UPDATE {qn(meta.db_table)} SET {sets} WHERE {qn(meta.pk.column)} = %s"

    return statement(("update_one", type(obj), tuple(fields), connection.vendor), build), params
