"""``manage.py verify_games``: replay every game from its log and report any whose state differs."""

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.replay import verify_game


class Command(BaseCommand):
    help = "Replay every game from its seed and move log; report games whose stored state differs."

    def add_arguments(self, parser):
        parser.add_argument("--kind", help="Only games of this kind.")
        parser.add_argument("ids", nargs="*", type=int, help="Only these game ids.")

    def handle(self, *args, kind=None, ids=(), **options):
        games = Game.objects.exclude(state=None).order_by("pk")
        if kind:
            games = games.filter(kind=kind)
        if ids:
            games = games.filter(pk__in=ids)
        checked = bad = 0
        for game in games.iterator(chunk_size=200):
            report = verify_game(game)
            checked += 1
            if not report.ok:
                bad += 1
                self.stderr.write(f"game {game.pk} ({game.kind}): {report.problem}")
        self.stdout.write(f"{checked} games checked, {bad} differ")
        if bad:
            raise CommandError(f"{bad} game(s) differ from their replay")
