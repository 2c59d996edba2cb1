"""Benchmark of a league season: 10 divisions × 12 players through a whole season of simulated results.

Steps, each reported with its wall time and number of SQL queries:

1. ``season_start``: placement and every fixture created as a game (10 × 66 = 660 games, single round
   robin; ``--double`` for 1320);
2. the league page (all ten standings tables with every fixture) rendered at the start, at half time and
   at the end, through Django's test client as a logged-in player;
3. the simulated results: every game played to its end through ``games.services.game_submit_move``
   (toy engine, one or two moves a game; seat 0 wins, seat 1 wins or a draw, seeded) — with the rating
   task held back so that it can be measured on its own;
4. the rating updates: ``ratings.services.game_rate`` for every finished game, in finishing order;
5. ``season_end``: final places, promotion and relegation, the next season opened.

By default it runs on a fresh SQLite file in a temporary directory (``DATABASE_URL`` selects another
database, e.g. an empty PostgreSQL database).  Results are printed and written as JSON to
``bench/results/league_bench.json``.  Run with ``.venv/bin/python bench/league_bench.py [--help]``;
never run by the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "bench" / "results"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--divisions", type=int, default=10)
    parser.add_argument("--players", type=int, default=12, help="players per division")
    parser.add_argument("--double", action="store_true", help="double round robin")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory(prefix="league-bench-")
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp.name}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)  # in-memory channel layer, eager Celery: measure the Python and SQL
    os.environ["EMAIL_URL"] = "dummymail://"  # the your-move e-mails of 660 new games are not the subject
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    env = dict(os.environ, EXTRA_GAME_KINDS="tests.games.toy_kind")
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    results = run(args)
    tmp.cleanup()

    print(f"\nLeague season: {args.divisions} divisions × {args.players} players "
          f"({'double' if args.double else 'single'} round robin), {results['database']}")
    print(f"{'step':<34} {'seconds':>9} {'queries':>9} {'per item':>22}")
    for step in results["steps"]:
        per = ""
        if step.get("items"):
            per = f"{step['seconds'] * 1000 / step['items']:.2f} ms, {step['queries'] / step['items']:.1f} q / item"
        print(f"{step['name']:<34} {step['seconds']:>9.3f} {step['queries']:>9} {per:>22}")
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    out = RESULTS_DIR / "league_bench.json"
    out.write_text(json.dumps(results, indent=2))
    print(f"\nwritten to {out.relative_to(ROOT)}")


def run(args) -> dict:
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import override_settings

    from accounts.models import User
    from core import events as core_events
    from engines import registry
    from games import services as game_services
    from games.models import Game, GameStatus
    from leagues import services
    from leagues.models import Fixture
    from ratings import services as rating_services
    from tests.games.toy_engine import ENGINE as TOY

    registry.register(TOY)
    steps: list[dict] = []

    counter = {"queries": 0}

    def count(execute, sql, params, many, context):
        counter["queries"] += 1
        return execute(sql, params, many, context)

    def measure(name: str, fn, items: int | None = None):
        # An execute wrapper rather than CaptureQueriesContext, whose log keeps only 9000 queries.
        counter["queries"] = 0
        with connection.execute_wrapper(count):
            start = time.perf_counter()
            value = fn()
            seconds = time.perf_counter() - start
        steps.append({"name": name, "seconds": round(seconds, 4), "queries": counter["queries"], "items": items})
        return value

    total = args.divisions * args.players
    users = []
    for i in range(total):
        user = User(username=f"bench{i:04d}", email=f"bench{i:04d}@bench.invalid")
        user.set_unusable_password()
        users.append(user)
    User.objects.bulk_create(users)
    users = list(User.objects.filter(username__startswith="bench").order_by("username"))
    league = services.league_create(
        creator=users[0], name="Bench league", kind="toy", options={"target": 3},
        division_min=args.players // 2, division_max=args.players, promote=2, relegate=2,
        double_round_robin=args.double,
    )
    for user in users:
        services.league_join(league_id=league.pk, user=user)

    season = measure("season_start (fixtures created)", lambda: services.season_start(league_id=league.pk,
                                                                                       actor=users[0]))
    game_ids = list(Fixture.objects.filter(division__season=season).order_by("pk").values_list("game_id", flat=True))
    steps[-1]["items"] = len(game_ids)

    client = Client()
    client.force_login(users[5])
    url = f"/leagues/{league.pk}/"

    def render():
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        return len(response.content)

    with override_settings(ALLOWED_HOSTS=["*"]):
        measure("league page render (start)", render)

        # Results without the events' handlers (ratings, the season's end), measured on their own below.
        subscriptions = dict(core_events._subscriptions)
        core_events._subscriptions.clear()
        rng = random.Random(args.seed)
        seats = {}
        for game in Game.objects.filter(pk__in=game_ids).prefetch_related("seats__user"):
            seats[game.pk] = {s.index: s.user for s in game.seats.all()}

        def play(ids):
            for game_id in ids:
                plan = rng.choice(([3], [1, 2], [2, 2]))  # seat 0 wins, seat 1 wins, a draw
                version = Game.objects.filter(pk=game_id).values_list("version", flat=True).get()
                for turn, n in enumerate(plan):
                    answer = game_services.game_submit_move(
                        game_id=game_id, user=seats[game_id][turn % 2], move={"type": "add", "n": n},
                        version=version, idempotency_key=f"bench-{game_id}-{turn}",
                    )
                    version = answer["version"]

        half = len(game_ids) // 2
        measure("results: first half of games", lambda: play(game_ids[:half]), items=half)
        measure("league page render (half time)", render)
        measure("results: second half of games", lambda: play(game_ids[half:]), items=len(game_ids) - half)
        core_events._subscriptions.update(subscriptions)
        assert not Game.objects.filter(pk__in=game_ids, status=GameStatus.ACTIVE).exists()

        finished = list(Game.objects.filter(pk__in=game_ids).order_by("finished_at", "pk").values_list("pk", flat=True))

        def rate():
            for game_id in finished:
                rating_services.game_rate(game_id=game_id)

        measure("rating updates (game_rate)", rate, items=len(finished))
        measure("league page render (all played)", render)
        measure("season_end (places, next season)", lambda: services.season_end(league_id=league.pk))
        measure("ratings --check (recompute)", lambda: rating_services.ratings_recompute(write=False))
    return {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": connection.vendor,
        "divisions": args.divisions,
        "players_per_division": args.players,
        "double": args.double,
        "games": len(game_ids),
        "steps": steps,
    }


if __name__ == "__main__":
    main()
