"""``manage.py import_lexicon CODE [--path FILE] [--reason ...] [--force]``: load a word list into the database.

Reads the source list of ``CODE`` (``en``: ENABLE plus our additions; ``nl``: OpenTaal from
``wdutch``), applies the rule-8 filters and brings the lexicon in line with it: one new version
with the words added and removed, or nothing at all when the list is unchanged.  Words a curator
decided on are left alone.  All the work is in ``lexicon_services.lexicon_import``.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from core import speed
from lexicons.services import lexicon_import
from lexicons.sources import SOURCE_CODES, LexiconSourceError


class Command(BaseCommand):
    help = "Import or update a lexicon from its word list (en: ENABLE + additions, nl: OpenTaal/wdutch)."

    def add_arguments(self, parser):
        parser.add_argument("code", help=f"the lexicon code: {', '.join(SOURCE_CODES)}")
        parser.add_argument("--path", type=Path, help="read the raw list from this file instead of its usual place")
        parser.add_argument("--reason", default="", help="kept in the change history (default: the source release)")
        parser.add_argument("--force", action="store_true", help="compare every word even if the list is unchanged")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar (logs, CI)")

    def handle(self, *args, code, path, reason, force, no_progress, **options):
        bar = None

        def progress(done: int, total: int) -> None:
            nonlocal bar
            if bar is None:
                bar = tqdm(total=total, unit="word", desc=f"lexicon {code}", disable=no_progress,
                           file=speed.raw_stream(self.stderr))
            bar.update(done - bar.n)

        try:
            result = lexicon_import(code=code, path=path, reason=reason, force=force, progress=progress)
        except LexiconSourceError as exc:
            raise CommandError(str(exc)) from None
        finally:
            if bar is not None:
                bar.close()
        meta, lexicon = result.metadata, result.lexicon
        rejected = ", ".join(f"{reason} {count}" for reason, count in meta["rejected"].items()) or "none"
        if result.skipped:
            self.stdout.write(f"lexicon {code}: unchanged source ({meta['source_version']}), "
                              f"version {lexicon.version}, {lexicon.word_count} words")
            return
        self.stdout.write(
            f"lexicon {code}: added {result.added}, removed {result.removed}, version {lexicon.version}, "
            f"{lexicon.word_count} words ({meta['raw_count']} entries read; rejected: {rejected}; "
            f"{meta['duplicates']} duplicates after folding; {result.curated_kept} curated words kept)"
        )
