"""``manage.py run_scheduler [--interval SECONDS]``: beat's schedule in this process, for the embedded
setup (``make run`` starts it beside the web server); see ``core/scheduler.py``.  Refuses to start when
a broker is configured, where Celery beat schedules.  SIGTERM or Ctrl-C stops it after the task being
run; a second one stops it at once."""

import logging
import signal

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from core.scheduler import entries_from, scheduler_loop, scheduler_refusal


class Command(BaseCommand):
    help = "Run the Celery beat schedule in this process (embedded defaults only; production runs beat)."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=None,
                            help="Run the interval entries (the deadline sweep, the relay ...) every this many "
                                 "seconds instead of their schedule (tests, demonstrations).")

    def handle(self, *args, interval=None, **options):
        refusal = scheduler_refusal()
        if refusal:
            raise CommandError(refusal)
        if interval is not None and interval <= 0:
            raise CommandError("--interval must be a positive number of seconds.")
        current_app.loader.import_default_modules()  # every app's tasks.py, as a worker loads them
        entries = entries_from(settings.CELERY_BEAT_SCHEDULE, now=current_app.now(), interval=interval)
        missing = [e.task for e in entries if e.task not in current_app.tasks]
        if missing:
            raise CommandError(f"The beat schedule names unknown tasks: {', '.join(missing)}")

        stop = []

        def request_stop(signum, frame):
            stop.append(signum)
            signal.signal(signum, signal.SIG_DFL)  # a second one ends the process at once

        # Celery logs every task it runs; the scheduler's own line says what a run did (core/scheduler.py).
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, request_stop)
        self.stdout.write(f"Scheduler: {len(entries)} entries of CELERY_BEAT_SCHEDULE run in this process "
                          f"({', '.join(e.name for e in entries)}). Stop with Ctrl-C or SIGTERM.")
        self.stdout.flush()
        scheduler_loop(entries, stopping=lambda: bool(stop))
        self.stdout.write("Scheduler stopped.")
