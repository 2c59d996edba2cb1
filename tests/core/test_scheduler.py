"""The embedded scheduler (``manage.py run_scheduler``, started by ``make run``): beat's schedule in one
process without a broker.  The real command, as a subprocess on this run's database, applies a deadline
that falls due while it runs and stops cleanly on SIGTERM; it refuses to run beside a broker; one task's
failure does not stop the others; and the schedule sweeps often enough for a due deadline to be applied
within two minutes."""

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from celery import shared_task
from django.conf import settings
from django.db import connection
from django.utils import timezone

from core.scheduler import EntryThreads, entries_from, entry_run, tick
from games import services
from games.models import Move, Seat

ROOT = Path(settings.BASE_DIR)


def scheduler_env(**extra: str) -> dict[str, str]:
    """The embedded defaults (no broker, no Redis) on this test run's database, with the toy engine."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        url = f"sqlite:///{db['NAME']}"
    else:
        url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    services_env = {"REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CELERY_TASK_ALWAYS_EAGER",
                    "EMAIL_URL", "PYTEST_CURRENT_TEST"}
    env = {k: v for k, v in os.environ.items() if k not in services_env}
    env.update(DATABASE_URL=url, DATABASE_POOL="false", EXTRA_GAME_KINDS="tests.games.toy_kind",
               LOG_LEVEL="INFO", PYTHONUNBUFFERED="1", **extra)
    return env


def scheduler(*args: str, **env: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "manage.py", "run_scheduler", *args], cwd=ROOT, env=scheduler_env(**env),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.mark.django_db(transaction=True)
def test_the_scheduler_applies_a_deadline_falling_due_while_it_runs_and_stops_on_sigterm(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    process = scheduler("--interval", "1")
    try:
        assert process.stdout.readline().startswith("Scheduler: ")  # it runs: now the deadline comes
        due = timezone.now() + timedelta(seconds=2)
        Seat.objects.filter(game=game, to_act=True).update(deadline=due, alert_at=due)
        limit = time.monotonic() + 60
        while not Move.objects.filter(game=game, source="timeout").exists():
            assert process.poll() is None, process.stdout.read()
            assert time.monotonic() < limit, "no timeout applied within 60 s"  # the interval is a second
            time.sleep(0.3)
        applied_at = timezone.now()
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert applied_at >= due
    assert process.returncode == 0, output
    assert "Scheduler stopped." in output
    game.refresh_from_db()
    assert game.version == 2 and Seat.objects.get(game=game, index=0).consecutive_timeouts == 1


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_on_its_own_schedule_the_scheduler_applies_a_deadline_falling_due_within_two_minutes(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    process = scheduler()  # as make run starts it: beat's intervals, no --interval
    try:
        assert process.stdout.readline().startswith("Scheduler: ")
        due = timezone.now() + timedelta(seconds=5)  # after the sweep it runs at start
        Seat.objects.filter(game=game, to_act=True).update(deadline=due, alert_at=due)
        while not Move.objects.filter(game=game, source="timeout").exists():
            assert process.poll() is None, process.stdout.read()
            assert timezone.now() < due + timedelta(minutes=2), "no timeout applied within two minutes"
            time.sleep(1)
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, output


@pytest.mark.django_db
def test_the_scheduler_refuses_to_run_beside_a_broker():
    result = subprocess.run([sys.executable, "manage.py", "run_scheduler"], cwd=ROOT, capture_output=True, text=True,
                            env=scheduler_env(CELERY_BROKER_URL="redis://127.0.0.1:1/0"), timeout=60)
    assert result.returncode == 1
    assert "Celery beat runs the schedule there" in result.stderr


@shared_task(name="tests.scheduler.broken")
def broken_task():
    raise RuntimeError("boom")


@shared_task(name="tests.scheduler.fine")
def fine_task():
    return {"done": 1}


@pytest.mark.django_db  # entry_run closes the thread's old connections: a test before it may have left one open
def test_a_failing_task_is_logged_and_the_others_still_run(caplog):
    caplog.set_level(logging.INFO, logger="core.scheduler")
    entries = entries_from({"Broken": {"task": "tests.scheduler.broken", "schedule": 60.0},
                            "Fine": {"task": "tests.scheduler.fine", "schedule": 60.0}}, now=timezone.now())
    wait = tick(entries, now=timezone.now(), run=entry_run)
    assert 55 < wait <= 60  # both wait for their next time, the failed one too
    assert "scheduled task 'Broken' (tests.scheduler.broken) failed" in caplog.text
    assert "ran 'Fine' (tests.scheduler.fine)" in caplog.text and "{'done': 1}" in caplog.text


def test_a_long_task_holds_back_neither_the_others_nor_the_stop(caplog):
    release = threading.Event()
    ran = []

    def run(entry):
        ran.append(entry.name)
        if entry.name == "Slow":
            release.wait(10)

    threads = EntryThreads(run)
    start = timezone.now()
    entries = entries_from({"Slow": {"task": "slow", "schedule": 1.0}, "Fast": {"task": "fast", "schedule": 1.0}},
                           now=start)
    tick(entries, now=start, run=threads)
    threads.threads["Fast"].join(5)
    for entry in entries:
        entry.last_run_at -= timedelta(seconds=2)  # both due again; Slow is still running
    tick(entries, now=timezone.now(), run=threads)
    threads.threads["Fast"].join(5)
    assert ran.count("Fast") == 2 and ran.count("Slow") == 1
    assert "'Slow' is still running since its last time: this turn is skipped" in caplog.text
    release.set()
    threads.join()
    assert not any(t.is_alive() for t in threads.threads.values())


def test_interval_entries_run_at_start_and_then_on_their_interval():
    start = timezone.now()
    entries = entries_from({"sweep": {"task": "games.tasks.deadlines_sweep", "schedule": 60.0}}, now=start)
    ran = []
    assert tick(entries, now=start, run=ran.append) == pytest.approx(60, abs=1)
    assert [e.name for e in ran] == ["sweep"]
    tick(entries, now=start, run=ran.append)
    assert len(ran) == 1  # not again before its interval


def test_a_due_deadline_is_swept_within_two_minutes_by_the_schedule_make_run_starts():
    entries = {e.task: e for e in entries_from(settings.CELERY_BEAT_SCHEDULE, now=timezone.now())}
    assert entries["games.tasks.deadlines_sweep"].schedule.run_every <= timedelta(minutes=1)
    makefile = (ROOT / "Makefile").read_text()
    run_recipe = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "manage.py run_scheduler &" in run_recipe and "uvicorn" in run_recipe and "trap" in run_recipe

