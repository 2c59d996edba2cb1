"""Benchmark of a web process's memory: its resident set (RSS) after start, with both dictionaries loaded,
and while ``--moves`` moves go through it, against a stated bound on growth.

In one run this script

1. drops and recreates the PostgreSQL database ``letterpost_memory_bench`` (127.0.0.1:5432, user postgres),
   migrates it, loads the starter data (the English and Dutch dictionaries) and creates never-ending toy
   games through the services (``bench/move_submission.py``'s fixtures);
2. starts one uvicorn process (``bench/asgi_bench.py``: the real ``config.asgi.application`` with the toy
   engine registered; Redis channel layer on ``--redis-url``), production-like settings;
3. reads its RSS from ``/proc`` after start, after one word lookup in each dictionary (which loads that
   dictionary's index into the process), after a warm-up of ``--warmup`` moves, and every ``--sample``
   moves up to ``--moves`` moves submitted over HTTP by ``--clients`` client threads;
4. reports the growth from "dictionaries loaded and warmed up" to the end, against the bound
   (``--bound-mib``), and the slope over the second half of the run (MiB per 1,000 moves: a leak shows as a
   steady slope, a one-off cache as a step), and writes the same as JSON to ``bench/results/``.

Run with ``.venv/bin/python bench/memory_bench.py [--help]``; never run by the test suite.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "bench" / "results"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.move_submission import (  # noqa: E402  (after the path is set)
    HttpClient,
    create_fixtures,
    free_port,
    migrate,
    recreate_database,
    start_server,
    stop_server,
)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def lookup(port: int, code: str, word: str) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", f"/api/lexicons/{code}/words/{word}/")
    response = conn.getresponse()
    body = response.read()
    conn.close()
    if response.status != 200:
        raise RuntimeError(f"lookup {code}/{word}: HTTP {response.status} {body[:200]!r}")
    return json.loads(body)


def play(port: int, games_per_client: list, moves: int) -> None:
    """``moves`` moves split over the client threads, each playing its own games in turn."""
    per_client = moves // len(games_per_client)

    def worker(games):
        client = HttpClient(port)
        try:
            for n in range(per_client):
                client.submit(games[n % len(games)])
        finally:
            client.close()

    threads = [threading.Thread(target=worker, args=(games,)) for games in games_per_client]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=10_000, help="moves after the warm-up (default 10,000)")
    parser.add_argument("--warmup", type=int, default=500, help="moves before the reference reading")
    parser.add_argument("--sample", type=int, default=1_000, help="moves between readings")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--games", type=int, default=40, help="games (spread over the clients)")
    parser.add_argument("--bound-mib", type=float, default=20.0,
                        help="the stated bound on growth after the warm-up (MiB)")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--db", default="letterpost_memory_bench")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/9")
    args = parser.parse_args()

    load_before = os.getloadavg()
    database_url = f"{args.pg}/{args.db}"
    recreate_database(f"{args.pg}/postgres", args.db)
    env = dict(os.environ, DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings", DATABASE_POOL="false")
    env.pop("REDIS_URL", None)
    migrate(env)
    import subprocess

    subprocess.run([sys.executable, "manage.py", "load_starter_data"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    fixtures = create_fixtures(database_url, [("mem", args.clients, args.games // args.clients)])["mem"]
    server_env = dict(
        env, REDIS_URL=args.redis_url, LOG_LEVEL="ERROR", DEBUG="False", SECRET_KEY="bench-only-not-secret",
        SECURE_SSL_REDIRECT="False", PYTHONWARNINGS="ignore:No directory at", PYTHONPATH=str(ROOT),
    )
    server_env.pop("DATABASE_POOL")  # the server runs with the repository's default (the pool)
    port = free_port()
    server = start_server(server_env, port, 1, "bench.asgi_bench:application")  # one worker: one process
    readings: list[dict] = []

    def read(label: str, moves: int) -> float:
        value = rss_mib(server.pid)
        readings.append({"label": label, "moves": moves, "rss_mib": round(value, 1)})
        print(f"  {label:<28} {moves:>6} moves  RSS {value:7.1f} MiB", flush=True)
        return value

    try:
        read("started", 0)
        for code, word in (("en", "cat"), ("nl", "kat")):
            lookup(port, code, word)
            read(f"dictionary {code} loaded", 0)
        play(port, fixtures, args.warmup)
        reference = read("warmed up", args.warmup)
        done = 0
        while done < args.moves:
            step = min(args.sample, args.moves - done)
            start = time.perf_counter()
            play(port, fixtures, step)
            done += step
            read(f"after {step} more ({step / (time.perf_counter() - start):.0f}/s)", args.warmup + done)
    finally:
        stop_server(server)
    final = readings[-1]["rss_mib"]
    growth = final - reference
    half = [r for r in readings if r["moves"] >= args.warmup + args.moves // 2]
    slope = ((half[-1]["rss_mib"] - half[0]["rss_mib"]) / max(1, half[-1]["moves"] - half[0]["moves"]) * 1000
             if len(half) > 1 else 0.0)
    met = growth <= args.bound_mib
    print(f"\ngrowth after the warm-up: {growth:+.1f} MiB over {args.moves} moves (bound {args.bound_mib} MiB): "
          f"{'met' if met else 'NOT met'}; second-half slope {slope:+.2f} MiB per 1,000 moves")
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    out = RESULTS_DIR / f"memory-{stamp}.json"
    out.write_text(json.dumps({
        "when": stamp, "machine": platform.platform(), "cpus": os.cpu_count(), "load_before": load_before,
        "load_after": os.getloadavg(), "moves": args.moves, "bound_mib": args.bound_mib, "readings": readings,
        "growth_mib": round(growth, 1), "slope_mib_per_1000": round(slope, 2), "met": met,
    }, indent=2))
    print(f"written to {out.relative_to(ROOT)}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
