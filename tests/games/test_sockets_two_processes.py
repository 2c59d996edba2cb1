"""A move submitted to one web process reaches a socket held by another.

Two real uvicorn processes (``config.asgi``) on free ports share the test's PostgreSQL database and the
Redis channel layer; a socket is opened on the first, the move is posted over HTTP to the second, and the
socket must receive the new version.  Needs PostgreSQL and Redis (``DATABASE_URL``, ``REDIS_URL``):
skipped without them, failing in CI.
"""

import http.client
import json
import os
import socket
import subprocess
import sys
import time

import pytest
from websockets.sync.client import connect

from accounts.api_tokens import api_token_issue
from games import services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis, pytest.mark.postgres]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(process: subprocess.Popen, port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"uvicorn on port {port} exited with {process.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/lexicons/")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"uvicorn on port {port} did not come up within 60 s")


@pytest.fixture
def two_web_processes(postgres, redis_url, settings):
    from django.db import connection

    db = connection.settings_dict
    env = dict(
        os.environ,
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
        REDIS_URL=redis_url, DATABASE_POOL="false", DEBUG="False", SECRET_KEY="two-processes-test",
        SECURE_SSL_REDIRECT="False", LOG_LEVEL="ERROR", EXTRA_GAME_KINDS="tests.games.toy_kind",
        CELERY_TASK_ALWAYS_EAGER="true", PYTHONWARNINGS="ignore:No directory at",
        # Keys of their own: another run on the same Redis may have a game with the same id.
        CHANNEL_LAYER_PREFIX=f"two-processes-{time.monotonic_ns()}",
    )
    ports = [free_port(), free_port()]
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
             "--no-access-log", "--log-level", "warning"],
            cwd=settings.BASE_DIR, env=env,
        )
        for port in ports
    ]
    try:
        for process, port in zip(processes, ports, strict=True):
            wait_up(process, port)
        yield ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()


def post_move(port: int, game_id: int, token: str, version: int) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"version": version, "move": {"type": "add", "n": 2}, "idempotency_key": "two-processes-1"})
    conn.request("POST", f"/api/games/{game_id}/moves/", body=body,
                 headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    assert response.status == 200, data[:300]
    return json.loads(data)


def test_a_move_posted_to_one_process_reaches_a_socket_on_the_other(two_web_processes, alice, bob):
    socket_port, move_port = two_web_processes
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)
    token = api_token_issue(user=alice)
    # A spectator's socket (no session): it gets the public view, which says the version.
    with connect(f"ws://127.0.0.1:{socket_port}/ws/games/{game.pk}/", origin=f"http://127.0.0.1:{socket_port}",
                 open_timeout=30) as sock:
        sock.send(json.dumps({"type": "refresh"}))
        first = json.loads(sock.recv(timeout=30))
        assert first["type"] == "game" and first["game"]["version"] == game.version

        answer = post_move(move_port, game.pk, token, game.version)
        assert answer["version"] == game.version + 1

        deadline = time.monotonic() + 30
        while True:  # the refresh may also have sent parts; the update is the next "game" message
            message = json.loads(sock.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message["type"] == "game" and message["game"]["version"] == answer["version"]:
                break
