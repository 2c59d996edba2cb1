"""``manage.py gcg_check FILE...``: replay GCG records through the Crossword engine and compare scores.

Word checking is off and each turn is played from its recorded rack, so the check is of the scoring
rules alone.  Prints the recorded and the computed score of every turn; exits non-zero when any
placement scores differently (or the engine refuses a recorded turn).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engines.crossword import gcg
from games.engines.crossword.tiles import TILE_SETS


class Command(BaseCommand):
    help = "Replay GCG records with word checking off; non-zero exit when a placement's score differs."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument("--tile-set", default="en", choices=sorted(TILE_SETS))

    def handle(self, *args, files, tile_set, **options):
        bad_files = 0
        for name in files:
            path = Path(name)
            try:
                game = gcg.parse(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                self.stderr.write(f"{name}: cannot read: {exc}")
                bad_files += 1
                continue
            checks, _ = gcg.replay(game, tile_set=tile_set)
            self.stdout.write(f"== {name}")
            mismatches = 0
            for check in checks:
                turn = check.turn
                computed = "-" if check.computed_score is None else f"{check.computed_score:+d}"
                flag = "" if check.ok else "  MISMATCH"
                if check.error:
                    flag = f"  REFUSED {check.error}"
                if not check.ok:
                    mismatches += 1
                self.stdout.write(f"line {turn.line:>4} {turn.player:<12} {turn.kind:<10} {turn.notation:<20} "
                                  f"recorded {turn.score:+d} computed {computed}{flag}")
            plays = sum(1 for c in checks if c.turn.kind == "play")
            self.stdout.write(f"{name}: {len(checks)} turns, {plays} placements, {mismatches} mismatches")
            if mismatches:
                bad_files += 1
        if bad_files:
            raise CommandError(f"{bad_files} of {len(files)} records have a mismatch or could not be read")
