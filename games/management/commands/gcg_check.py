"""``manage.py gcg_check FILE...``: replay GCG records through the Crossword engine and compare scores.

Word checking is off and each turn is played from its recorded rack, so the check is of the scoring
rules alone.  Prints the recorded and the computed score of every turn; exits non-zero when any
placement scores differently (or the engine refuses a recorded turn).

``--moves`` checks the move generator instead: every recorded placement whose words are all in the
lexicon (``--lexicon``: a source code such as ``en``, read from the source list without the database,
or a file of one word per line) must be among the plays generated for the recorded rack, with the
recorded score.  Prints how many placements were checked and how many were skipped because a word is
not in the lexicon; exits non-zero on any placement missing or scored differently.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from engines.crossword import gcg
from engines.crossword.analysis import GcgError, check_gcg_moves
from engines.crossword.tiles import TILE_SETS
from lexicons.index import WordIndex
from lexicons.sources import SOURCE_CODES, LexiconSourceError, source_words


def load_lexicon(spec: str):
    """A word index from a source code ("en", "nl") or from a file of one word per line."""
    if spec in SOURCE_CODES:
        try:
            _, words = source_words(spec)
        except LexiconSourceError as exc:
            raise CommandError(str(exc)) from None
        return WordIndex.from_words(words, code=spec)
    path = Path(spec)
    if not path.is_file():
        raise CommandError(f"--lexicon {spec!r} is neither a known source ({', '.join(SOURCE_CODES)}) nor a file")
    lines = path.read_text(encoding="utf-8").splitlines()
    return WordIndex.from_words((w.strip() for w in lines if w.strip() and not w.startswith("#")),
                                code=path.stem)


class Command(BaseCommand):
    help = "Replay GCG records with word checking off; non-zero exit when a placement's score differs."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument("--tile-set", default="en", choices=sorted(TILE_SETS))
        parser.add_argument("--moves", action="store_true",
                            help="Check that the move generator lists every recorded placement with its score.")
        parser.add_argument("--lexicon", default="en", metavar="CODE|PATH",
                            help="The word list for --moves: a source code (en, nl) or a file (default: en).")

    def handle(self, *args, files, tile_set, moves, lexicon, **options):
        if moves:
            self._check_moves(files, tile_set, load_lexicon(lexicon))
            return
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

    def _check_moves(self, files, tile_set, lexicon):
        bad_files = checked = skipped = 0
        for name in files:
            try:
                result = check_gcg_moves(Path(name).read_text(encoding="utf-8"), lexicon, tile_set=tile_set)
            except (OSError, GcgError) as exc:
                self.stderr.write(f"{name}: cannot check: {exc}")
                bad_files += 1
                continue
            for line, notation, problem in result.failures:
                self.stdout.write(f"{name}: line {line}: {notation}: {problem}")
            self.stdout.write(f"{name}: {result.checked} placements checked, {result.skipped} skipped "
                              f"(a word not in the lexicon), {len(result.failures)} failed")
            checked += result.checked
            skipped += result.skipped
            bad_files += not result.ok
        self.stdout.write(f"total: {checked} placements checked, {skipped} skipped")
        if bad_files:
            raise CommandError(f"{bad_files} of {len(files)} records failed the move-generation check")
