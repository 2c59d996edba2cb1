"""Shared fixtures: the toy engine registered as kind "toy", users, API clients, and the service guard.

In CI (``CI=true``) tests that need PostgreSQL or Redis fail when those are missing instead of
being skipped.

Under pytest-xdist (``make test`` runs ``-n auto``) each worker process has its own test database
(pytest-django adds ``_gw0``, ``_gw1`` ... to its name) and its own keys in a shared Redis
(``isolate_worker_in_redis``); tests that start Celery workers on the shared broker take turns
(``shared_broker_turn``).
"""

import os

import pytest
import pytest_asyncio
from django.db.backends.signals import connection_created
from django.dispatch import receiver

from games import registry
from tests.games.toy_kind import KIND as TOY_KIND

IN_CI = os.environ.get("CI") == "true"
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1" ... in a pytest-xdist worker

registry.register(TOY_KIND)


def isolate_worker_in_redis() -> str:
    """Parallel workers sharing one Redis database keep apart: this worker's cache keys (user stamps,
    presence, rate limits) and its channel layer's keys get a prefix of their own, which the processes it
    starts (web servers, Celery workers) inherit through the environment; and ``cache.clear()`` deletes
    only this worker's keys, where Django's would empty the whole database under the other workers.
    Returns the prefix ("" when there is nothing to keep apart: no xdist, or no Redis).  Runs before any
    test touches the cache."""
    from django.conf import settings

    if not XDIST_WORKER or not settings.REDIS_URL:
        return ""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")[:8]  # also apart from another run on the same Redis
    prefix = f"test-{run}-{XDIST_WORKER}"
    os.environ["CACHE_KEY_PREFIX"] = settings.CACHES["default"]["KEY_PREFIX"] = prefix
    layer = settings.CHANNEL_LAYERS["default"].get("CONFIG")
    if layer is not None:
        os.environ["CHANNEL_LAYER_PREFIX"] = layer["prefix"] = f"asgi-{prefix}"

    from django_redis.cache import RedisCache

    flush = RedisCache.clear

    def clear(self):
        if self.key_prefix != prefix:  # a cache a test made of its own
            return flush(self)
        return delete_keys(settings.CACHES["default"]["LOCATION"], f"{prefix}:*")

    RedisCache.clear = clear
    return prefix


def delete_keys(url: str, pattern: str) -> None:
    import redis

    with redis.Redis.from_url(url) as client:
        keys = list(client.scan_iter(match=pattern, count=1000))
        for start in range(0, len(keys), 1000):
            client.delete(*keys[start:start + 1000])


REDIS_PREFIX = isolate_worker_in_redis()


def pytest_sessionfinish(session):
    """This worker's keys go when it ends (its prefix is never used again)."""
    if REDIS_PREFIX:
        from django.conf import settings

        delete_keys(settings.REDIS_URL, f"{REDIS_PREFIX}:*")
        delete_keys(settings.REDIS_URL, f"asgi-{REDIS_PREFIX}*")


# A fixture that needs a service marks the tests that use it, so ``-m "not postgres"`` leaves them out too.
MARKER_OF_FIXTURE = {"postgres": "postgres", "celery_worker_process": "worker"}


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects
def pytest_collection_modifyitems(config, items):
    """Marks the tests whose fixtures need PostgreSQL or a Celery worker."""
    for item in items:
        for fixture, marker in MARKER_OF_FIXTURE.items():
            if fixture in getattr(item, "fixturenames", ()) and item.get_closest_marker(marker) is None:
                item.add_marker(marker)


@pytest.fixture(autouse=True)
def shared_broker_turn(request):
    """A test marked ``worker`` starts real Celery workers on the shared broker (``CELERY_BROKER_URL``),
    which consume and purge the same queues and answer the same pings as any other test's: such tests
    take turns, across pytest-xdist's workers and across runs on the same broker, under a file lock
    named after the broker.  (pytest-xdist's ``--dist loadgroup`` cannot group them: pytest 9 ignores the
    node id it rewrites.)  The fault suite's workers use a Redis of their own and need no turn."""
    if request.node.get_closest_marker("worker") is None or "private_redis" in request.fixturenames:
        yield
        return
    import fcntl
    import hashlib
    import tempfile

    from django.conf import settings

    broker = hashlib.sha256(settings.CELERY_BROKER_URL.encode()).hexdigest()[:16]
    with open(os.path.join(tempfile.gettempdir(), f"letterpost-test-broker-{broker}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """A test marked ``postgres`` skips (outside CI) or fails (in CI) without PostgreSQL, before any of its
    fixtures is set up, whether or not it also asks for the ``postgres`` fixture: the marker alone is
    enough, so marker and fixture cannot disagree.  (``redis`` and ``worker`` tests say what they need
    through their fixtures: some start a Redis of their own.)"""
    if item.get_closest_marker("postgres") is not None:
        from django.conf import settings

        require_service(settings.DATABASES["default"]["ENGINE"].endswith("postgresql"), "PostgreSQL (DATABASE_URL)")


@receiver(connection_created)
def unsynced_sqlite(sender, connection, **kwargs):
    """The embedded tests' SQLite database is a file (config/settings.py says why): no test needs it
    to survive a crash, so it keeps its rollback journal in memory and skips the disk flushes that
    would make every commit wait."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA synchronous = OFF")
            cursor.execute("PRAGMA journal_mode = MEMORY")


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # Real hashing costs ~0.2 s per user; tests check behaviour, not hash strength.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_local_cache(settings):
    """The local-memory cache holds facts keyed by user id (a cached suspension standing, rate-limit
    counts), and SQLite hands a rolled-back test's ids to the next test: start each test with it empty.
    A Redis cache is left alone (PostgreSQL never reuses ids, and the channel layer may share it)."""
    if settings.CACHES["default"]["BACKEND"].endswith("LocMemCache"):
        from django.core.cache import cache

        cache.clear()
    # What the process keeps under users' stamps (core.user_stamp) goes too: a stamp in Redis outlives
    # the test database, whose ids start again at 1 on the next run.
    from core import user_stamp

    user_stamp.forget_everything()


@pytest_asyncio.fixture
async def sockets():
    """Opens the site's WebSockets for an async test and closes, when the test ends, every one still
    open (``tests.sockets.Sockets`` says why): ``await sockets.open(path, user)`` for a socket the
    server must accept, ``await sockets.connect(path, user, origin)`` for one it may refuse."""
    from tests.sockets import Sockets  # loads the ASGI app, which only the socket tests need

    opened = Sockets()
    yield opened
    await opened.close_all()


@pytest.fixture(autouse=True)
def fresh_rate_limits(monkeypatch):
    """Rate-limit counts are keyed by user id and live in the cache; a Redis cache outlives the test
    database, whose ids start again at 1 on the next run within the hour: each test counts afresh."""
    import uuid

    from core import ratelimits

    monkeypatch.setattr(ratelimits, "KEY_PREFIX", f"ratelimit-{uuid.uuid4().hex}")


@pytest.fixture(autouse=True)
def fresh_presence(monkeypatch):
    """Who has the site open lives in the cache, which outlives a test: each test starts with nobody
    present (a socket another test left open must not silence this test's e-mails)."""
    import uuid

    from games import presence

    monkeypatch.setattr(presence, "KEY_PREFIX", f"presence-{uuid.uuid4().hex}")


@pytest.fixture(autouse=True)
def fresh_lexicon_indexes():
    """Each test's database has its own lexicons: forget the word indexes this process holds, which
    are keyed by version only (a rolled-back "en" version 1 is not the next test's version 1).
    Build a small lexicon with ``lexicons.services.lexicon_load_words``."""
    yield
    from lexicons.store import forget_versions

    forget_versions()


@pytest.fixture
def make_user(db):
    from tests.factories import UserFactory  # needs Django set up; engine tests run without it

    return UserFactory


@pytest.fixture
def alice(make_user):
    return make_user(username="alice")


@pytest.fixture
def bob(make_user):
    return make_user(username="bob")


@pytest.fixture
def carol(make_user):
    return make_user(username="carol")


@pytest.fixture
def api_for():
    from rest_framework.test import APIClient

    def make(user):
        client = APIClient()
        client.force_authenticate(user)
        return client

    return make


def require_service(available: bool, what: str) -> None:
    """Skip outside CI when a real service is not configured; fail in CI, where it must be."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"{what} is required in CI but is not configured")
    pytest.skip(f"{what} not configured (set it up, or run in CI)")


@pytest.fixture
def postgres(settings):
    require_service(settings.DATABASES["default"]["ENGINE"].endswith("postgresql"), "PostgreSQL (DATABASE_URL)")


@pytest.fixture
def redis_url(settings):
    require_service(bool(settings.REDIS_URL), "Redis (REDIS_URL)")
    return settings.REDIS_URL


@pytest.fixture(autouse=True)
def celery_eager(request):
    """Tasks run in-process, as in the embedded defaults, except in tests that start a real worker:
    a test without a worker must not leave tasks on the broker for a later test's worker."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = "celery_worker_process" not in request.fixturenames
    yield
    app.conf.task_always_eager = before


def start_celery_worker(settings, *, queues: list[str], name: str, env: dict | None = None,
                        preload: str | None = None):
    """A real Celery worker in a subprocess (solo pool), on the broker from the environment, using this
    test run's database, consuming ``queues`` (emptied first); answered a ping before it is returned.
    ``preload`` names a module of the suite imported before Celery starts (to hold a task)."""
    import subprocess
    import sys
    import time

    from django.db import connection

    from config.celery import app

    require_service(settings.CELERY_BROKER_URL != "memory://", "a Celery broker (CELERY_BROKER_URL)")
    db = connection.settings_dict
    require_service(db["ENGINE"].endswith("postgresql"), "PostgreSQL (DATABASE_URL)")
    full_env = {**os.environ, **(env or {})}
    full_env["EXTRA_GAME_KINDS"] = "tests.games.toy_kind"
    full_env["DATABASE_URL"] = (
        f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}")
    node = f"{name}-{os.getpid()}@test"
    code = "import sys; from celery.__main__ import main; sys.exit(main())"
    if preload:
        code = f"import {preload}; " + code
    process = subprocess.Popen(
        [sys.executable, "-c", code, "-A", "config", "worker", "--pool=solo", "--purge", "-l", "warning",
         "-Q", ",".join(queues), "-n", node],
        env=full_env,
        cwd=settings.BASE_DIR,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the Celery worker {name} exited at start")
        if any(node in answer for answer in app.control.ping(timeout=1)):
            return process
    process.kill()
    pytest.fail(f"the Celery worker {name} did not answer a ping within 60 s")


def stop_celery_worker(process) -> None:
    process.terminate()
    process.wait(30)


@pytest.fixture
def celery_worker_process(settings, transactional_db):
    """A real Celery worker consuming every queue (``tests.helpers.celery_queues``).  Tests that need
    one use ``transactional_db`` so the worker sees their rows."""
    from tests.helpers import celery_queues

    process = start_celery_worker(settings, queues=celery_queues(), name="worker")
    yield process
    stop_celery_worker(process)
