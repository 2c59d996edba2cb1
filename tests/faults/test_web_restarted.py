"""Fault: the web process (uvicorn, ``config.asgi``) restarted while moves are in flight — once killed
(SIGKILL, a crash) and once stopped (SIGTERM, a deploy).

Clients play games to the end through the API, each move with an idempotency key; a request that gets
no answer (connection refused or reset) or a 5xx is sent again, unchanged, until it is answered — what
the game page does. Afterwards every acknowledged (2xx) move is in the database exactly once, the
database holds no move that was not acknowledged, and every game replays to its stored state.
"""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
import requests
from django.utils import timezone

from core import events
from games import services
from games.models import Game, GameStatus, Move, Seat

from .harness import check_games_and_ratings, wait_for

pytestmark = [pytest.mark.postgres]

GAMES = 4
TARGET = 40  # moves per game: every move adds 1


def test_every_acknowledged_move_is_stored_once_across_restarts(start_web, alice, bob, token_for):
    games = [services.game_create(creator=alice, kind="toy", opponents=[bob], seed=i, options={"target": TARGET})
             for i in range(GAMES)]
    headers = {alice.pk: token_for(alice), bob.pk: token_for(bob)}
    server = start_web()
    acknowledged: dict[int, list[tuple[str, int]]] = {g.pk: [] for g in games}  # game -> [(key, seq)]
    retries = {"sent again": 0, "no answer": 0, "5xx": 0}
    lock = threading.Lock()

    # Read here: a thread's own database connection would outlive the test database.
    seats_of = {g.pk: dict(Seat.objects.filter(game=g).values_list("index", "user_id")) for g in games}

    def play(game: Game) -> None:
        session = requests.Session()
        seats, version = seats_of[game.pk], game.version
        for n in range(TARGET):
            key = f"game-{game.pk}-move-{n}"
            body = {"move": {"type": "add", "n": 1}, "version": version, "idempotency_key": key}
            deadline = time.monotonic() + 60
            while True:
                assert time.monotonic() < deadline, f"move {key} never acknowledged"
                try:
                    answer = session.post(f"{server.url}/api/games/{game.pk}/moves/", json=body,
                                          headers=headers[seats[n % 2]], timeout=15)
                except requests.ConnectionError:
                    with lock:
                        retries["no answer"] += 1
                    session = requests.Session()
                    time.sleep(0.1)
                    continue
                if answer.status_code >= 500:
                    with lock:
                        retries["5xx"] += 1
                    time.sleep(0.1)
                    continue
                assert answer.status_code == 200, (key, answer.status_code, answer.text[:300])
                break
            with lock:
                acknowledged[game.pk].append((key, answer.json()["seq"]))
            version = answer.json()["version"]

    def total() -> int:
        with lock:
            return sum(len(moves) for moves in acknowledged.values())

    with ThreadPoolExecutor(GAMES) as pool:
        players = [pool.submit(play, game) for game in games]
        wait_for(lambda: total() >= 30, 60, "30 acknowledged moves")
        server.kill()  # a crash: requests in flight get no answer
        server.start()
        wait_for(lambda: total() >= 80, 60, "80 acknowledged moves")
        server.stop()  # a deploy: uvicorn finishes what it has, refuses the rest
        server.start()
        for player in players:
            player.result()
    retries["sent again"] = retries["no answer"] + retries["5xx"]

    assert retries["no answer"] > 0  # the restarts did catch requests in flight
    for game in games:
        moves = list(
            Move.objects.filter(game=game, source="player").order_by("seq").values_list("idempotency_key", "seq")
        )
        assert sorted(moves) == sorted(acknowledged[game.pk])  # all acknowledged, once each, nothing else
        seqs = [seq for _, seq in moves]
        assert seqs == list(range(seqs[0], seqs[0] + TARGET))
        game.refresh_from_db()
        assert game.status == GameStatus.FINISHED and game.state["total"] == TARGET
    # A game finished by a request the crash cut short may have left its GameFinished in the outbox
    # (committed, not yet sent): beat's relay sends it within minutes. Run it now, as beat would.
    events.relay(now=timezone.now() + timedelta(minutes=1))
    check_games_and_ratings()
    print(f"\nweb restarted twice: {GAMES * TARGET} moves acknowledged, {retries}")
