"""``manage.py recompute_ratings [--check]``: rebuild every rating from the finished games.

Without ``--check`` the stored ratings and rating changes are replaced by the rebuilt ones when they
differ; with it nothing is written and the command exits non-zero on any difference.
"""

from django.core.management.base import BaseCommand, CommandError

from ratings.services import ratings_recompute


class Command(BaseCommand):
    help = "Rebuild all ratings from the finished games (--check: only compare, non-zero exit on a difference)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Compare only; exit 1 if anything differs.")

    def handle(self, *args, check: bool, **options):
        differences = ratings_recompute(write=not check)
        for line in differences[:200]:
            self.stdout.write(line)
        if not differences:
            self.stdout.write("ratings agree with the finished games")
        elif check:
            raise CommandError(f"{len(differences)} rating difference(s)")
        else:
            self.stdout.write(f"rebuilt: {len(differences)} difference(s) corrected")
