"""The ASGI handler (``config.asgi.OneHopASGIHandler``): a request's sync work in one pooled thread, and
the sockets' broadcast after the response (``core.after_response``)."""

import asyncio
import contextvars
import json
import os
import random
import socket
import subprocess
import sys
import time

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import HttpCommunicator
from django.conf import settings as django_settings

from accounts.api_tokens import api_token_issue
from config import asgi
from games import services
from games.broadcast import game_group
from games.models import Move

# The one-hop handler is a piece of the speed wing: these tests drive it whatever the run's SPEED_WING.
django_asgi_app = (asgi.django_asgi_app if isinstance(asgi.django_asgi_app, asgi.OneHopASGIHandler)
                   else contextvars.Context().run(asgi.OneHopASGIHandler))

pytestmark = pytest.mark.django_db(transaction=True)


def post_move(game, token, key):
    async def run():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(game_group(game.pk), channel)
        body = json.dumps({"version": game.version, "move": {"type": "add", "n": 2}, "idempotency_key": key})
        request = HttpCommunicator(
            django_asgi_app, "POST", f"/api/games/{game.pk}/moves/", body=body.encode(),
            headers=[(b"host", b"testserver"), (b"content-type", b"application/json"),
                     (b"content-length", str(len(body)).encode()),
                     (b"authorization", f"Token {token}".encode())],
        )
        response = await request.get_response(timeout=10)
        await request.wait(timeout=10)  # the handler sends the broadcast once the response is out
        message = await asyncio.wait_for(layer.receive(channel), 1)
        return response, message

    return async_to_sync(run)()


def test_a_move_is_answered_then_its_game_group_is_told(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    response, message = post_move(game, api_token_issue(user=alice), "asgi-1")
    answer = json.loads(response["body"])
    assert response["status"] == 200 and answer["version"] == game.version + 1 and "view" in answer
    assert message == {"type": "game.changed", "game": game.pk, "version": game.version + 1}
    assert Move.objects.filter(game=game, idempotency_key="asgi-1").count() == 1


def test_a_refused_move_tells_no_socket_and_answers_its_error(alice, bob, carol):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    with pytest.raises(asyncio.TimeoutError):  # nothing was committed, so nothing is broadcast
        post_move(game, api_token_issue(user=carol), "asgi-2")


def test_loading_the_application_leaves_the_importing_context_clean():
    """Every request's context starts as a copy of the server's, and asgiref's thread hop walks each
    variable in it twice per request: loading the handler (which resolves URLs) must leave none there."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import contextvars, config.asgi; "
            "print(sum(var.name == 'asgiref.local' for var in contextvars.copy_context()))")
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"


def get_headers(path="/api/schema/"):
    async def run():
        request = HttpCommunicator(django_asgi_app, "GET", path, headers=[(b"host", b"testserver")])
        return (await request.get_response(timeout=30))["headers"]

    return dict(async_to_sync(run)())


def test_a_keep_alive_connection_is_handed_back_one_response_in_keep_alive_requests(settings, monkeypatch):
    settings.KEEP_ALIVE_REQUESTS = 1
    assert get_headers().get(b"Connection") == b"close"
    settings.KEEP_ALIVE_REQUESTS = 0
    assert b"Connection" not in get_headers()
    settings.KEEP_ALIVE_REQUESTS = 4
    monkeypatch.setattr(asgi, "random", random.Random(15))
    handed_back = sum(asgi.hand_back_connection() for _ in range(4000))
    assert 850 < handed_back < 1150  # a quarter, give or take four standard deviations


def test_the_server_closes_the_connection_it_hands_back(tmp_path):
    """uvicorn honours the header: after the response, the connection is closed from the server's end."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", KEEP_ALIVE_REQUESTS="1", DEBUG="False",
               SPEED_WING="true", SECRET_KEY="keep-alive-test", SECURE_SSL_REDIRECT="False",
               PYTHONWARNINGS="ignore:No directory at")
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
                               "--port", str(port), "--no-access-log", "--log-level", "warning"],
                              cwd=django_settings.BASE_DIR, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, "uvicorn exited"
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=30)
                break
            except OSError:
                assert time.monotonic() < deadline, "uvicorn did not come up within 60 s"
                time.sleep(0.2)
        with connection:
            connection.sendall(b"GET /api/schema/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
            received = b""
            while chunk := connection.recv(65536):  # ends only when the server closes its side
                received += chunk
        head = received.split(b"\r\n\r\n", 1)[0].lower()
        assert head.startswith(b"http/1.1 200") and b"\r\nconnection: close" in head
    finally:
        server.terminate()
        server.wait(15)


def test_requests_do_their_sync_work_on_web_threads_at_most_web_threads_at_once(settings):
    """Three times ``WEB_THREADS`` requests at once: each one's sync work runs on a web thread, and no more
    than ``WEB_THREADS`` run together (the others wait in the event loop for a free thread)."""
    import threading

    from django.core.signals import request_started

    running, peak, names, lock = [0], [0], set(), threading.Lock()

    def slow_start(**kwargs):
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
            names.add(threading.current_thread().name)
        time.sleep(0.2)  # long enough for the other requests to arrive meanwhile, even on a busy machine
        with lock:
            running[0] -= 1

    async def run():
        requests = [HttpCommunicator(django_asgi_app, "GET", "/no-such-page/", headers=[(b"host", b"testserver")])
                    for _ in range(3 * settings.WEB_THREADS)]
        return await asyncio.gather(*(request.get_response(timeout=30) for request in requests))

    request_started.connect(slow_start)
    try:
        responses = async_to_sync(run)()
    finally:
        request_started.disconnect(slow_start)
    assert [r["status"] for r in responses] == [404] * (3 * settings.WEB_THREADS)
    assert peak[0] == settings.WEB_THREADS
    assert len(names) == settings.WEB_THREADS and all(name.startswith("web") for name in names)


def test_a_web_process_will_not_start_with_fewer_than_one_web_thread():
    from pathlib import Path

    done = subprocess.run([sys.executable, "-W", "ignore", "-c", "import config.asgi"], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parents[2], timeout=120,
                          env={**os.environ, "WEB_THREADS": "0"})
    assert done.returncode != 0
    assert "ImproperlyConfigured: WEB_THREADS must be at least 1, not 0" in done.stderr


@pytest.mark.parametrize(("level", "printed"), [("ERROR", False), ("WARNING", True)])
def test_log_level_also_holds_back_djangos_own_warnings(level, printed):
    """The bench's servers run with LOG_LEVEL=ERROR and printed every readiness probe's 403 all the same."""
    from pathlib import Path

    code = ("import django, logging; django.setup(); "
            "logging.getLogger('django.request').warning('Forbidden: /api/games/')")
    # As in production: with DEBUG on, Django's own console handler prints its warnings whatever the level.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "LOG_LEVEL": level, "DEBUG": "False",
           "SECRET_KEY": "log-level-test-only"}
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, env=env,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 0, done.stderr
    assert ("Forbidden: /api/games/" in done.stderr) is printed
