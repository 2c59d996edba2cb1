"""The embedded scheduler: beat's schedule, run in one process without a broker (``make run``).

Production runs Celery beat (the Procfile's ``beat``), which sends each entry of
``CELERY_BEAT_SCHEDULE`` to the workers.  The embedded defaults have no broker and no worker: tasks run
eagerly, in the process that asks for them.  ``manage.py run_scheduler`` fills beat's place there: it
runs the same entries, by task name, on the same schedules (Celery's own schedule objects, so an
interval or a crontab means what it means to beat), in its own process beside the web server.  A
deadline falling due is thus swept within the sweep's interval (a minute), as in production.

Invariants:
- it refuses to start when tasks would go to a broker (``scheduler_refusal``): there, beat is the one
  scheduler, and this loop would only repeat its work (harmless — every scheduled task is idempotent —
  but twice the load and twice the log);
- each entry runs in a thread of its own (``EntryThreads``), one run at a time per entry: a long task
  (the nightly replay check of a big database) never holds back the minute's sweep; a run still going
  when its entry falls due again skips that turn (the next run catches up: each task handles all that
  is due);
- a task that raises is logged and the loop goes on; the entry waits for its next time as if it had run;
- a stop request (SIGTERM, SIGINT) lets the tasks being run finish, then the loop ends;
- interval entries run once at start (a deadline that passed while the site was down is applied at
  once), crontab entries at their next time.
It knows nothing of the tasks it runs, only their names.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import cast

from celery import current_app
from celery.schedules import BaseSchedule, maybe_schedule, schedule
from django.conf import settings
from django.db import close_old_connections, connections

logger = logging.getLogger(__name__)

# The loop looks at its stop flag at least this often (seconds), so that a stop request is answered
# at once even when the next entry is hours away.
WAKE_EVERY = 1.0


@dataclass
class Entry:
    """One entry of the beat schedule and when it last ran (in the Celery app's clock, UTC)."""

    name: str
    task: str
    schedule: BaseSchedule  # an interval (``schedule``) or a ``crontab``
    args: tuple = ()
    kwargs: Mapping | None = None
    last_run_at: datetime = field(kw_only=True)


def scheduler_refusal() -> str | None:
    """Why this process must not schedule, or None: tasks go to a broker, where beat schedules them."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or not settings.CELERY_BROKER_URL.startswith("memory://"):
        return ("A Celery broker is configured (CELERY_BROKER_URL or REDIS_URL): Celery beat runs the schedule "
                "there (the Procfile's beat). The embedded scheduler runs only with the embedded defaults.")
    return None


def entries_from(beat_schedule: Mapping, *, now: datetime, interval: float | None = None) -> list[Entry]:
    """The schedule's entries, ready to run: interval entries due at once, crontabs at their next time.
    ``interval`` (seconds) replaces every interval entry's period (tests, demonstrations)."""
    app = current_app
    entries = []
    for name, spec in beat_schedule.items():
        # A number of seconds or a timedelta comes back as a ``schedule``, a schedule object as itself.
        period = cast(BaseSchedule, maybe_schedule(spec["schedule"], app=app))
        if interval is not None and type(period) is schedule:
            period = schedule(timedelta(seconds=interval), app=app)
        # An interval counts from the last run: "ran one period ago" makes it due now.  (celery-types'
        # ``schedule`` omits its ``run_every``.)
        last = now - period.run_every if type(period) is schedule else now  # type: ignore[attr-defined]
        entries.append(Entry(name=name, task=spec["task"], schedule=period, args=tuple(spec.get("args", ())),
                             kwargs=spec.get("kwargs"), last_run_at=last))
    return entries


def entry_run(entry: Entry) -> object:
    """Run the entry's task here and now (eagerly, as the embedded defaults run every task); returns
    its result, or None when it raised (logged)."""
    task = current_app.tasks[entry.task]
    started = time.monotonic()
    close_old_connections()  # a long-lived process: a connection the database dropped is replaced
    try:
        # The eager result's value, not ``.get()``: a task that raised here can leave Celery believing it
        # still runs one, and ``.get()`` inside a task refuses, which failed every later entry.
        result = task.apply(args=entry.args, kwargs=dict(entry.kwargs or {}), throw=True).result
    except Exception:
        logger.exception("scheduled task %r (%s) failed; it runs again at its next time", entry.name, entry.task)
        return None
    finally:
        close_old_connections()
    # Work done is worth a line; a run that found nothing to do is not (the sweep runs every minute).
    level = logging.INFO if _did_something(result) else logging.DEBUG
    logger.log(level, "ran %r (%s) in %.2f s: %s", entry.name, entry.task, time.monotonic() - started, result)
    return result


def _did_something(result) -> bool:
    if isinstance(result, Mapping):
        return any(result.values())
    return bool(result)


def tick(entries: list[Entry], *, now: datetime, run: Callable[[Entry], object] = entry_run,
         stopping: Callable[[], bool] = lambda: False) -> float:
    """Run every entry due at ``now``; returns the seconds until the next one is due."""
    wait = float("inf")
    for entry in entries:
        if stopping():
            break
        due, _ = entry.schedule.is_due(entry.last_run_at)
        if due:
            # Counted from when it fell due, not from when it finished: a slow task does not drift.
            entry.last_run_at = now
            run(entry)
        wait = min(wait, entry.schedule.remaining_estimate(entry.last_run_at).total_seconds())
    return max(wait, 0.0)


class EntryThreads:
    """Runs each entry in a thread of its own, one run at a time per entry (see the module's invariants).
    Each thread closes its database connections when its run ends."""

    def __init__(self, run: Callable[[Entry], object] = entry_run):
        self.run = run
        self.threads: dict[str, threading.Thread] = {}

    def __call__(self, entry: Entry) -> None:
        running = self.threads.get(entry.name)
        if running is not None and running.is_alive():
            logger.warning("scheduled task %r is still running since its last time: this turn is skipped", entry.name)
            return
        thread = threading.Thread(target=self._run, args=(entry,), name=f"scheduler: {entry.name}", daemon=True)
        self.threads[entry.name] = thread
        thread.start()

    def _run(self, entry: Entry) -> None:
        try:
            self.run(entry)
        finally:
            connections.close_all()

    def join(self) -> None:
        for thread in list(self.threads.values()):
            thread.join()


def scheduler_loop(entries: list[Entry], *, stopping: Callable[[], bool],
                   run: Callable[[Entry], object] = entry_run) -> None:
    """Run the entries on their schedules until ``stopping()`` says so, then wait for the runs in hand."""
    threads = EntryThreads(run)
    while not stopping():
        wait = tick(entries, now=current_app.now(), run=threads, stopping=stopping)
        deadline = time.monotonic() + wait
        while not stopping() and time.monotonic() < deadline:
            time.sleep(min(WAKE_EVERY, max(deadline - time.monotonic(), 0.0)))
    threads.join()
