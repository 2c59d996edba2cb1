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


def load_lexicons(command) -> None:
    """Dictionaries: English always, Dutch where wdutch is installed, and the curators' group."""
    from lexicons.starter import load_lexicons as load

    load(command)


STEPS.append(load_lexicons)


def schedule_league_tasks(command) -> None:
    """Beat ends league seasons past their end date (leagues.tasks.leagues_end_due_seasons)."""
    from leagues.starter import schedule_league_tasks as schedule

    schedule(command)


STEPS.append(schedule_league_tasks)


def schedule_correspondence_tasks(command) -> None:
    """Beat sweeps deadlines every minute (games/deadlines.py) and sends daily digests every 15 minutes."""
    from django_celery_beat.models import CrontabSchedule, IntervalSchedule, PeriodicTask

    minute, _ = IntervalSchedule.objects.get_or_create(every=1, period=IntervalSchedule.MINUTES)
    PeriodicTask.objects.update_or_create(
        name="Sweep deadlines", defaults={"task": "games.tasks.deadlines_sweep", "interval": minute, "crontab": None}
    )
    quarter, _ = CrontabSchedule.objects.get_or_create(minute="*/15", hour="*", day_of_week="*",
                                                       day_of_month="*", month_of_year="*", timezone="UTC")
    PeriodicTask.objects.update_or_create(
        name="Send daily digests", defaults={"task": "notifications.tasks.digests_send", "crontab": quarter}
    )
    command.stdout.write("deadline sweep and digests scheduled")


STEPS.append(schedule_correspondence_tasks)


def load_term_decks(command) -> None:
    """Spell's starter English deck (lexicons/data/terms_en.csv), only into a language with no cards yet."""
    from lexicons.term_decks import starter_deck_load

    created = starter_deck_load(language="en")
    command.stdout.write(f"spell term cards: {created} added" if created else "spell term cards: already there")


STEPS.append(load_term_decks)


def create_moderator_group(command) -> None:
    """The "moderator" group with exactly moderation's powers (moderation/groups.py)."""
    from moderation.groups import moderator_group_ensure

    group = moderator_group_ensure()
    command.stdout.write(f"moderator group: {group.permissions.count()} permissions")


STEPS.append(create_moderator_group)
