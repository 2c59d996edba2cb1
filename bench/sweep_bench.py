"""Benchmark of the deadline sweep (``games/services/deadlines.py``): queries issued and seconds taken over many
active games of which a few are due, against a baseline measured in the same run.

In one run this script

1. drops and recreates the PostgreSQL database ``letterpost_sweep_bench`` (127.0.0.1:5432, user
   postgres), migrates it, and writes ``--games`` active two-player games of the toy engine
   (``tests/games/toy_engine.py``) with psycopg ``COPY``: every seat to act has a deadline days away;
2. at 10 % of the games and then at all of them, measures
   - the baseline: the bare ``SELECT ... FOR UPDATE SKIP LOCKED`` of the games behind due seats (one query,
     nothing due),
   - the sweep with nothing due,
   - the sweep with ``--due`` seats due for a reminder (in-app + e-mail queued),
   - the sweep with ``--due`` seats past their deadline (timeouts through the move service, then the
     opponents' "your move" notices);
3. prints queries and seconds for each, says whether the aim (a query count that does not grow with the
   number of active games, and under a second) is met, and writes the same as JSON to ``bench/results/``.

Celery runs against the in-memory broker (tasks are queued, not run: e-mails belong to the workers) and
the channel layer is in-process.  Run with ``.venv/bin/python bench/sweep_bench.py [--help]``; never
run by the test suite.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "bench" / "results"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NOW = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)
DAYS = 3
# The aims at 1,000 due among 100,000 active games: reminders under 1 s, timeouts under 5 s.
AIM_SECONDS = {"sweep_nothing_due": 1.0, "sweep_due_reminders": 1.0, "sweep_due_timeouts": 5.0}


def recreate_database(admin_url: str, name: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def setup_django(database_url: str) -> None:
    os.environ.update(
        DATABASE_URL=database_url, DATABASE_POOL="false", CELERY_BROKER_URL="memory://",
        CELERY_TASK_ALWAYS_EAGER="false", DEBUG="false", SECRET_KEY="bench", LOG_LEVEL="WARNING",
    )
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
    import django

    django.setup()
    from engines import registry
    from tests.games.toy_engine import ENGINE

    registry.register(ENGINE)


def add_games(database_url: str, first: int, count: int, users: list[int]) -> None:
    """``count`` active toy games (ids from ``first``), seat 0 to act, its deadline 2 days away."""
    from tests.games.toy_engine import ENGINE

    state = ENGINE.setup(2, {"target": 1000}, 1)
    state["target"] = 10**9  # never ends
    state_json = json.dumps(state)
    deadline = NOW + timedelta(days=2)
    later = NOW + timedelta(days=1, hours=12)  # its 80 % reminder, not due yet
    games, seats = io.StringIO(), io.StringIO()
    for n in range(first, first + count):
        a, b = users[n % len(users)], users[(n + 1) % len(users)]
        games.write(f"{n}\ttoy\t{{}}\t1\t2\tactive\t{state_json}\t1\t0\t1\t{DAYS}\t{a}\t{NOW}\t{NOW}\n")
        seats.write(f"{n}\t0\t{a}\t0\tt\t{deadline}\t0\tf\t{later}\t1\tt\n")
        seats.write(f"{n}\t1\t{b}\t0\tf\t\\N\t0\tf\t\\N\t0\tt\n")
    with psycopg.connect(database_url) as conn:
        with conn.cursor().copy(
            "COPY games_game (id, kind, options, seed, seats_count, status, state, version, turn_id, turn_version,"
            " days_per_move, created_by_id, created_at, started_at) FROM STDIN"
        ) as copy:
            copy.write(games.getvalue())
        with conn.cursor().copy(
            'COPY games_seat (game_id, index, user_id, score, to_act, deadline, consecutive_timeouts, resigned,'
            " alert_at, alert_stage, accepted) FROM STDIN"
        ) as copy:
            copy.write(seats.getvalue())
        conn.execute("SELECT setval(pg_get_serial_sequence('games_game', 'id'), (SELECT max(id) FROM games_game))")
        conn.execute("ANALYZE games_game")
        conn.execute("ANALYZE games_seat")


def make_due(database_url: str, how: str, due: int, total: int) -> list[int]:
    """Reset every seat to "nothing due", then make ``due`` games (spread over the ids) due for ``how``."""
    step = max(1, total // due) if due else 1
    ids = list(range(1, total + 1, step))[:due]
    with psycopg.connect(database_url) as conn:
        conn.execute("DELETE FROM notifications_notification")
        conn.execute("DELETE FROM games_move")
        conn.execute(
            "UPDATE games_seat SET to_act = (index = 0), consecutive_timeouts = 0,"
            " deadline = CASE WHEN index = 0 THEN %(d)s::timestamptz END,"
            " alert_at = CASE WHEN index = 0 THEN %(r)s::timestamptz END, alert_stage = (index = 0)::int,"
            " reminded_hours = NULL"
            " WHERE alert_at IS NOT NULL OR deadline IS NOT NULL OR to_act",
            {"d": NOW + timedelta(days=2), "r": NOW + timedelta(days=1, hours=12)},
        )
        conn.execute("UPDATE games_game SET state = jsonb_set(jsonb_set(state::jsonb, '{current}', '0'),"
                     " '{turn}', '0')::json, version = 1, turn_id = '0', turn_version = 1"
                     " WHERE version <> 1")
        if how == "reminder":  # 12 hours left: the players' default 24-hour stage is due
            conn.execute("UPDATE games_seat SET deadline = %s, alert_at = %s WHERE index = 0 AND game_id = ANY(%s)",
                         [NOW + timedelta(hours=12), NOW - timedelta(minutes=1), ids])
        elif how == "timeout":
            conn.execute("UPDATE games_seat SET deadline = %s, alert_at = %s, reminded_hours = 2"
                         " WHERE index = 0 AND game_id = ANY(%s)",
                         [NOW - timedelta(minutes=1), NOW - timedelta(minutes=1), ids])
        conn.execute("ANALYZE games_seat")
    return ids


class QueryCounter:
    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def measure(work) -> dict:
    from django.db import connection, reset_queries

    reset_queries()
    counter = QueryCounter()
    with connection.execute_wrapper(counter):
        start = time.perf_counter()
        result = work()
        seconds = time.perf_counter() - start
    return {"queries": counter.count, "seconds": round(seconds, 4), "result": result}


def baseline() -> dict:
    from django.db import connection, transaction

    def work():
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT * FROM games_game WHERE id IN (SELECT game_id FROM games_seat WHERE alert_at <= %s"
                " ORDER BY alert_at LIMIT 200) ORDER BY id FOR UPDATE SKIP LOCKED", [NOW]
            )
            return len(cursor.fetchall())

    return measure(work)


def run_sweep() -> dict:
    from games.services.deadlines import sweep

    return measure(lambda: sweep(now=NOW).as_json())


def scenario_set(database_url: str, active: int, due: int) -> dict:
    out = {"active_games": active, "due": due}
    make_due(database_url, "none", 0, active)
    out["baseline_select"] = baseline()
    out["sweep_nothing_due"] = run_sweep()
    make_due(database_url, "reminder", due, active)
    out["sweep_due_reminders"] = run_sweep()
    make_due(database_url, "timeout", due, active)
    out["sweep_due_timeouts"] = run_sweep()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="active games at the full size")
    parser.add_argument("--due", type=int, default=1_000, help="games due in each due scenario")
    parser.add_argument("--admin-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--db", default="letterpost_sweep_bench")
    args = parser.parse_args()

    database_url = args.admin_url.rsplit("/", 1)[0] + "/" + args.db
    recreate_database(args.admin_url, args.db)
    setup_django(database_url)
    from accounts.models import User

    users = [User.objects.create(username=f"p{i}", email=f"p{i}@example.com").pk for i in range(200)]
    small = max(args.due, args.games // 10)
    t = time.perf_counter()
    add_games(database_url, 1, small, users)
    results = [scenario_set(database_url, small, args.due)]
    add_games(database_url, small + 1, args.games - small, users)
    print(f"(fixtures: {args.games} games written in {time.perf_counter() - t:.1f} s including the first set)")
    results.append(scenario_set(database_url, args.games, args.due))

    rows = ["baseline_select", "sweep_nothing_due", "sweep_due_reminders", "sweep_due_timeouts"]
    print(f"\n{'scenario':<22}" + "".join(f"{r['active_games']:>10} games: queries  seconds" for r in results))
    for row in rows:
        print(f"{row:<22}" + "".join(f"{r[row]['queries']:>26} {r[row]['seconds']:>8.3f}" for r in results))
    grows = any(results[0][row]["queries"] != results[1][row]["queries"] for row in rows)
    full = results[1]
    print(f"\nquery count grows with active games: {'YES' if grows else 'no'}")
    for row, aim in AIM_SECONDS.items():
        seconds = full[row]["seconds"]
        print(f"{row} at {args.games} games: {seconds:.3f} s (aim < {aim} s): {'met' if seconds < aim else 'NOT met'}")
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    out = RESULTS_DIR / f"sweep-{stamp}.json"
    out.write_text(json.dumps({"when": stamp, "machine": platform.platform(), "cpus": os.cpu_count(),
                               "load": os.getloadavg(), "results": results}, indent=2, default=str))
    print(f"written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
