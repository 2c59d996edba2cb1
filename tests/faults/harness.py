"""Processes the fault suite starts, stops and kills: a private redis-server, the web server
(uvicorn, ``config.asgi``) and a Celery worker, each a subprocess built from the real settings with
the environment it is given, on this test run's PostgreSQL database.

Nothing here touches the shared Redis: each test runs its own ``redis-server`` on a port of its own
(6390-6399 first, as the machine's other users expect, else any free port).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests
from kombu.exceptions import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from tests.helpers import celery_queues

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _preferred_ports() -> range:
    """Ten ports of this process's own: under pytest-xdist worker N takes 6390 + 10 N onwards, so two
    workers starting a private Redis at once never both find the same port free."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    start = 6390 + 10 * (int(worker) if worker.isdigit() else 0)
    return range(start, start + 10)


def free_port(preferred: range | None = None) -> int:
    if preferred is None:
        preferred = _preferred_ports()
    for port in preferred:
        if port_free(port):
            return port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(check, timeout: float, what, interval: float = 0.1):
    """Poll ``check`` until it is true; ``what`` (text, or a callable giving it at the time of failure)
    names what was awaited."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what() if callable(what) else what}")
        time.sleep(interval)


def database_url() -> str:
    """This test run's database (the test database pytest-django made), for subprocesses."""
    from django.db import connection

    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def collect_static(static_root: Path) -> None:
    """DEBUG off serves hashed static files from a manifest: collect them once per run."""
    env = {**os.environ, "DEBUG": "false", "SECRET_KEY": "collect", "STATIC_ROOT": str(static_root),
           "DATABASE_URL": "sqlite:///:memory:"}
    subprocess.run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], env=env, cwd=ROOT, check=True)


def base_env(static_root: Path, **extra: str) -> dict[str, str]:
    """Production-like settings (DEBUG off, the connection pool on) on this run's database."""
    from django.conf import settings

    env = {k: v for k, v in os.environ.items() if k not in {"CELERY_RESULT_BACKEND", "PYTEST_CURRENT_TEST"}}
    env.update(
        DATABASE_URL=database_url(),
        DATABASE_POOL="true",
        DEBUG="false",
        SECRET_KEY=settings.SECRET_KEY,  # the sessions the test makes must be readable by the server
        SECURE_SSL_REDIRECT="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        EXTRA_GAME_KINDS="tests.games.toy_kind",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
        STATIC_ROOT=str(static_root),
    )
    env.update(extra)
    return env


class Process:
    """A subprocess with its output in a log file (shown when a test fails)."""

    def __init__(self, name: str, log_dir: Path):
        self.name = name
        self.log = log_dir / f"{name}.log"
        self.process: subprocess.Popen | None = None

    def spawn(self, args: list[str], env: dict[str, str]) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(args, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL to the whole process group: no clean shutdown, as in a crash or the OOM killer."""
        if self.running():
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.running():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""


class PrivateRedis(Process):
    """A redis-server of the test's own, stoppable and restartable on the same port."""

    def __init__(self, log_dir: Path):
        super().__init__("redis", log_dir)
        self.binary = shutil.which("redis-server")
        self.port = free_port()
        self.dir = log_dir

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.spawn([self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                    "no", "--dir", str(self.dir)], os.environ.copy())
        wait_for(lambda: not port_free(self.port) and self._ping(), 10, "the private redis-server")

    def _ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False


WEB_APPLICATION_NAME = "letterpost-fault-web"


class WebServer(Process):
    """uvicorn serving ``config.asgi`` (the Procfile's web process). Its database connections carry
    the application name ``WEB_APPLICATION_NAME`` (libpq's ``PGAPPNAME``), so a test can drop exactly those."""

    def __init__(self, log_dir: Path, env: dict[str, str], workers: int = 1):
        super().__init__("web", log_dir)
        self.env = {**env, "PGAPPNAME": WEB_APPLICATION_NAME}
        self.workers = workers
        self.port = free_port(range(0))
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.spawn([PYTHON, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port",
                    str(self.port), "--workers", str(self.workers), "--log-level", "warning", "--no-server-header"],
                   self.env)
        wait_for(self._answers, 60, f"the web server to answer (log: {self.tail()})", interval=0.2)

    def _answers(self) -> bool:
        if not self.running():
            raise AssertionError(f"the web server exited:\n{self.tail()}")
        try:
            return requests.get(f"{self.url}/api/schema/", timeout=5).status_code == 200
        except requests.RequestException:
            return False


class Worker(Process):
    """A Celery worker (the Procfile's workers in one: it consumes every queue, ``celery_queues``).
    ``preload`` names a module of this suite imported first, to hold a task at a chosen point so the
    test can kill the worker there."""

    def __init__(self, log_dir: Path, env: dict[str, str], name: str = "worker"):
        super().__init__(name, log_dir)
        self.env = env

    def start(self, preload: str | None = None, pool: str = "prefork") -> None:
        self.node = f"{self.name}-{time.time_ns()}@fault"
        code = "import sys; from celery.__main__ import main; sys.exit(main())"
        if preload:
            code = f"import {preload}; " + code
        self.spawn([PYTHON, "-c", code, "-A", "config", "worker", f"--pool={pool}", "--concurrency=1",
                    "-l", "warning", "--without-mingle", "--without-gossip", "-n", self.node,
                    "-Q", ",".join(celery_queues())],
                   self.env)
        wait_for(self._ready, 60, f"the Celery worker to answer a ping (log: {self.tail()})", interval=0.2)

    def _ready(self) -> bool:
        if not self.running():
            raise AssertionError(f"the Celery worker exited:\n{self.tail()}")
        try:
            with celery_client(self.env["CELERY_BROKER_URL"]) as probe:
                return any(self.node in answer for answer in probe.control.ping(timeout=0.5))
        except (RedisConnectionError, OperationalError):
            return False  # the broker dropped the probe's connection (a busy machine): ask again


def celery_client(broker: str, backend: str | None = None):
    """A Celery client of the private broker. Celery prefers the ``CELERY_BROKER_URL`` environment
    variable (set in CI, to the shared Redis) over a broker given in code, except for these two."""
    from celery import Celery

    app = Celery(broker=broker, backend=backend, set_as_current=False)  # never the tasks' default app
    app.conf.broker_read_url = app.conf.broker_write_url = broker
    return app


def check_games_and_ratings() -> None:
    """The invariants after every fault: each game replays to its stored state, every rating follows
    from the finished games (``manage.py verify_games`` and ``manage.py recompute_ratings --check``;
    both raise CommandError on any difference)."""
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("verify_games", stdout=out, stderr=out)
    call_command("recompute_ratings", "--check", stdout=out, stderr=out)
