"""The pool's checkout check (``core.db.postgresql.check_if_told``): a quiet connection is handed out
without a round trip; one the server ended is refused, so the pool replaces it.  Needs PostgreSQL."""

import time

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from psycopg_pool import ConnectionPool

from core.db.postgresql.base import DatabaseWrapper, check_if_told

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def raw(postgres):
    params = connection.get_connection_params()
    conn = psycopg.connect(**{k: v for k, v in params.items() if k != "cursor_factory"}, autocommit=True)
    yield conn
    conn.close()


def test_a_quiet_connection_is_handed_out_without_asking_the_server(raw, monkeypatch):
    asked = []
    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(lambda conn: asked.append(conn)))
    check_if_told(raw)
    assert asked == []


def test_a_connection_the_server_ended_is_refused(raw):
    pid = raw.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    deadline = time.monotonic() + 5
    with pytest.raises(psycopg.OperationalError):
        while time.monotonic() < deadline:  # the server's goodbye arrives on the socket
            check_if_told(raw)
            time.sleep(0.05)


def test_the_sites_pool_asks_the_server_only_about_a_connection_it_ended(postgres, monkeypatch, speed_wing_on):
    """Through the pool Django makes from the site's settings: checkouts of a quiet connection ask nothing
    (Django's own check would ask every time); after the server ends it, the check asks, and the pool
    hands out a new connection instead."""
    real = ConnectionPool.check_connection
    asked = []

    def check_connection(conn):
        asked.append(conn.info.backend_pid)
        real(conn)

    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(check_connection))
    db = {**settings.DATABASES["default"], "OPTIONS": {"pool": {"min_size": 0, "max_size": 1}},
          "CONN_HEALTH_CHECKS": True, "CONN_MAX_AGE": 0}
    pool = DatabaseWrapper(db, alias="pool-check-test").pool
    pool.open()
    try:
        pids = []
        for _ in range(3):
            with pool.connection() as conn:
                pids.append(conn.info.backend_pid)
        assert len(set(pids)) == 1 and asked == []
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pids[0]])
        time.sleep(0.5)  # the server's goodbye arrives on the idle socket
        with pool.connection() as conn:
            assert conn.info.backend_pid != pids[0]
            conn.execute("SELECT 1")
        assert asked == [pids[0]]
    finally:
        pool.close()
