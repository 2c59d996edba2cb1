"""Updating many rows, each with its own values, in one statement.

Django's ``bulk_update`` writes ``SET f = CASE WHEN id = 1 THEN … WHEN id = 2 THEN … END`` and spends
most of its time building those expressions in Python.  With the speed wing (``core.speed``) on
PostgreSQL ``rows_update`` sends ``UPDATE … FROM (VALUES …)`` instead, built as plain SQL with each value
prepared by its own field; otherwise it is ``bulk_update``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connections, router
from django.db.models import Model

from core import speed
from core.rawsql import update_rows


def rows_update(objs: Sequence[Model], fields: Sequence[str]) -> int:
    """Write ``fields`` of every object in ``objs`` (all of one model, saved before) to its row."""
    if not objs:
        return 0
    model = type(objs[0])
    connection = connections[router.db_for_write(model)]
    if not speed.on(connection):
        return model._default_manager.bulk_update(objs, fields)
    sql, params = update_rows(objs, fields, connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount
