"""``manage.py load_starter_data``: the data a fresh site needs before anyone signs up.

Data only, and idempotent (safe on every ``make run``): the site's name and address, the
dictionaries, Spell's starter term deck and the bot accounts (``games/bots/accounts.py``).  The moderator and
curator groups come with the migrations, beat's schedule with the settings (``CELERY_BEAT_SCHEDULE``).
"""

from django.conf import settings
from django.contrib.sites.models import Site
from django.core.management.base import BaseCommand

from games.bots.accounts import bots_ensure
from lexicons.starter import load_lexicons
from lexicons.term_decks import starter_deck_load


class Command(BaseCommand):
    help = "Load the data a fresh Letterpost site needs (site name, dictionaries, Spell's term deck)."

    def add_arguments(self, parser):
        parser.add_argument("--domain", default="127.0.0.1:8000", help="The site's domain for links in e-mails.")

    def handle(self, *args, domain, **options):
        site, _ = Site.objects.update_or_create(
            pk=settings.SITE_ID, defaults={"domain": domain, "name": settings.SITE_NAME}
        )
        self.stdout.write(f"site: {site.name} at {site.domain}")
        for step in STEPS:
            step(self)


def load_term_decks(command) -> None:
    """Spell's starter English deck (lexicons/data/terms_en.csv), only into a language with no cards yet."""
    created = starter_deck_load(language="en")
    command.stdout.write(f"spell term cards: {created} added" if created else "spell term cards: already there")


def load_bots(command) -> None:
    """The bot accounts players can challenge."""
    command.stdout.write(f"bots: {', '.join(u.username for u in bots_ensure())}")


# Each step: f(command) -> None, idempotent.
STEPS: list = [load_lexicons, load_term_decks, load_bots]
