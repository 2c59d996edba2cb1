"""Fault: PostgreSQL drops the web server's connections under load (``pg_terminate_backend``, as a
failover, a restart or an idle-connection reaper would).

Requests caught with a dead connection fail cleanly — 503, ``{"code", "message"}`` under ``/api/``, a
short page elsewhere, never a 500 — and the connection pool recovers: the requests after the fault
succeed. Moves stay whole: every game replays to its stored state afterwards.
"""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.conf import settings
from django.db import connection
from django.test import Client

from games import services

from .harness import WEB_APPLICATION_NAME, check_games_and_ratings, wait_for

pytestmark = [pytest.mark.postgres]


def terminate_web_backends() -> int:
    """Drops every connection of the web server (its pool), and no one else's."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = %s",
            [WEB_APPLICATION_NAME],
        )
        return cursor.fetchone()[0]


def web_backends_waiting_for_a_lock() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name = %s AND wait_event_type = 'Lock'",
            [WEB_APPLICATION_NAME],
        )
        return cursor.fetchone()[0]


def session_cookie(user) -> dict:
    client = Client()
    client.force_login(user)
    return {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}


def test_dropped_connections_answer_503_and_the_pool_recovers(start_web, alice, bob, token_for):
    games = [services.game_create(creator=alice, kind="toy", opponents=[bob], seed=i) for i in range(4)]
    headers = token_for(alice)
    cookies = session_cookie(alice)
    server = start_web()
    api = f"{server.url}/api/games/{games[0].pk}/"
    page = f"{server.url}/games/{games[0].pk}/"
    assert requests.get(api, headers=headers, timeout=10).status_code == 200
    first_page = requests.get(page, cookies=cookies, timeout=10)
    assert first_page.status_code == 200 and 'data-user="alice"' in first_page.text  # signed in

    # 1. Requests caught mid-query. The test locks the games and sessions tables, so an API request
    # (token: it waits in the view) and a page request (session: it waits in a middleware loading the
    # user) are both inside a query when their connections are dropped.
    with ThreadPoolExecutor(2) as pool:
        with connection.cursor() as cursor:
            cursor.execute("BEGIN")
            cursor.execute("LOCK TABLE games_game, django_session IN ACCESS EXCLUSIVE MODE")
            stuck_api = pool.submit(requests.get, api, headers=headers, timeout=30)
            stuck_page = pool.submit(requests.get, page, cookies=cookies, timeout=30)
            wait_for(lambda: web_backends_waiting_for_a_lock() == 2, 20, "both requests to wait for the lock")
            assert terminate_web_backends() >= 2
            cursor.execute("ROLLBACK")
        api_answer, page_answer = stuck_api.result(), stuck_page.result()
    assert api_answer.status_code == 503, api_answer.text[:500]
    assert api_answer.headers["Content-Type"] == "application/json"
    assert api_answer.json()["code"] == "SERVICE_UNAVAILABLE" and api_answer.json()["message"]
    assert api_answer.headers["Retry-After"]
    assert page_answer.status_code == 503, page_answer.text[:500]
    assert page_answer.headers["Content-Type"].startswith("text/html")
    assert "Back in a moment" in page_answer.text

    # 2. Under load: eight clients read games and pages while every connection is dropped five times.
    statuses: list[int] = []
    bodies: list[str] = []
    stop = threading.Event()

    def client(i: int) -> None:
        session = requests.Session()
        while not stop.is_set():
            game = games[i % len(games)]
            if i % 2:
                answer = session.get(f"{server.url}/api/games/{game.pk}/", headers=headers, timeout=30)
                if answer.status_code == 503:
                    assert answer.json()["code"] == "SERVICE_UNAVAILABLE"
            else:
                answer = session.get(f"{server.url}/games/{game.pk}/", cookies=cookies, timeout=30)
            statuses.append(answer.status_code)
            if answer.status_code not in (200, 503):
                bodies.append(answer.text[:500])

    with ThreadPoolExecutor(8) as pool:
        clients = [pool.submit(client, i) for i in range(8)]
        time.sleep(0.5)
        dropped = 0
        for _ in range(5):
            dropped += terminate_web_backends()
            time.sleep(0.4)
        stop.set()
        for future in clients:
            future.result()
    assert dropped >= 5
    assert set(statuses) <= {200, 503}, bodies[:3]
    assert statuses.count(200) > 0

    # 3. The pool recovered: every request after the fault succeeds.
    after = [requests.get(api, headers=headers, timeout=10).status_code for _ in range(20)]
    after += [requests.get(page, cookies=cookies, timeout=10).status_code for _ in range(5)]
    assert after == [200] * 25
    answer = requests.post(f"{api}moves/", headers=headers, timeout=10,
                           json={"move": {"type": "add", "n": 2}, "version": 1, "idempotency_key": "after-fault"})
    assert answer.status_code == 200, answer.text[:500]
    check_games_and_ratings()
    print(f"\ndropped {dropped} connections under load: {statuses.count(200)} requests answered 200, "
          f"{statuses.count(503)} answered 503, none anything else; 25 of 25 after the fault answered 200")
