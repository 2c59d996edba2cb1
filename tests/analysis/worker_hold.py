"""Imported by a test's heavy worker before it starts (``tests.conftest.start_celery_worker(preload=...)``):
the first analysis task it takes writes ``HOLD_MARKER`` and waits there until ``HOLD_RELEASE`` exists
(two minutes at most), so the test finds the heavy worker busy for as long as it needs."""

import os
import time
from pathlib import Path

from celery import signals

MARKER = Path(os.environ.get("HOLD_MARKER", "/nonexistent"))
RELEASE = Path(os.environ.get("HOLD_RELEASE", "/nonexistent"))


@signals.task_prerun.connect
def hold_the_first_analysis(sender=None, **kwargs):
    if getattr(sender, "name", "") != "analysis.tasks.on_analysis_requested" or MARKER.exists():
        return
    MARKER.write_text(str(os.getpid()))
    deadline = time.monotonic() + 120
    while not RELEASE.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
