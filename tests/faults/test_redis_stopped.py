"""Fault: Redis stopped during play, then started again empty (no persistence, as after a crash).

Redis carries the channel layer (live updates), the cache and Celery's broker; PostgreSQL carries
the games. With Redis gone, moves still commit and answer 200: the live update is logged and dropped
(``games/broadcast.py``) and the events the moves publish stay in the outbox (``core/events.py``).
When Redis is back, a page that reconnects asks for a fresh copy and is up to date, and updates flow
again; beat's relay sends the held events and the worker runs their tasks once — one rating change
per player, one notice per player.
"""

import json
import subprocess
import time

import pytest
import requests
from django.conf import settings
from django.test import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from core.models import EventRecord
from games import services
from games.models import Game, GameStatus, Move
from notifications.models import Notification
from ratings.models import RatingChange

from .harness import PYTHON, ROOT, check_games_and_ratings, wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.worker]

RELAY_AS_BEAT_WOULD = """
import django, datetime
django.setup()
from django.utils import timezone
from core import events
print("relayed", events.relay(now=timezone.now() + datetime.timedelta(minutes=1)))
"""


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def open_socket(server, game, cookie):
    url = server.url.replace("http://", "ws://") + f"/ws/games/{game.pk}/"
    return connect(url, additional_headers={"Cookie": cookie, "Origin": server.url}, open_timeout=10)


def next_version(socket, timeout: float = 10) -> int:
    """The version in the next game message (a player's page also gets its chat)."""
    while True:
        message = json.loads(socket.recv(timeout=timeout))
        if message["type"] == "game":
            return message["game"]["version"]


def test_moves_commit_without_redis_and_everything_catches_up_once_it_returns(
    private_redis, fault_env, start_web, start_worker, alice, bob, token_for, tmp_path
):
    env = fault_env(REDIS_URL=private_redis.url(0), CELERY_BROKER_URL=private_redis.url(1))
    playing = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1, options={"target": 1000})
    ending = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=2, options={"target": 3})
    later = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3, options={"target": 3})
    tokens = {alice.pk: token_for(alice), bob.pk: token_for(bob)}
    server = start_web(env)
    start_worker(env)
    version = {game.pk: game.version for game in (playing, ending, later)}
    turn = {game.pk: 0 for game in (playing, ending, later)}

    def move(game, n=1) -> requests.Response:
        player = (alice, bob)[turn[game.pk] % 2]
        body = {"move": {"type": "add", "n": n}, "version": version[game.pk],
                "idempotency_key": f"{game.pk}-{turn[game.pk]}"}
        answer = requests.post(f"{server.url}/api/games/{game.pk}/moves/", json=body, headers=tokens[player.pk],
                               timeout=30)
        assert answer.status_code == 200, answer.text[:500]
        version[game.pk] = answer.json()["version"]
        turn[game.pk] += 1
        return answer

    # Live before the fault: a move reaches the open page.
    cookie = session_cookie(alice)
    with open_socket(server, playing, cookie) as before:
        before.send(json.dumps({"type": "refresh"}))
        assert next_version(before) == version[playing.pk]
        move(playing)
        assert next_version(before) == version[playing.pk]

        private_redis.stop()
        outage = time.monotonic()
        took = []
        for _ in range(3):
            started = time.monotonic()
            move(playing)
            took.append(time.monotonic() - started)
        started = time.monotonic()
        move(ending, n=3)  # finishes the game: its rating and notices are Celery tasks, Redis is down
        took.append(time.monotonic() - started)
        assert Game.objects.get(pk=ending.pk).status == GameStatus.FINISHED
        assert Move.objects.filter(game=playing, source="player").count() == 4
        held = EventRecord.objects.filter(topic__endswith="GameFinished", sent_at=None)
        assert held.count() == 1 and held.get().payload["game_id"] == ending.pk
        assert not RatingChange.objects.exists()
        # The page's socket is closed (the page then reconnects) rather than left open and deaf.
        closed = time.monotonic()
        with pytest.raises(ConnectionClosed):
            while True:
                before.recv(timeout=30)
        closed = time.monotonic() - closed
    time.sleep(max(0.0, 5 - (time.monotonic() - outage)))  # down long enough for every client to notice
    private_redis.start()
    outage = time.monotonic() - outage

    # The reconnected page catches up with the moves made during the outage, and updates flow again.
    def reconnects() -> bool:
        try:
            with open_socket(server, playing, cookie):
                return True
        except (OSError, ConnectionClosed, TimeoutError):
            return False

    wait_for(reconnects, 30, "the game socket to accept again", interval=0.5)
    with open_socket(server, playing, cookie) as after:
        after.send(json.dumps({"type": "refresh"}))
        assert next_version(after) == version[playing.pk]
        move(playing)
        assert next_version(after) == version[playing.pk]

    # The web process's Celery client works again: a game finished now is rated straight away.
    move(later, n=3)
    def held() -> str:  # says, on failure, whether the web process or the worker dropped it
        return "held in the outbox" if EventRecord.objects.filter(
            sent_at=None, payload__game_id=later.pk).exists() else "sent to the broker"

    wait_for(lambda: RatingChange.objects.filter(game=later).count() == 2, 60,
             lambda: f"the rating after the outage (its event: {held()})")
    assert not RatingChange.objects.filter(game=ending).exists()  # still held: nothing has relayed it yet

    # Beat's relay (every minute) sends what the outage held; the worker runs each task once.
    for _ in range(2):
        relay = subprocess.run([PYTHON, "-c", RELAY_AS_BEAT_WOULD], env=env, cwd=ROOT, capture_output=True,
                               text=True, timeout=60)
        assert relay.returncode == 0, relay.stderr[-2000:]
    wait_for(lambda: RatingChange.objects.filter(game=ending).count() == 2, 60, "the held rating to be applied")
    wait_for(lambda: Notification.objects.filter(game=ending, kind="game_over").count() == 2, 30, "the notices")
    time.sleep(2)  # anything sent twice would have run by now
    assert RatingChange.objects.filter(game=ending).count() == 2
    assert Notification.objects.filter(game=ending, kind="game_over").count() == 2
    assert not EventRecord.objects.filter(sent_at=None).exists()  # the outbox is empty again
    check_games_and_ratings()
    print(f"\nRedis down {outage:.1f} s; moves during the outage took {', '.join(f'{t:.2f}' for t in took)} s; "
          f"the socket closed {closed:.1f} s after the outage moves")
