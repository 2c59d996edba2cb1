"""``manage.py sweep_deadlines [--now ISO-TIME]``: one deadline sweep right away, as beat runs every
minute; ``--now`` runs it as if it were that time (for operators and tests)."""

import json
from datetime import UTC, datetime

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games.services.deadlines import sweep


class Command(BaseCommand):
    help = "Send due reminders and apply due timeouts and forfeits once."

    def add_arguments(self, parser):
        parser.add_argument("--now", help="Sweep as if it were this time (ISO 8601; UTC when no offset given).")
        parser.add_argument("--batch-size", type=int, default=200)

    def handle(self, *args, now=None, batch_size=200, **options):
        moment = None
        if now:
            try:
                moment = datetime.fromisoformat(now)
            except ValueError:
                raise CommandError(
                    f"--now must be an ISO 8601 time, e.g. 2026-12-01T09:30:00+00:00; got {now!r}."
                ) from None
            if timezone.is_naive(moment):
                moment = moment.replace(tzinfo=UTC)
        if batch_size < 1:
            raise CommandError("--batch-size must be at least 1.")
        report = sweep(now=moment, batch_size=batch_size)
        self.stdout.write(json.dumps(report.as_json(), sort_keys=True))
