"""Imported by a fault-suite Celery worker before it starts (``harness.Worker(preload=...)``).

It shortens the broker's redelivery clock for the test (a task taken by a worker that died goes back
to the queue after ``CELERY_VISIBILITY_TIMEOUT`` seconds; kombu looks every second instead of every
100), and, when ``FAULT_HOLD`` names a point, makes the first task that reaches it write its pid to
``FAULT_MARKER`` and wait there, so the test can kill the worker at exactly that point:

- ``sweep-in-transaction``: the deadline sweep has applied a timeout, its transaction not committed;
- ``sweep-after-commit``: the sweep committed, the task not yet acknowledged;
- ``rating-in-transaction``: the rating changes are written, not committed;
- ``rating-after-commit``: the rating committed, the task not yet acknowledged.

Only the first task holds (the marker exists afterwards), so the rerun after the kill runs through.
"""

import functools
import os
import time
from pathlib import Path

from celery import signals

HOLD = os.environ.get("FAULT_HOLD", "")
MARKER = Path(os.environ.get("FAULT_MARKER", "/nonexistent"))


@signals.celeryd_init.connect
def quick_redelivery(conf=None, **kwargs):
    conf.broker_transport_options = {
        **(conf.broker_transport_options or {}), "unacked_restore_interval": 1, "unacked_restore_throttle": 1,
    }


def hold_once() -> None:
    if MARKER.exists():
        return
    MARKER.write_text(str(os.getpid()))
    time.sleep(600)  # killed here


def holding_after(function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        result = function(*args, **kwargs)
        hold_once()
        return result

    return wrapper


@signals.worker_process_init.connect
def install_hold(**kwargs):
    # In the pool process that runs the tasks, after Django is set up.
    if HOLD == "sweep-in-transaction":
        from games.services import deadlines

        # Batched timeouts go through system_moves_record, lone ones through game_submit_system_move.
        deadlines.system_moves_record = holding_after(deadlines.system_moves_record)
        deadlines.game_submit_system_move = holding_after(deadlines.game_submit_system_move)
    elif HOLD == "sweep-after-commit":
        from games import tasks

        tasks.sweep = holding_after(tasks.sweep)
    elif HOLD == "rating-in-transaction":
        from ratings.models import RatingChange

        RatingChange.objects.bulk_create = holding_after(RatingChange.objects.bulk_create)
    elif HOLD == "rating-after-commit":
        from ratings import tasks

        tasks.services.game_rate = holding_after(tasks.services.game_rate)
