"""``manage.py verify_games``: replay every game from its log and report any whose state differs.

Batched and resumable: games are read in id order, ``--batch`` at a time, with the move logs of a whole
batch in one query (two queries per batch, however long the games, and a third for the seats' time banks
when the batch has games with one); after each batch the last id checked
is printed, and ``--after ID`` starts after it.  ``--until ID`` stops at an id, so that several processes
can check disjoint ranges side by side (``--after 0 --until 500000`` and ``--after 500000``).
"""

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.replay import banks_used_of, logs_of, verify_game


class Command(BaseCommand):
    help = "Replay every game from its seed and move log; report games whose stored state differs."

    def add_arguments(self, parser):
        parser.add_argument("--kind", help="Only games of this kind.")
        parser.add_argument("--after", type=int, default=0, help="Resume: only games with a larger id.")
        parser.add_argument("--until", type=int, default=None, help="Only games with an id up to this one.")
        parser.add_argument("--batch", type=int, default=500, help="Games read (with their moves) at a time.")
        parser.add_argument("--progress", action="store_true", help="Print the last id checked after each batch.")
        parser.add_argument("ids", nargs="*", type=int, help="Only these game ids.")

    def handle(self, *args, kind=None, after=0, until=None, batch=500, progress=False, ids=(), **options):
        # Only what a replay reads: not the players' clocks, deadlines or the rest of the row.
        games = Game.objects.exclude(state=None).order_by("pk").only(
            "kind", "status", "state", "version", "seats_count", "options", "seed", "time_bank_days")
        if until is not None:
            games = games.filter(pk__lte=until)
        if kind:
            games = games.filter(kind=kind)
        if ids:
            games = games.filter(pk__in=ids)
        checked = bad = 0
        last = after
        while True:
            chunk = list(games.filter(pk__gt=last)[:batch])
            if not chunk:
                break
            logs = logs_of(g.pk for g in chunk)
            banks = banks_used_of(chunk)
            for game in chunk:
                report = verify_game(game, logs[game.pk], banks.get(game.pk, {}))
                checked += 1
                if not report.ok:
                    bad += 1
                    self.stderr.write(f"game {game.pk} ({game.kind}): {report.problem}")
            last = chunk[-1].pk
            if progress:
                self.stdout.write(f"checked up to game {last} ({checked} games, {bad} differ)")
        self.stdout.write(f"{checked} games checked, {bad} differ")
        if bad:
            raise CommandError(f"{bad} game(s) differ from their replay")
