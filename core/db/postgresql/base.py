"""Django's PostgreSQL backend whose connection pool checks a connection at checkout without a round
trip when there is no need for one.

With ``CONN_HEALTH_CHECKS`` Django has psycopg's pool run an empty query on every connection it hands
out, so one that the server dropped while it sat in the pool is replaced: a round trip before every
request's first query.  An idle connection has nothing to read unless the server spoke, and a server
that ends a connection (a restart, ``pg_terminate_backend``, an idle reaper) says so and closes it.  So
a connection with nothing to read is handed out as it is; one with something to read, or one known to
be closed, gets the real check (tests/faults/test_database_dropped.py drops every pooled connection).
Part of the speed wing (``core.speed``): with ``SPEED_WING`` off the pool runs psycopg's own check.
"""

from __future__ import annotations

import select

import psycopg
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

from core import speed


def check_if_told(conn: psycopg.Connection) -> None:
    """The pool's checkout check: raise if ``conn`` is dead, asking the server only if it said something."""
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    readable, _, _ = select.select([conn.fileno()], [], [], 0)
    if readable:
        ConnectionPool.check_connection(conn)


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):
        pool = super().pool
        # Django passes psycopg's own check to the pool it makes and takes no other, and the pool has no
        # public setter: the speed wing swaps it once (tests/core/test_pool_check.py drives the pool).
        if pool is not None and speed.switched_on() and speed.pool_check(pool) is ConnectionPool.check_connection:
            speed.set_pool_check(pool, check_if_told)
        return pool
