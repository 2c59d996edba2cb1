"""Fixtures of the fault suite: subprocesses on this run's PostgreSQL test database, logged to the
test's temporary directory and stopped (killed if need be) when the test ends.

Every fault test needs PostgreSQL (``DATABASE_URL``); those with Redis start their own
``redis-server``. Outside CI they skip without them; in CI they fail.
"""

import shutil

import pytest

from accounts.api_tokens import api_token_issue
from tests.conftest import require_service

from .harness import PrivateRedis, WebServer, Worker, base_env, collect_static


@pytest.fixture
def fault_db(postgres, transactional_db):
    """The subprocesses read and write the test database, so the test's rows must be committed."""


@pytest.fixture
def processes(tmp_path, request):
    """Started processes, killed at the end (nothing of theirs is needed any more: a graceful stop
    would only cost time); their logs are printed when the test failed."""
    started = []
    yield started
    for process in reversed(started):
        process.kill()
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        for process in started:
            print(f"--- {process.name} log ---\n{process.tail()}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def private_redis(tmp_path, processes):
    require_service(shutil.which("redis-server") is not None, "the redis-server binary")
    redis = PrivateRedis(tmp_path)
    processes.append(redis)
    redis.start()
    return redis


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    collect_static(root)
    return root


@pytest.fixture
def fault_env(fault_db, static_root):
    """``fault_env(**overrides)``: the subprocesses' environment (see ``harness.base_env``); without
    Redis unless given, so nothing reaches the shared one."""

    def make(**extra: str) -> dict[str, str]:
        env = base_env(static_root, **extra)
        for name in ("REDIS_URL", "CELERY_BROKER_URL"):
            if name not in extra:
                env.pop(name, None)
        return env

    return make


@pytest.fixture
def start_web(fault_env, tmp_path, processes):
    def start(env: dict | None = None, workers: int = 1) -> WebServer:
        server = WebServer(tmp_path, env or fault_env(), workers=workers)
        processes.append(server)
        server.start()
        return server

    return start


@pytest.fixture
def start_worker(fault_db, tmp_path, processes):
    def start(env: dict, preload: str | None = None, name: str = "worker") -> Worker:
        worker = Worker(tmp_path, env, name=name)
        processes.append(worker)
        worker.start(preload=preload)
        return worker

    return start


@pytest.fixture
def token_for():
    def make(user) -> dict:
        return {"Authorization": f"Token {api_token_issue(user=user)}"}

    return make
