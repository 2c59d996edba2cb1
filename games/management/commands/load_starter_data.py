"""``manage.py load_starter_data``: what a fresh site needs before anyone signs up.

Idempotent: safe to run on every ``make run``.  Later issues add their data here (lexicons, term
decks, periodic tasks), each step a function that can run again without duplicating anything.
"""

from django.conf import settings
from django.contrib.sites.models import Site
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the data a fresh Letterpost site needs (site name, lexicons, decks, schedules)."

    def add_arguments(self, parser):
        parser.add_argument("--domain", default="127.0.0.1:8000", help="The site's domain for links in e-mails.")

    def handle(self, *args, domain, **options):
        site, _ = Site.objects.update_or_create(
            pk=settings.SITE_ID, defaults={"domain": domain, "name": settings.SITE_NAME}
        )
        self.stdout.write(f"site: {site.name} at {site.domain}")
        for step in STEPS:
            step(self)


def schedule_periodic_tasks(command) -> None:
    """Beat's schedule lives in the database (django-celery-beat), so operators can change it."""
    from django_celery_beat.models import CrontabSchedule, PeriodicTask

    nightly, _ = CrontabSchedule.objects.get_or_create(minute="17", hour="3", day_of_week="*",
                                                       day_of_month="*", month_of_year="*", timezone="UTC")
    PeriodicTask.objects.update_or_create(
        name="Verify game replays", defaults={"task": "games.tasks.games_verify", "crontab": nightly}
    )
    command.stdout.write("periodic tasks scheduled")


# Each issue appends its loader here: f(command) -> None, idempotent.
STEPS: list = [schedule_periodic_tasks]
