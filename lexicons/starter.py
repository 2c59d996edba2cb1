"""The dictionaries a fresh site needs, as a ``load_starter_data`` step (idempotent and quick to rerun).

English (ENABLE + additions) is always imported; Dutch only where ``wdutch`` is installed.  An
unchanged source list is recognised by its digest and skipped.  The "Dictionary curators" group
comes with the migrations (``lexicons/migrations/0002_curators_group.py``); ``curators_group`` makes
sure of it where a test flushed the database.
"""

from django.contrib.auth.models import Group, Permission

from .services import lexicon_import
from .sources import DUTCH_APT_COMMAND, source_available

CURATORS_GROUP = "Dictionary curators"
CURATOR_PERMISSIONS = [
    "curate_lexicon", "view_lexicon", "change_lexicon", "view_lexiconword", "view_wordchange",
    "view_lexiconversion", "view_lexiconbulkjob", "view_wordreport", "change_wordreport",
]


def curators_group() -> Group:
    group, _ = Group.objects.get_or_create(name=CURATORS_GROUP)
    group.permissions.add(
        *Permission.objects.filter(content_type__app_label="lexicons", codename__in=CURATOR_PERMISSIONS)
    )
    return group


def load_lexicons(command) -> None:
    for code in ("en", "nl"):
        if not source_available(code):
            hint = DUTCH_APT_COMMAND if code == "nl" else "pip install -r requirements.txt"
            command.stdout.write(f"lexicon {code}: word list not installed, skipped (install: {hint})")
            continue
        result = lexicon_import(code=code)
        lexicon = result.lexicon
        what = "unchanged" if result.skipped else f"added {result.added}, removed {result.removed}"
        command.stdout.write(f"lexicon {code}: {what}; version {lexicon.version}, {lexicon.word_count} words")
