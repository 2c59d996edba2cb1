"""``manage.py ensure_bots``: create (or bring up to date) the bot accounts every kind's spec names (``KindSpec.bots``).

Idempotent; ``load_starter_data`` runs it too.
"""

from django.core.management.base import BaseCommand

from games.bots.accounts import bots_ensure


class Command(BaseCommand):
    help = "Create or update the bot accounts of every game kind that has bots."

    def handle(self, *args, **options):
        for user in bots_ensure():
            self.stdout.write(f"bot: {user.username} ({user.bot_kind}, {user.bot_level})")
