"""Benchmark of many open game sockets on several web processes: every update reaches every socket, and
how long it takes from the move's commit to the socket, against a bare channel-layer baseline measured in
the same run.

In one run this script

1. drops and recreates the PostgreSQL database ``letterpost_socket_bench`` (127.0.0.1:5432, user postgres),
   migrates it and creates ``--games`` never-ending toy games through the services, each between its own
   two players, with an API token and a signed-in session for each player;
2. starts two uvicorn processes (``bench/asgi_bench.py``: the real ``config.asgi.application`` with the
   toy engine registered) sharing the Redis channel layer (``--redis-url``, under a key prefix of this run);
3. opens one game socket (``/ws/games/<id>/``) per player, signed in as that player: seat 0's on the first
   process, seat 1's on the second, so every update crosses processes for half the sockets
   (2 × ``--games`` sockets, 1,000 at the default size);
4. submits ``--moves`` moves over HTTP, alternating between the two processes, by ``--clients`` threads;
   each socket records when it first sees each version of its game;
5. checks that every socket received every version of its game and reports the delay from the move's
   commit (its row's ``created_at``, written in the committing transaction) to each delivery, p50/p99;
   and, since a socket that falls behind answers several moves with one render of the game as it is now,
   the delay from each commit until the socket showed that version or a later one ("shown");
6. one game's move answers timed alone and then watched by ``--spectators`` anonymous sockets (the caps
   lifted: all come from 127.0.0.1), and the delay from each commit to the last spectator, with the
   spectators' shared render and with the plain path, each on two fresh web processes;
7. the baseline: the same number of bare ``channel_layer.group_send`` messages to groups of two channels
   read with ``channel_layer.receive`` in this process (no WebSocket, no render), send → receive p50/p99.

Run with ``.venv/bin/python bench/socket_bench.py [--help]``; never run by the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "bench" / "results"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
import websockets  # noqa: E402

from bench.move_submission import (  # noqa: E402  (after the path is set)
    HttpClient,
    create_fixtures,
    free_port,
    migrate,
    recreate_database,
    start_server,
    stop_server,
)


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


def sessions_for(user_ids: list[int]) -> dict[int, str]:
    """A signed-in session (its cookie value) for each user, as a login would make."""
    from django.test import Client

    from accounts.models import User

    out = {}
    for user in User.objects.filter(pk__in=user_ids):
        client = Client()
        client.force_login(user)
        out[user.pk] = client.cookies["sessionid"].value
    return out


class Sockets:
    """The game sockets, in an event loop of their own thread; ``seen[(game, seat)][version]`` is the wall
    clock time the socket first saw that version."""

    def __init__(self, games, sessions: dict[int, str], ports: list[int]):
        self.games, self.sessions, self.ports = games, sessions, ports
        self.seen: dict[tuple[int, int], dict[int, float]] = {}
        self.connected = 0
        self.errors: list[str] = []
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self, timeout: float) -> None:
        self.thread.start()
        if not self.ready.wait(timeout):
            raise SystemExit(f"only {self.connected} sockets connected within {timeout:.0f} s")

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(60)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        self.stop = asyncio.Event()
        wanted = sum(len(g.seats) for g in self.games)
        tasks = []
        for game in self.games:
            for seat in (0, 1):
                tasks.append(asyncio.create_task(self._socket(game.id, seat, game.seats[seat].user_id, wanted)))
                await asyncio.sleep(0.002)  # a gentle ramp: 500 connections a second
        await self.stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _socket(self, game_id: int, seat: int, user_id: int, wanted: int) -> None:
        port = self.ports[seat % len(self.ports)]
        seen = self.seen.setdefault((game_id, seat), {})
        headers = {"Cookie": f"sessionid={self.sessions[user_id]}"}
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}/",
                                          origin=f"http://127.0.0.1:{port}", additional_headers=headers,
                                          open_timeout=120, max_size=2**22) as ws:
                self.connected += 1
                if self.connected == wanted:
                    self.ready.set()
                async for raw in ws:
                    now = time.time()
                    message = json.loads(raw)
                    if message.get("type") == "game":
                        if message["game"].get("seat") != seat:
                            self.errors.append(f"game {game_id}: seat {seat}'s socket got seat "
                                               f"{message['game'].get('seat')}'s view")
                        seen.setdefault(message["game"]["version"], now)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001  (reported, not fatal: the check below counts the misses)
            self.errors.append(f"game {game_id} seat {seat}: {type(exc).__name__}: {exc}")


class Spectators(Sockets):
    """``count`` anonymous sockets watching one game, half on each process; ``seen[(game, n)][version]``
    as for the players' sockets."""

    def __init__(self, game, ports: list[int], count: int):
        super().__init__([game], {}, ports)
        self.count = count

    async def _main(self) -> None:
        self.stop = asyncio.Event()
        game = self.games[0]
        tasks = []
        for n in range(self.count):
            tasks.append(asyncio.create_task(self._watch(game.id, n)))
            await asyncio.sleep(0.002)
        await self.stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _watch(self, game_id: int, n: int) -> None:
        port = self.ports[n % len(self.ports)]
        seen = self.seen.setdefault((game_id, n), {})
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}/",
                                          origin=f"http://127.0.0.1:{port}", open_timeout=120,
                                          max_size=2**22) as ws:
                await ws.send('{"type": "refresh"}')
                first = True
                async for raw in ws:
                    message = json.loads(raw)
                    if message.get("type") == "game":
                        seen.setdefault(message["game"]["version"], time.time())
                        if first:
                            first = False
                            self.connected += 1
                            if self.connected == self.count:
                                self.ready.set()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001  (reported)
            self.errors.append(f"spectator {n}: {type(exc).__name__}: {exc}")


def timed_moves(game, ports: list[int], moves: int, gap: float) -> list[float]:
    """``moves`` moves of one game, one at a time, ``gap`` seconds apart, alternating the processes: each
    answer's time in ms."""
    conns = [HttpClient(port) for port in ports]
    took = []
    try:
        for n in range(moves):
            t = time.perf_counter()
            conns[n % len(conns)].submit(game)
            took.append((time.perf_counter() - t) * 1000)
            time.sleep(gap)
    finally:
        for conn in conns:
            conn.close()
    return took


def spectator_phase(server_env: dict, game, count: int, moves: int, database_url: str) -> dict:
    """One game's move answers alone and then watched by ``count`` anonymous spectators, and how long the
    last spectator waits for each move: with the spectators' shared render (the default) and without it
    (``SHARED_SPECTATOR_RENDER=false``, the plain path), each on two fresh web processes."""
    results = {}
    for shared in (True, False):
        env = dict(server_env, SHARED_SPECTATOR_RENDER=str(shared).lower())
        ports = [free_port(), free_port()]
        servers = [start_server(env, port, 1, "bench.asgi_bench:application") for port in ports]
        try:
            alone = timed_moves(game, ports, moves, 0.2)
            spectators = Spectators(game, ports, count)
            t = time.perf_counter()
            spectators.start(timeout=600)
            connected_in = time.perf_counter() - t
            first = game.version + 1
            watched = timed_moves(game, ports, moves, 0.2)
            versions = set(range(first, game.version + 1))
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and any(max(seen, default=0) < game.version
                                                      for seen in spectators.seen.values()):
                time.sleep(0.5)
            spectators.close()
        finally:
            for server in servers:
                stop_server(server)
        with psycopg.connect(database_url) as conn:
            created = {seq: at.timestamp() for seq, at in conn.execute(
                "SELECT seq, created_at FROM games_move WHERE game_id = %s", [game.id])}
        # A socket behind answers several moves with one render of the game as it is now: a version counts
        # as shown when the socket showed it or a later one.
        def shown_at(seen: dict, version: int) -> float | None:
            return min((at for v, at in seen.items() if v >= version), default=None)

        never = sum(1 for seen in spectators.seen.values() for v in versions if shown_at(seen, v) is None)
        missing = never
        last = []
        for v in sorted(versions):
            times = [shown_at(seen, v) for seen in spectators.seen.values()]
            if v in created and None not in times:
                last.append((max(times) - created[v]) * 1000)
        name = "shared render" if shared else "plain path"
        result = results[name] = {
            "spectators": count, "connected_in_s": round(connected_in, 1), "moves": moves,
            "answer_alone_p50_ms": round(statistics.median(alone), 1),
            "answer_alone_p99_ms": round(pct(alone, 99), 1),
            "answer_watched_p50_ms": round(statistics.median(watched), 1),
            "answer_watched_p99_ms": round(pct(watched, 99), 1),
            "commit_to_last_spectator_p50_ms": round(statistics.median(last), 1) if last else None,
            "commit_to_last_spectator_max_ms": round(max(last), 1) if last else None,
            "never_shown": missing, "errors": spectators.errors[:10],
        }
        print(f"* {name}: one game's move answer alone p50 {result['answer_alone_p50_ms']} ms, p99 "
              f"{result['answer_alone_p99_ms']} ms; watched by {count} anonymous spectators p50 "
              f"{result['answer_watched_p50_ms']} ms, p99 {result['answer_watched_p99_ms']} ms; commit → last "
              f"spectator p50 {result['commit_to_last_spectator_p50_ms']} ms, max "
              f"{result['commit_to_last_spectator_max_ms']} ms (shown in that version or a later one); {missing} "
              f"never shown", flush=True)
    return results


def submit_moves(games, ports: list[int], moves: int, clients: int, rate: float = 0.0) -> float:
    """``moves`` moves, round-robin over the games, each to the other process than the last, at most
    ``rate`` a second in all (0: as fast as the server takes them); returns the seconds taken."""
    share = [games[n::clients] for n in range(clients)]
    gap = clients / rate if rate else 0.0  # each client's time between its moves

    def worker(mine, index):
        conns = [HttpClient(port) for port in ports]
        start = time.perf_counter() + index * gap / clients
        try:
            for n in range(moves // clients):
                if gap:
                    time.sleep(max(0.0, start + n * gap - time.perf_counter()))
                conns[(n + index) % len(conns)].submit(mine[n % len(mine)])
        finally:
            for conn in conns:
                conn.close()

    threads = [threading.Thread(target=worker, args=(mine, i)) for i, mine in enumerate(share)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


async def layer_baseline(redis_url: str, prefix: str, groups: int, messages: int) -> dict:
    """Bare channels-redis: ``groups`` groups of two channels; ``messages`` group_sends round-robin over
    them, each timed from the send to its receipt on both channels."""
    from channels_redis.core import RedisChannelLayer

    layer = RedisChannelLayer(hosts=[redis_url], prefix=f"{prefix}-baseline")
    channels = {}
    for g in range(groups):
        pair = [await layer.new_channel() for _ in range(2)]
        for channel in pair:
            await layer.group_add(f"g{g}", channel)
        channels[g] = pair
    delays = []
    per_round = min(groups, 50)  # concurrent sends, like moves landing together
    for first in range(0, messages, per_round):
        batch = [(first + k) % groups for k in range(min(per_round, messages - first))]

        async def one(g):
            start = time.perf_counter()
            await layer.group_send(f"g{g}", {"type": "game.changed", "game": g, "version": 1})
            received = await asyncio.gather(*(layer.receive(c) for c in channels[g]))
            assert all(m["game"] == g for m in received)
            delays.append((time.perf_counter() - start) * 1000)

        await asyncio.gather(*(one(g) for g in batch))
    await layer.flush()
    return {"messages": len(delays), "deliveries": 2 * len(delays), "p50_ms": round(statistics.median(delays), 2),
            "p99_ms": round(pct(delays, 99), 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games; two sockets each (default 500: 1,000 sockets)")
    parser.add_argument("--moves", type=int, default=2_000, help="moves submitted while the sockets are open")
    parser.add_argument("--clients", type=int, default=4, help="threads submitting moves")
    parser.add_argument("--idle", type=float, default=2.0, help="seconds between the last connect and the first move")
    parser.add_argument("--rate", type=float, default=50.0,
                        help="moves a second in all (default 50; 0: as fast as the server takes them)")
    parser.add_argument("--settle", type=float, default=30.0, help="seconds to wait for the last deliveries")
    parser.add_argument("--spectators", type=int, default=2000,
                        help="anonymous spectators of one game for the last phase (0: no such phase)")
    parser.add_argument("--spectator-moves", type=int, default=20, help="moves timed alone and then watched")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="letterpost_socket_bench")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/9")
    args = parser.parse_args()
    args.moves -= args.moves % args.clients

    load_before = os.getloadavg()
    database_url = f"{args.pg}/{args.db}"
    recreate_database(f"{args.pg}/postgres", args.db)
    env = dict(os.environ, DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings", DATABASE_POOL="false",
               DEBUG="False", SECRET_KEY="bench-only-not-secret", SESSION_COOKIE_SECURE="False",
               # Every bench socket comes from 127.0.0.1 and a few users: lift the per-address and per-user caps.
               SOCKETS_PER_ADDRESS="1000000", SOCKETS_PER_USER="1000000", ANONYMOUS_SOCKETS_PER_PATH="1000000")
    env.pop("REDIS_URL", None)
    migrate(env)
    os.environ.update(DEBUG="False", SECRET_KEY="bench-only-not-secret")
    t = time.perf_counter()
    games = [g for per_client in create_fixtures(database_url, [("sock", args.games, 1)])["sock"] for g in per_client]
    sessions = sessions_for([s.user_id for g in games for s in g.seats])
    print(f"* {len(games)} games, {len(sessions)} players with sessions in {time.perf_counter() - t:.1f} s",
          flush=True)
    prefix = f"socketbench-{os.getpid()}"
    server_env = dict(
        env, REDIS_URL=args.redis_url, CHANNEL_LAYER_PREFIX=prefix, LOG_LEVEL="ERROR", SECURE_SSL_REDIRECT="False",
        PYTHONWARNINGS="ignore:No directory at", PYTHONPATH=str(ROOT),
    )
    server_env.pop("DATABASE_POOL")
    ports = [free_port(), free_port()]
    servers = [start_server(server_env, port, 1, "bench.asgi_bench:application") for port in ports]
    sockets = Sockets(games, sessions, ports)
    try:
        t = time.perf_counter()
        sockets.start(timeout=300)
        print(f"* {sockets.connected} sockets connected in {time.perf_counter() - t:.1f} s "
              f"(seat 0 on :{ports[0]}, seat 1 on :{ports[1]})", flush=True)
        time.sleep(args.idle)
        start_versions = {g.id: g.version for g in games}
        seconds = submit_moves(games, ports, args.moves, args.clients, args.rate)
        print(f"* {args.moves} moves submitted in {seconds:.1f} s ({args.moves / seconds:.1f}/s)", flush=True)
        deadline = time.monotonic() + args.settle
        expected = {g.id: set(range(start_versions[g.id] + 1, g.version + 1)) for g in games}

        def missing() -> int:
            return sum(len(expected[gid] - set(seen)) for (gid, _seat), seen in sockets.seen.items())

        while missing() and time.monotonic() < deadline:
            time.sleep(0.5)
        still_connected = sockets.connected - sum(1 for e in sockets.errors if "seat" in e)
        lost = missing()
    finally:
        sockets.close()
        for server in servers:
            stop_server(server)
    spectated = (spectator_phase(server_env, games[0], args.spectators, args.spectator_moves, database_url)
                 if args.spectators else None)
    with psycopg.connect(database_url) as conn:
        created = {(gid, seq): at.timestamp() for gid, seq, at in conn.execute(
            "SELECT game_id, seq, created_at FROM games_move WHERE game_id = ANY(%s)", [[g.id for g in games]])}
    delays = [(at - created[(gid, version)]) * 1000 for (gid, _seat), seen in sockets.seen.items()
              for version, at in seen.items() if version in expected[gid]]
    # A page shows the game as it is: a version first seen in a later one (two moves read by one render)
    # reached the player then.  Shown = the first time the socket showed this version or a later one.
    shown, never = [], 0
    for (gid, _seat), seen in sockets.seen.items():
        for version in expected[gid]:
            later = [at for v, at in seen.items() if v >= version]
            if later:
                shown.append((min(later) - created[(gid, version)]) * 1000)
            else:
                never += 1
    deliveries = sum(len(v) for v in expected.values()) * 2
    socket_result = {"sockets": 2 * len(games), "moves": args.moves, "moves_per_s": round(args.moves / seconds, 1),
                     "deliveries_expected": deliveries, "deliveries_missing": lost, "errors": sockets.errors[:20],
                     "p50_ms": round(statistics.median(delays), 1) if delays else None,
                     "p99_ms": round(pct(delays, 99), 1) if delays else None,
                     "never_shown": never,
                     "shown_p50_ms": round(statistics.median(shown), 1) if shown else None,
                     "shown_p99_ms": round(pct(shown, 99), 1) if shown else None}
    print(f"* sockets: {deliveries - lost}/{deliveries} deliveries, commit → socket p50 {socket_result['p50_ms']} ms,"
          f" p99 {socket_result['p99_ms']} ms; {len(sockets.errors)} socket errors", flush=True)
    print(f"* shown in that version or a later one: {deliveries - never}/{deliveries}, commit → shown p50 "
          f"{socket_result['shown_p50_ms']} ms, p99 {socket_result['shown_p99_ms']} ms", flush=True)
    baseline = asyncio.run(layer_baseline(args.redis_url, prefix, len(games), args.moves))
    print(f"* baseline (bare group_send → receive, 2 channels per group): p50 {baseline['p50_ms']} ms,"
          f" p99 {baseline['p99_ms']} ms", flush=True)
    ratio = socket_result["p99_ms"] / baseline["p99_ms"] if delays and baseline["p99_ms"] else None
    print(f"\nevery socket received every update: {'yes' if not lost and still_connected else 'NO'}; "
          f"p99 socket / p99 bare layer = {ratio:.1f}×" if ratio else "no deliveries")
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    out = RESULTS_DIR / f"socket-{stamp}.json"
    out.write_text(json.dumps({
        "when": stamp, "machine": platform.platform(), "cpus": os.cpu_count(), "load_before": load_before,
        "load_after": os.getloadavg(), "games": args.games, "sockets": socket_result, "baseline": baseline,
        "spectators": spectated,
        "p99_ratio": ratio,
    }, indent=2))
    print(f"written to {out.relative_to(ROOT)}")
    return 0 if not lost else 1


if __name__ == "__main__":
    sys.exit(main())
