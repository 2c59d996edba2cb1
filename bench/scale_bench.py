"""Benchmark of the site at scale: the pages and API endpoints a player uses, timed against a database
of many players and games, next to the bare indexed query behind each page, measured in the same run.

In one run this script

1. drops and recreates the PostgreSQL database ``letterpost_scale_bench`` (127.0.0.1:5432, user postgres),
   migrates it and loads the starter data (dictionaries), then plays a few real crossword games with random
   legal moves (``games.selfplay``) to use as templates;
2. writes with psycopg ``COPY`` a first tenth of ``--players`` players, ``--games`` finished crossword games
   (each a copy of a template: same seed, options, move log and final state, so ``verify_games`` replays
   it), their seats, moves (player moves carry the stored answer, as the move service writes it), rating
   history (Elo computed here in finishing order, as ``ratings_recompute`` does) and current ratings,
   ``--active`` running games (a template cut half way), some open seeks and notifications; one league
   season is started through the league services;
3. times each page and API endpoint a player uses with the Django test ``Client`` in-process (server time:
   the request through the middleware, view and template), p50/p99 over ``--repeat`` requests, next to the
   bare indexed SQL query behind it, and counts the queries of each (the league page four times: with its
   tables from the cache, with one fixture line drawn as after a move, the table and a line as after a
   result, and all drawn afresh as after a rename);
4. ``EXPLAIN``s every query each page issued and flags a sequential scan of a big table;
5. writes the remaining nine tenths, measures again and compares the query counts of the two sizes;
6. reports the database size per game and times ``verify_games`` and ``recompute_ratings --check``.

Run with ``.venv/bin/python bench/scale_bench.py [--help]``; the defaults are the full size of the aim
(100,000 players, 1,000,000 finished and 100,000 active games), which needs tens of GB of disk and hours on
a small machine: ``--scale 0.1`` multiplies every count.  Never run by the test suite.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import platform
import random
import resource
import statistics
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
KIND, OPTIONS = "crossword", {"lexicon": "en"}
AIM_MS = 50.0
BIG_TABLES = ("games_game", "games_seat", "games_move", "leagues_rating", "leagues_ratingchange",
              "notifications_notification", "accounts_user")
NOTIFICATIONS_PER_PLAYER = 10
OPEN_SEEKS = 500


def recreate_database(admin_url: str, name: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def setup_django(database_url: str) -> None:
    os.environ.update(
        DATABASE_URL=database_url, CELERY_BROKER_URL="memory://",
        CELERY_TASK_ALWAYS_EAGER="false", DEBUG="false", SECRET_KEY="bench", LOG_LEVEL="WARNING",
        SECURE_SSL_REDIRECT="false",
    )
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    for command in (["migrate", "--noinput", "-v", "0"], ["load_starter_data"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    import django

    django.setup()
    from django.conf import settings
    from django.test.utils import override_settings

    # Pages render without collectstatic: the plain storage instead of the manifest.
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    storages = {**settings.STORAGES, "staticfiles": plain}
    override_settings(STORAGES=storages).enable()
    import config.asgi  # noqa: F401  (the web process's own start-up, with its garbage-collector setting)


# ---------------------------------------------------------------------------------------------------
# Templates: real games, copied many times
# ---------------------------------------------------------------------------------------------------
class Template:
    """One game played with random legal moves: its seed, move log, the stored answer of each move and
    the states after each move."""

    def __init__(self, seed: int):
        from engines import registry
        from engines.base import Context, rng_for
        from lexicons.store import lexicon_for_code

        engine = registry.get(KIND)
        ctx = Context(lexicon=lexicon_for_code(OPTIONS["lexicon"]))
        self.seed = seed
        state = engine.setup(2, OPTIONS, seed)
        rng = rng_for(seed, "selfplay")
        self.moves: list[tuple[int, dict, dict]] = []  # (seat, move, answer)
        self.states = [state]
        while engine.outcome(state) is None:
            seat = rng.choice(sorted(engine.to_act(state)))
            move = engine.random_move(state, seat, rng, ctx)
            state = engine.apply(state, seat, move, ctx)
            version = len(self.moves) + 2
            status = "active" if engine.outcome(state) is None else "finished"
            # The stored answer as the move service writes it: no view (a retry re-renders it).
            self.moves.append((seat, move, {"seq": version, "version": version, "status": status}))
            self.states.append(state)
        self.result = engine.outcome(state).to_json()
        self.engine = engine
        # Serialised once: every copy of the template writes the same text.  A move row is
        # f"{game}\t{seq}\t{seat}\t{user}" + middle + f"{game}-{seq}\th\t{answer}\t{created}\n".
        self.move_parts = [(n + 2, seat, f"\t{dumps(move)}\tplayer\tk", f"-{n + 2}\th\t{dumps(answer)}\t")
                           for n, (seat, move, answer) in enumerate(self.moves)]
        self.state_text = {n: dumps(self.states[n]) for n in (len(self.moves), len(self.moves) // 2)}
        self.result_text = dumps(self.result)

    def at(self, n: int) -> dict:
        return self.states[n]


def esc(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def dumps(value) -> str:
    return esc(json.dumps(value, separators=(",", ":")))


COLUMNS = {
    "accounts_user": "id, password, is_superuser, username, first_name, last_name, email, is_staff, is_active,"
                     " date_joined, display_name, time_zone, language, challenges_from_strangers, bot_kind, bot_level,"
                     " is_bot",
    "games_game": "id, kind, options, seed, seats_count, status, state, version, turn_id, turn_version,"
                  " days_per_move, created_by_id, created_at, started_at, finished_at, result",
    "games_seat": "game_id, index, user_id, score, rank, to_act, deadline, consecutive_timeouts, resigned,"
                  " alert_at, alert_stage, accepted",
    "games_move": "game_id, seq, seat, user_id, payload, source, idempotency_key, request_hash, response,"
                  " created_at",
    "leagues_ratingchange": "game_id, user_id, key, before, after, games_before, created_at",
    "notifications_notification": "user_id, kind, params, created_at, read_at, in_app, email, key",
}
FLUSH_CHARS = 1 << 20


class Streams:
    """One open ``COPY … FROM STDIN`` per table, each on its own connection, fed as rows are made: the
    server parses one table's rows while this process makes the next (nothing is held in memory but a
    buffer of about a megabyte per table).  Each table commits when the block ends."""

    def __init__(self, url: str):
        self.url = url
        self.stack = contextlib.ExitStack()
        self.copies: dict = {}
        self.buffers: dict[str, list[str]] = {}
        self.sizes: dict[str, int] = {}

    def __enter__(self):
        for table, columns in COLUMNS.items():
            conn = self.stack.enter_context(psycopg.connect(self.url))
            conn.execute("SET synchronous_commit = off")
            self.copies[table] = self.stack.enter_context(conn.cursor().copy(f"COPY {table} ({columns}) FROM STDIN"))
            self.buffers[table], self.sizes[table] = [], 0
        return self

    def write(self, table: str, row: str) -> None:
        buffer = self.buffers[table]
        buffer.append(row)
        self.sizes[table] += len(row)
        if self.sizes[table] > FLUSH_CHARS:
            self.copies[table].write("".join(buffer))
            buffer.clear()
            self.sizes[table] = 0

    def __exit__(self, *exc):
        if exc[0] is None:
            for table, buffer in self.buffers.items():
                if buffer:
                    self.copies[table].write("".join(buffer))
        return self.stack.__exit__(*exc)


class Indexes:
    """The big tables' secondary indexes, unique and foreign-key constraints: dropped before a bulk load and
    created again after it from their exact definitions (one sort per index instead of millions of random
    inserts and per-row key checks).  Primary keys stay (ids are written in order).  The measured database
    has every index and constraint the migrations made; ``restore`` checks that."""

    def __init__(self, url: str):
        self.url = url
        self.constraints: list[tuple[str, str, str, str]] = []
        self.indexes: list[tuple[str, str]] = []

    def drop(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            tables = list(COLUMNS) + ["leagues_rating"]
            self.constraints = conn.execute(
                "SELECT conrelid::regclass::text, conname, contype, pg_get_constraintdef(oid) FROM pg_constraint"
                " WHERE conrelid = ANY(%s::regclass[]) AND contype IN ('f', 'u') ORDER BY contype, conname",
                [tables]).fetchall()
            self.indexes = conn.execute(
                "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index i"
                " WHERE indrelid = ANY(%s::regclass[]) AND NOT indisprimary"
                " AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid"
                " AND c.conrelid = i.indrelid)", [tables]).fetchall()
            for table, name, _kind, _definition in self.constraints:  # 'f' sorts before 'u'
                conn.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
            for name, _definition in self.indexes:
                conn.execute(f"DROP INDEX {name}")

    def restore(self) -> float:
        started = time.perf_counter()
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute("SET maintenance_work_mem = '1GB'")
            conn.execute("SET max_parallel_maintenance_workers = 2")
            for _name, definition in self.indexes:
                conn.execute(definition)
            for table, name, _kind, definition in sorted(self.constraints, key=lambda c: c[2] != "u"):
                conn.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
            count = conn.execute(
                "SELECT count(*) FROM pg_constraint WHERE conrelid = ANY(%s::regclass[]) AND contype IN ('f', 'u')",
                [list(COLUMNS) + ["leagues_rating"]]).fetchone()[0]
            assert count == len(self.constraints), (count, len(self.constraints))
        return time.perf_counter() - started


class Writer:
    """Writes players and games with COPY; ids are assigned here so that a second batch continues them."""

    def __init__(self, database_url: str, templates: list[Template]):
        self.url = database_url
        self.templates = templates
        with psycopg.connect(database_url) as conn:  # the starter data has its bots
            self.next_user = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM accounts_user").fetchone()[0]
            self.next_game = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM games_game").fetchone()[0]
        self.ratings: dict[int, list] = {}  # user -> [rating, games]  (one key: crossword:en)
        self.rng = random.Random(1)
        self.players: list[int] = []

    def add(self, players: int, finished: int, active: int, seeks: int) -> None:
        indexes = Indexes(self.url)
        indexes.drop()
        started = time.perf_counter()
        with Streams(self.url) as out:
            self._rows(out, players, finished, active, seeks)
        print(f"  rows copied in {time.perf_counter() - started:.1f} s", flush=True)
        with psycopg.connect(self.url) as conn:
            conn.execute("DELETE FROM leagues_rating")
            rate_key = f"{KIND}:{OPTIONS['lexicon']}"
            with conn.cursor().copy("COPY leagues_rating (user_id, key, rating, games, updated_at) FROM STDIN") as copy:
                copy.write("".join(f"{u}\t{rate_key}\t{r!r}\t{n}\t{NOW}\n" for u, (r, n) in self.ratings.items()))
            for table in ("accounts_user", "games_game"):
                conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
        print(f"  indexes and constraints built in {indexes.restore():.1f} s", flush=True)
        started = time.perf_counter()
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute("SET maintenance_work_mem = '1GB'")
            for table in BIG_TABLES:
                conn.execute(f"VACUUM ANALYZE {table}")
        print(f"  vacuumed and analysed in {time.perf_counter() - started:.1f} s", flush=True)

    def _rows(self, out: Streams, players: int, finished: int, active: int, seeks: int) -> None:
        from ratings import elo

        first_user = self.next_user
        for n in range(first_user, first_user + players):
            out.write("accounts_user", f"{n}\t!\tf\tp{n}\t\t\tp{n}@bench.invalid\tf\tt\t{NOW}\t\tUTC\ten\tt\t\t\tf\n")
        self.next_user += players
        self.players.extend(range(first_user, self.next_user))
        opts = dumps(OPTIONS)
        rate_key = f"{KIND}:{OPTIONS['lexicon']}"
        started = time.perf_counter()
        # Finished games end in id order, a second apart, before NOW.
        for k in range(finished):
            gid = self.next_game
            self.next_game += 1
            t = self.templates[gid % len(self.templates)]
            a, b = self.rng.sample(self.players, 2)
            start = NOW - timedelta(days=400) + timedelta(seconds=gid)
            end = start + timedelta(days=10)
            final, version = t.states[-1], len(t.moves) + 1
            out.write("games_game", f"{gid}\t{KIND}\t{opts}\t{t.seed}\t2\tfinished\t{t.state_text[len(t.moves)]}\t"
                      f"{version}\t{esc(str(t.engine.turn_id(final)))}\t{version}\t3\t{a}\t{start}\t{start}\t{end}\t"
                      f"{t.result_text}\n")
            scores = t.result["scores"]
            for i, u in enumerate((a, b)):
                out.write("games_seat",
                          f"{gid}\t{i}\t{u}\t{scores[i]}\t{t.result['ranks'][i]}\tf\t\\N\t0\tf\t\\N\t0\tt\n")
            self._moves(out, gid, t, len(t.moves), (a, b), start)
            current = [self.ratings.setdefault(u, [elo.START, 0]) for u in (a, b)]
            after = elo.new_ratings([c[0] for c in current], [c[1] for c in current], t.result["ranks"])
            for u, c, new in zip((a, b), current, after, strict=True):
                out.write("leagues_ratingchange", f"{gid}\t{u}\t{rate_key}\t{c[0]!r}\t{new!r}\t{c[1]}\t{end}\n")
                c[0], c[1] = new, c[1] + 1
            if k and k % 50_000 == 0:
                print(f"  {k} finished games, {k / (time.perf_counter() - started):.0f}/s", flush=True)
        for _ in range(active):
            gid = self.next_game
            self.next_game += 1
            t = self.templates[gid % len(self.templates)]
            a, b = self.rng.sample(self.players, 2)
            played = len(t.moves) // 2
            state = t.at(played)
            to_act = t.engine.to_act(state)
            scores = t.engine.scores(state)
            start = NOW - timedelta(days=5)
            out.write("games_game", f"{gid}\t{KIND}\t{opts}\t{t.seed}\t2\tactive\t{t.state_text[played]}\t"
                      f"{played + 1}\t{esc(str(t.engine.turn_id(state)))}\t{played + 1}\t3\t{a}\t{start}\t{start}\t"
                      "\\N\t\\N\n")
            for i, u in enumerate((a, b)):
                due = i in to_act
                deadline = f"{NOW + timedelta(days=2)}" if due else "\\N"
                out.write("games_seat", f"{gid}\t{i}\t{u}\t{scores[i]}\t\\N\t{'t' if due else 'f'}\t{deadline}\t0\tf\t"
                          f"{NOW + timedelta(days=1, hours=12) if due else chr(92) + 'N'}\t{1 if due else 0}\tt\n")
            self._moves(out, gid, t, played, (a, b), start)
        for _ in range(seeks):
            gid = self.next_game
            self.next_game += 1
            a = self.rng.choice(self.players)
            out.write("games_game",
                      f"{gid}\t{KIND}\t{opts}\t{gid}\t2\topen\t\\N\t0\t\t0\t3\t{a}\t{NOW}\t\\N\t\\N\t\\N\n")
            out.write("games_seat", f"{gid}\t0\t{a}\t0\t\\N\tf\t\\N\t0\tf\t\\N\t0\tt\n")
            out.write("games_seat", f"{gid}\t1\t\\N\t0\t\\N\tf\t\\N\t0\tf\t\\N\t0\tt\n")
        for u in range(first_user, first_user + players):
            for k in range(NOTIFICATIONS_PER_PLAYER):
                read = "\\N" if k < 2 else f"{NOW}"
                out.write("notifications_notification",
                          f"{u}\tgame_over\t{{}}\t{NOW - timedelta(hours=k)}\t{read}\tt\t\t\\N\n")

    HOURS = [timedelta(hours=n) for n in range(1000)]

    def _moves(self, out: Streams, gid: int, t: Template, count: int, users, start) -> None:
        hours = self.HOURS
        for n, (seq, seat, middle, tail) in enumerate(t.move_parts[:count]):
            out.write("games_move", f"{gid}\t{seq}\t{seat}\t{users[seat]}{middle}{gid}{tail}{start + hours[n]}\n")


# ---------------------------------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------------------------------
class Recorder:
    """Counts (and with ``keep`` records) the queries Django issues."""

    def __init__(self, keep: bool = False):
        self.count = 0
        self.keep = keep
        self.queries: list[tuple[str, object]] = []

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        if self.keep and not many:
            self.queries.append((sql, params))
        return execute(sql, params, many, context)


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def time_page(client, url: str, repeat: int, before=None) -> dict:
    """``before``: called before each request, untimed (e.g. emptying the cache)."""
    from django.db import connection

    before = before or (lambda: None)
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code, response.content[:300])
    recorder = Recorder(keep=True)
    before()
    with connection.execute_wrapper(recorder):
        client.get(url)
    times = []
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - start) * 1000)
    return {"queries": recorder.count, "p50_ms": round(statistics.median(times), 2),
            "p99_ms": round(pct(times, 99), 2), "sql": recorder.queries}


def time_sql(sql: str, params: list, repeat: int) -> dict:
    from django.db import connection

    times = []
    with connection.cursor() as cursor:
        for _ in range(repeat + 1):
            start = time.perf_counter()
            cursor.execute(sql, params)
            cursor.fetchall()
            times.append((time.perf_counter() - start) * 1000)
    times = times[1:]
    return {"p50_ms": round(statistics.median(times), 3), "p99_ms": round(pct(times, 99), 3)}


def explain(queries: list[tuple[str, object]], forced: bool = True) -> list[str]:
    """The queries that read a big table sequentially.  ``forced``: planned with sequential scans disabled,
    a plan that still reads a big table sequentially has no index to use (with them enabled, PostgreSQL
    rightly scans small tables, so the natural plan at a small size says little about the full size).
    Not ``forced``: the plan PostgreSQL actually chooses, which at the full size should use the indexes."""
    from django.db import connection

    found = []
    with connection.cursor() as cursor:
        cursor.execute(f"SET enable_seqscan = {'off' if forced else 'on'}")
        try:
            for sql, params in queries:
                if not sql.lstrip().upper().startswith(("SELECT", "WITH")):
                    continue
                cursor.execute("EXPLAIN " + sql, params)
                plan = "\n".join(row[0] for row in cursor.fetchall())
                for table in BIG_TABLES:
                    if f"Seq Scan on {table}" in plan:
                        found.append(f"{table}: {sql[:160]}")
        finally:
            cursor.execute("SET enable_seqscan = on")
    return found


def pages(league_id: int, league_user: int) -> list[tuple[str, str, str, list]]:
    """(name, url, bare query, params) of each page a player uses, for the league's player ``league_user``
    (who also has running and finished games among the bulk)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT s.game_id FROM games_seat s JOIN games_game g ON g.id = s.game_id"
                       " WHERE s.user_id = %s AND g.status = 'active' ORDER BY g.id LIMIT 1", [league_user])
        active = cursor.fetchone()[0]
        cursor.execute("SELECT s.game_id FROM games_seat s JOIN games_game g ON g.id = s.game_id"
                       " WHERE s.user_id = %s AND g.status = 'finished' ORDER BY g.id DESC LIMIT 1", [league_user])
        finished = cursor.fetchone()[0]
        cursor.execute("SELECT username FROM accounts_user WHERE id = %s", [league_user])
        username = cursor.fetchone()[0]
    key = f"{KIND}:{OPTIONS['lexicon']}"
    seats_of = ("SELECT g.*, s.* FROM games_seat s JOIN games_game g ON g.id = s.game_id WHERE s.user_id = %s"
                " AND g.status IN ('challenge', 'open', 'active')")
    return [
        ("dashboard", "/games/", seats_of, [league_user]),
        ("game page (running)", f"/games/{active}/",
         "SELECT * FROM games_game g JOIN games_seat s ON s.game_id = g.id WHERE g.id = %s", [active]),
        ("game page (finished)", f"/games/{finished}/",
         "SELECT * FROM games_game g JOIN games_seat s ON s.game_id = g.id WHERE g.id = %s", [finished]),
        ("game API", f"/api/games/{active}/",
         "SELECT * FROM games_game g JOIN games_seat s ON s.game_id = g.id WHERE g.id = %s", [active]),
        ("move log API", f"/api/games/{finished}/moves/",
         "SELECT * FROM games_move WHERE game_id = %s ORDER BY seq", [finished]),
        ("games list API", "/api/games/", seats_of, [league_user]),
        ("profile + rating chart", f"/accounts/players/{username}/",
         "SELECT * FROM leagues_ratingchange WHERE user_id = %s AND key = %s ORDER BY id", [league_user, key]),
        ("leaderboards", "/ratings/",
         "SELECT * FROM leagues_rating WHERE key = %s AND games > 0 ORDER BY rating DESC LIMIT 20", [key]),
        ("leaderboard", f"/ratings/{key}/",
         "SELECT * FROM leagues_rating WHERE key = %s AND games > 0 ORDER BY rating DESC LIMIT 100", [key]),
        ("lobby", "/lobby/",
         "SELECT * FROM games_game WHERE status = 'open' ORDER BY created_at DESC LIMIT 50", []),
        ("leagues", "/leagues/", "SELECT * FROM leagues_league ORDER BY id LIMIT 50", []),
        ("league page", f"/leagues/{league_id}/",
         "SELECT * FROM leagues_entry e JOIN leagues_season s ON s.id = e.season_id WHERE s.league_id = %s",
         [league_id]),
        ("notifications", "/notifications/",
         "SELECT * FROM notifications_notification WHERE user_id = %s AND in_app ORDER BY created_at DESC"
         " LIMIT 50", [league_user]),
    ]


def start_league(writer: Writer) -> tuple[int, int]:
    """One public league of 12 players started through the services (its fixtures are real games)."""
    from accounts.models import User
    from leagues import services

    users = list(User.objects.filter(pk__in=writer.players[:12]).order_by("pk"))
    league = services.league_create(creator=users[0], name="Bench league", kind=KIND, options=dict(OPTIONS),
                                    division_min=6, division_max=12)
    for user in users:
        services.league_join(league_id=league.pk, user=user)
    services.season_start(league_id=league.pk, actor=users[0])
    return league.pk, users[1].pk


def _league_keys(kind: str) -> list[str]:
    """The league page's cached ``kind`` entries (the bench's cache is the process's local-memory cache:
    its made keys are ``:1:<key>``)."""
    from django.core.cache import cache

    return [made.split(":", 2)[2] for made in list(cache._cache) if f":leagues:{kind}:" in made]


def forget_league_tables() -> None:
    """Empty the league page's cached tables and fixture lines, and nothing else: as after a rename of
    one of the players, or with a cold cache."""
    from django.core.cache import cache

    cache.delete_many(_league_keys("division") + _league_keys("fixture"))


def forget_one_line() -> None:
    """Forget one cached fixture line: as after a move in a running game."""
    from django.core.cache import cache

    cache.delete_many(_league_keys("fixture")[:1])


def forget_table_and_line() -> None:
    """Forget the cached tables and one fixture line: as after a result."""
    from django.core.cache import cache

    cache.delete_many(_league_keys("division") + _league_keys("fixture")[:1])


def measure_pages(league_id: int, user_id: int, repeat: int) -> dict:
    from django.test import Client

    from accounts.models import User

    client = Client()
    client.force_login(User.objects.get(pk=user_id))
    out = {}
    # The league page draws its tables once per change (leagues.fragments): timed as served from the
    # cache, after a move (one fixture line drawn), after a result (the table and one line) and drawn
    # afresh (a rename, a cold cache).
    measured = [(*page, None) for page in pages(league_id, user_id)]
    league_page = next(page for page in measured if page[0] == "league page")
    at = measured.index(league_page) + 1
    measured[at:at] = [("league page (a move)", *league_page[1:4], forget_one_line),
                       ("league page (a result)", *league_page[1:4], forget_table_and_line),
                       ("league page (drawn)", *league_page[1:4], forget_league_tables)]
    for name, url, sql, params, before in measured:
        page = time_page(client, url, repeat, before)
        queries = page.pop("sql")
        page["seq_scans"] = explain(queries)
        page["chosen_seq_scans"] = explain(queries, forced=False)
        page["bare"] = time_sql(sql, params, repeat)
        page["url"] = url
        out[name] = page
        print(f"  {name:<24} {page['queries']:>3} queries  p50 {page['p50_ms']:>7.1f} ms  p99 {page['p99_ms']:>7.1f} ms"
              f"   bare p50 {page['bare']['p50_ms']:>6.2f} p99 {page['bare']['p99_ms']:>6.2f} ms"
              f"{'   SEQ SCAN: ' + '; '.join(page['seq_scans']) if page['seq_scans'] else ''}"
              f"{'   chosen seq scan: ' + '; '.join(page['chosen_seq_scans']) if page['chosen_seq_scans'] else ''}",
              flush=True)
    return out


def timed_command(*args: str, budget: float | None = None) -> dict:
    """Runs a management command; with ``budget`` seconds it is stopped then (the output says how far it got)."""
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=budget, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        output, code, finished = done.stdout + done.stderr, done.returncode, True
    except subprocess.TimeoutExpired as exc:
        output = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        code, finished = None, False
    lines = [line for line in output.strip().splitlines() if "Warning" not in line and "mw_instance" not in line]
    # The largest resident set of any child so far (the commands dwarf migrate's).
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"seconds": round(time.perf_counter() - start, 1), "exit": code, "finished": finished,
            "output": lines[-1:], "peak_rss_mib": round(peak)}


def database_size() -> dict:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        total = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM games_game")
        games = cursor.fetchone()[0]
        cursor.execute("SELECT relname, pg_total_relation_size(c.oid) FROM pg_class c JOIN pg_namespace n"
                       " ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'"
                       " ORDER BY 2 DESC LIMIT 6")
        tables = {name: size for name, size in cursor.fetchall()}
    return {"bytes": total, "games": games, "bytes_per_game": round(total / games), "largest_tables": tables}


@contextlib.contextmanager
def holding(path: str | None):
    """The machine's benchmark lock (``flock``) while timing, if a path is given; the build runs without it."""
    if not path:
        yield
        return
    with open(path, "a") as handle:
        waited = time.perf_counter()
        fcntl.flock(handle, fcntl.LOCK_EX)
        print(f"  (lock held after {time.perf_counter() - waited:.0f} s wait; load {os.getloadavg()[0]:.2f})",
              flush=True)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def find_league() -> tuple[int, int]:
    """The league and page user a previous run made (``--reuse``)."""
    from accounts.models import User
    from leagues.models import League

    league = League.objects.get(name="Bench league")
    return league.pk, User.objects.filter(is_bot=False).order_by("pk").values_list("pk", flat=True)[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000, help="finished games")
    parser.add_argument("--active", type=int, default=100_000, help="running games")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every count (e.g. 0.1)")
    parser.add_argument("--templates", type=int, default=8, help="real games played to copy from")
    parser.add_argument("--repeat", type=int, default=200, help="requests per page")
    parser.add_argument("--verify-budget", type=float, default=None,
                        help="stop verify_games after this many seconds and report how far it got (it resumes"
                             " with --after); 0 skips it")
    parser.add_argument("--reuse", action="store_true",
                        help="measure the database a previous run built (no build; query counts at one size)")
    parser.add_argument("--lock", default=None,
                        help="flock this file while timing (pages, verify_games, recompute_ratings), not building")
    parser.add_argument("--admin-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--db", default="letterpost_scale_bench")
    args = parser.parse_args()
    players, finished, active = (int(n * args.scale) for n in (args.players, args.games, args.active))

    database_url = args.admin_url.rsplit("/", 1)[0] + "/" + args.db
    results = []
    if args.reuse:
        setup_django(database_url)
        league_id, user_id = find_league()
        size = database_size()
        print(f"at {size['games']} games ({size['bytes'] / 2**20:.0f} MiB, {size['bytes_per_game']} bytes per game):",
              flush=True)
        with holding(args.lock):
            results.append({"games": size["games"], "size": size, "pages": measure_pages(league_id, user_id,
                                                                                        args.repeat)})
    else:
        recreate_database(args.admin_url, args.db)
        setup_django(database_url)
        t = time.perf_counter()
        templates = [Template(seed) for seed in range(1, args.templates + 1)]
        print(f"templates: {args.templates} crossword games, {sum(len(x.moves) for x in templates)} moves,"
              f" {time.perf_counter() - t:.1f} s", flush=True)
        writer = Writer(database_url, templates)
        for fraction in (0.1, 0.9):
            t = time.perf_counter()
            writer.add(int(players * fraction), int(finished * fraction), int(active * fraction),
                       int(OPEN_SEEKS * fraction))
            print(f"written {fraction:.0%} in {time.perf_counter() - t:.1f} s", flush=True)
            if not results:
                league_id, user_id = start_league(writer)
                from games.models import Game

                writer.next_game = Game.objects.order_by("-pk").values_list("pk", flat=True).first() + 1
            size = database_size()
            print(f"at {size['games']} games ({size['bytes'] / 2**20:.0f} MiB, {size['bytes_per_game']} bytes per"
                  " game):", flush=True)
            with holding(args.lock):
                results.append({"games": size["games"], "size": size,
                                "pages": measure_pages(league_id, user_id, args.repeat)})
    small, full = results[0], results[-1]
    grows = {name: (small["pages"][name]["queries"], full["pages"][name]["queries"]) for name in full["pages"]
             if small["pages"][name]["queries"] != full["pages"][name]["queries"]}
    worst = max(full["pages"].values(), key=lambda p: p["p99_ms"])
    scans = {name: p["seq_scans"] for name, p in full["pages"].items() if p["seq_scans"]}
    chosen = {name: p["chosen_seq_scans"] for name, p in full["pages"].items() if p["chosen_seq_scans"]}
    print(f"\nquery counts that grow with the data: {grows or 'none'}"
          f"{' (one size measured: --reuse)' if len(results) == 1 else ''}")
    print(f"sequential scans of big tables: {scans or 'none'} (no index); chosen by the planner: {chosen or 'none'}")
    print(f"slowest page p99: {worst['url']} {worst['p99_ms']} ms (aim < {AIM_MS} ms)")
    verify = None
    if args.verify_budget != 0:
        print("verify_games ...", flush=True)
        with holding(args.lock):
            verify = timed_command("verify_games", "--progress", "--batch", "500", budget=args.verify_budget)
        print(f"verify_games: {verify}", flush=True)
    with holding(args.lock):
        recompute = timed_command("recompute_ratings", "--check")
    print(f"recompute_ratings --check: {recompute}", flush=True)

    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    out = RESULTS_DIR / f"scale-{stamp}.json"
    out.write_text(json.dumps({
        "when": stamp, "machine": platform.platform(), "cpus": os.cpu_count(), "load": os.getloadavg(),
        "size": {"players": players, "finished": finished, "active": active, "scale": args.scale},
        "results": results, "query_counts_growing": grows, "seq_scans": scans, "chosen_seq_scans": chosen,
        "verify_games": verify, "recompute_ratings_check": recompute,
    }, indent=2, default=str))
    print(f"written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
