"""The only code that writes dictionaries: imports, curators' changes, bulk uploads and word reports.

Every change of a lexicon's word set goes through ``_write_changes`` under the lexicon-row lock, in
one transaction: the words' status, one ``WordChange`` per word, the version bump and its
``LexiconVersion`` row are written together or not at all.  A bumped version makes every process
reload its index within ``LEXICON_VERSION_TTL`` seconds (see ``lexicon_store``).  Refusals raise
``LexiconError`` with a stable code and write nothing.  Raw words are judged by the rule-8 filters of
``lexicons.filters``; this module does not know how the index is built or cached.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.core.mail import EmailMessage
from django.db import IntegrityError, connection, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.hooks import hook_ask

from . import filters
from .errors import (  # noqa: F401  (the codes are part of this module's interface)
    BAD_UPLOAD,
    BAD_WORD,
    COMMENT_TOO_LONG,
    DUPLICATE_REPORT,
    EMPTY_WORD,
    LOOKUP_PAUSED,
    MSG_LOOKUP_PAUSED,
    REASON_REQUIRED,
    REPORT_CLOSED,
    UNKNOWN_GAME,
    UNKNOWN_LEXICON,
    UNKNOWN_REPORT_KIND,
    WORD_ALREADY_VALID,
    WORD_NOT_IN_LEXICON,
    LexiconError,
)
from .models import (
    BulkJobStatus,
    Lexicon,
    LexiconBulkJob,
    LexiconVersion,
    LexiconWord,
    ReportKind,
    ReportStatus,
    WordAction,
    WordChange,
    WordOrigin,
    WordReport,
    WordStatus,
)
from .sources import source_words

logger = logging.getLogger(__name__)

# Asked of the games (a hook, core.hooks; its provider is listed in config/wiring.py): what a report may
# know of the game it names; None when there is no such game.
REPORT_GAME = "lexicons.report_game"
# Asked of the games: a running challenge-mode game of ``user`` in lexicon ``code`` (its id), during
# which the site must not say whether a word is valid; None when there is none.
LOOKUP_WITHHELD = "lexicons.lookup_withheld"


@dataclass(frozen=True)
class ReportGame:
    game_id: int
    # A running game with single or double challenge: words are on the honour system, so a report
    # made now gets no verdict until the game is over.
    hides_validity: bool = False


def lookup_withheld_for(*, user, code: str) -> int | None:
    """The running challenge-mode game for which ``user`` may not look words of ``code`` up, or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return hook_ask(LOOKUP_WITHHELD, user=user, code=code)

CURATE_PERMISSION = "lexicons.curate_lexicon"

# Rows per INSERT/UPDATE: large enough to be fast, small enough for SQLite's variable limit.
BATCH = 900
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_REASON = 300
MAX_COMMENT = 500



def filter_reason_message(reason: str) -> str:
    """Why rule 8 refuses an entry, in words a player or curator understands."""
    messages = {
        filters.EMPTY: _("The word is empty."),
        filters.CAPITALISED: _("Words with capital letters (names, abbreviations) are not allowed."),
        filters.APOSTROPHE: _("Words with apostrophes are not allowed."),
        filters.HYPHEN: _("Words with hyphens are not allowed."),
        filters.SPACE: _("A word cannot contain spaces."),
        filters.NON_LETTER: _("A word has letters a–z only (accents are dropped)."),
        filters.TOO_SHORT: _("A word has at least %(n)d letters.") % {"n": filters.MIN_LENGTH},
        filters.TOO_LONG: _("A word has at most %(n)d letters.") % {"n": filters.MAX_LENGTH},
        filters.NO_VOWEL: _("A Dutch word needs a vowel (y counts); vowel-less entries in the Dutch list are "
                            "abbreviations."),
    }
    return messages.get(reason, reason)


def can_curate(user) -> bool:
    return bool(user and user.is_active and user.has_perm(CURATE_PERMISSION))


def lexicon_by_code(code: str) -> Lexicon:
    lexicon = Lexicon.objects.filter(code=code).first()
    if lexicon is None:
        raise LexiconError(UNKNOWN_LEXICON, _("There is no lexicon %(code)r.") % {"code": code}, 404)
    return lexicon


def normalised_or_error(raw: str, language: str) -> str:
    """The playable spelling of ``raw`` or a LexiconError saying which rule refused it."""
    verdict = filters.check_entry(raw or "", language)
    if verdict.word is None:
        assert verdict.reason is not None  # a refused entry always says why
        code = EMPTY_WORD if verdict.reason == filters.EMPTY else BAD_WORD
        raise LexiconError(code, filter_reason_message(verdict.reason), reason=verdict.reason)
    return verdict.word


# ---------------------------------------------------------------------------
# The one writer of word sets
# ---------------------------------------------------------------------------
@dataclass
class ChangeResult:
    version: int
    word_count: int
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed)


Progress = Callable[[int, int], None]


def _chunks(items: list, size: int = BATCH) -> Iterable[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _word_states(lexicon: Lexicon, words: Iterable[str] | None = None) -> dict[str, tuple[str, str]]:
    """word -> (status, origin) for the given words (all of the lexicon's words when None)."""
    rows = LexiconWord.objects.filter(lexicon=lexicon)
    if words is None:
        return {w: (s, o) for w, s, o in rows.values_list("word", "status", "origin").iterator(chunk_size=5000)}
    states: dict[str, tuple[str, str]] = {}
    for chunk in _chunks(sorted(set(words))):
        states.update((w, (s, o)) for w, s, o in rows.filter(word__in=chunk).values_list("word", "status", "origin"))
    return states


def _write_changes(
    lexicon: Lexicon,
    *,
    add: list[str],
    remove: list[str],
    known: set[str],
    origin: str,
    user,
    reason: str,
    note: str,
    now: datetime,
    progress: Progress | None = None,
) -> ChangeResult:
    """Apply a computed difference to a locked lexicon row.  ``add`` holds words not active now,
    ``remove`` active ones, ``known`` the words that already have a row.  No change, no new version."""
    if not add and not remove:
        return ChangeResult(version=lexicon.version, word_count=lexicon.word_count)
    version = lexicon.version + 1
    reason = reason[:MAX_REASON]
    total = len(add) + len(remove)
    done = 0
    user_id = getattr(user, "pk", None)
    rows = LexiconWord.objects.filter(lexicon=lexicon)
    stamp = connection.ops.adapt_datetimefield_value(now)
    for action, words in ((WordAction.ADDED, add), (WordAction.REMOVED, remove)):
        status = WordStatus.ACTIVE if action == WordAction.ADDED else WordStatus.REMOVED
        for chunk in _chunks(words):
            new = [w for w in chunk if w not in known]
            if new:
                _insert(LexiconWord, ("lexicon", "word", "status", "origin", "added_at", "changed_at"),
                        [(lexicon.pk, w, status, origin, stamp, stamp) for w in new])
            old = [w for w in chunk if w in known] if len(new) != len(chunk) else []
            if old:
                rows.filter(word__in=old).update(status=status, origin=origin, changed_at=now)
            _insert(WordChange, ("lexicon", "word", "action", "origin", "user", "reason", "version", "created_at"),
                    [(lexicon.pk, w, action, origin, user_id, reason, version, stamp) for w in chunk])
            done += len(chunk)
            if progress:
                progress(done, total)
    lexicon.version = version
    lexicon.word_count = lexicon.word_count + len(add) - len(remove)
    lexicon.save(update_fields=["version", "word_count", "updated_at"])
    LexiconVersion.objects.create(
        lexicon=lexicon, version=version, created_at=now, created_by_id=user_id, note=(note or reason)[:MAX_REASON],
        added=len(add), removed=len(remove), word_count=lexicon.word_count,
    )
    return ChangeResult(version=version, word_count=lexicon.word_count, added=add, removed=remove)


def _insert(model, field_names: tuple[str, ...], rows: list[tuple]) -> None:
    """INSERT plain rows fast: COPY on PostgreSQL, ``executemany`` on SQLite.

    ``bulk_create`` spends ~0.2 ms of Python per object preparing values, and a many-row VALUES
    statement makes psycopg parse thousands of placeholders: either costs a minute for the English
    list on a small machine.  These values are already database-ready (strings, integers, one
    adapted timestamp)."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(model._meta.get_field(name).column) for name in field_names)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(field_names))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)


def _locked(lexicon_id: int) -> Lexicon:
    return Lexicon.objects.select_for_update().get(pk=lexicon_id)


# ---------------------------------------------------------------------------
# Import from a source list (manage.py import_lexicon, load_starter_data)
# ---------------------------------------------------------------------------
@dataclass
class ImportResult:
    lexicon: Lexicon
    metadata: dict
    skipped: bool = False
    added: int = 0
    removed: int = 0
    curated_kept: int = 0


def lexicon_import(
    *,
    code: str,
    path: Path | None = None,
    reason: str = "",
    force: bool = False,
    progress: Progress | None = None,
    now: datetime | None = None,
) -> ImportResult:
    """Bring lexicon ``code`` in line with its source list (created on first import).

    Words whose status a curator decided (origin "curation") are left as they are.  When the
    filtered source is the one imported last (same digest), nothing is read or written unless
    ``force``.  Raises the ``lexicons.sources`` errors when the list cannot be read.
    """
    metadata, words = source_words(code, path=path)
    now = now or timezone.now()
    described = {
        "language": metadata["language"],
        "name": metadata["name"],
        "source": metadata["source"],
        "source_version": metadata["source_version"],
    }
    lexicon, _created = Lexicon.objects.get_or_create(code=code, defaults=described)
    if not force and lexicon.version > 0 and lexicon.source_sha256 == metadata["sha256"]:
        return ImportResult(lexicon=lexicon, metadata=metadata, skipped=True)
    with transaction.atomic():
        lexicon = _locked(lexicon.pk)
        result, curated_kept = _sync_words(
            lexicon, words, reason=reason or f"import {metadata['source_version']}",
            note=reason or f"import of {metadata['source_version']}", now=now, progress=progress,
        )
        for name, value in {**described, "source_sha256": metadata["sha256"]}.items():
            setattr(lexicon, name, value)
        lexicon.save()
    return ImportResult(
        lexicon=lexicon, metadata=metadata, added=len(result.added), removed=len(result.removed),
        curated_kept=curated_kept,
    )


def _sync_words(
    lexicon: Lexicon, words: list[str], *, reason: str, note: str, now: datetime, progress: Progress | None = None
) -> tuple[ChangeResult, int]:
    """Make the imported part of a locked lexicon equal ``words`` (sorted, normalised); curated
    words keep their status.  Returns the change and how many curated words differ from the list."""
    states = _word_states(lexicon)
    source = set(words)
    add, curated_kept = [], 0
    for word in words:
        state = states.get(word)
        if state is None or state[0] != WordStatus.ACTIVE:
            if state is not None and state[1] == WordOrigin.CURATION:
                curated_kept += 1
            else:
                add.append(word)
    remove = []
    for word, (status, origin) in states.items():
        if status == WordStatus.ACTIVE and word not in source:
            if origin == WordOrigin.CURATION:
                curated_kept += 1
            else:
                remove.append(word)
    remove.sort()
    result = _write_changes(
        lexicon, add=add, remove=remove, known=set(states), origin=WordOrigin.IMPORT, user=None, reason=reason,
        note=note, now=now, progress=progress,
    )
    return result, curated_kept


def lexicon_load_words(
    *, code: str, words: Iterable[str], language: str = "en", name: str = "", reason: str = "loaded",
    now: datetime | None = None,
) -> Lexicon:
    """Create (or update) lexicon ``code`` from raw ``words`` filtered by rule 8, as an import would.

    For tests and scripts that need a small real lexicon: ``lexicon_load_words(code="en",
    words=["cat", "cats"])`` and ``lexicon_for_code("en")`` then knows exactly those words.
    """
    kept = filters.filter_words(words, language)
    lexicon, _created = Lexicon.objects.get_or_create(
        code=code, defaults={"language": language, "name": name or code, "source": "loaded words"}
    )
    with transaction.atomic():
        lexicon = _locked(lexicon.pk)
        _sync_words(lexicon, kept, reason=reason, note=reason, now=now or timezone.now())
    return lexicon


# ---------------------------------------------------------------------------
# Curators: one word, or a bulk upload run by a Celery task
# ---------------------------------------------------------------------------
def required_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise LexiconError(REASON_REQUIRED, _("Say why: the reason is kept in the change history."))
    return reason[:MAX_REASON]


def lexicon_word_change(
    *, lexicon: Lexicon, raw: str, action: str, user, reason: str, now: datetime | None = None
) -> ChangeResult:
    """Add (``action`` "added") or remove ("removed") one word, with the curator's reason."""
    if action not in WordAction.values:
        raise LexiconError("BAD_REQUEST", _("Choose whether to add or remove the word."))
    reason = required_reason(reason)
    word = normalised_or_error(raw, lexicon.language)
    with transaction.atomic():
        lexicon = _locked(lexicon.pk)
        state = _word_states(lexicon, [word]).get(word)
        active = state is not None and state[0] == WordStatus.ACTIVE
        if action == WordAction.ADDED and active:
            raise LexiconError(WORD_ALREADY_VALID, _("%(word)s is already a valid word.") % {"word": word})
        if action == WordAction.REMOVED and not active:
            raise LexiconError(WORD_NOT_IN_LEXICON, _("%(word)s is not in this lexicon.") % {"word": word})
        adding = action == WordAction.ADDED
        return _write_changes(
            lexicon, add=[word] if adding else [], remove=[] if adding else [word], known={word} if state else set(),
            origin=WordOrigin.CURATION, user=user, reason=reason, note=reason, now=now or timezone.now(),
        )


def bulk_progress_key(job_id: int) -> str:
    return f"lexicon-bulk-progress:{job_id}"


def lexicon_bulk_job_run(*, job_id: int, now: datetime | None = None) -> LexiconBulkJob:
    """Apply a bulk job in one transaction; a failure rolls it all back and marks the job failed.

    Safe to run twice, even at once (a redelivered task, the sweep's re-send): the words are written
    under the job's row lock, taken with SKIP LOCKED, so a second run finds the job locked and leaves it
    to the first; a finished job (done or failed) is left alone.  A job left running by a worker that
    died (its transaction rolled back, so its lock is gone and nothing was written) is taken up again."""
    # Running in the admin at once; the work's own transaction commits only at its end.
    LexiconBulkJob.objects.filter(pk=job_id, status=BulkJobStatus.QUEUED).update(status=BulkJobStatus.RUNNING)
    try:
        with transaction.atomic():
            job = (
                LexiconBulkJob.objects.select_for_update(skip_locked=True)
                .filter(pk=job_id, status=BulkJobStatus.RUNNING).first()
            )
            if job is not None:
                _bulk_job_apply(job, now=now or timezone.now())
    except Exception as exc:  # the transaction is rolled back: nothing half-applied
        logger.exception("bulk lexicon job %s failed", job_id)
        LexiconBulkJob.objects.filter(pk=job_id, status=BulkJobStatus.RUNNING).update(
            status=BulkJobStatus.FAILED, error=str(exc)[:2000], finished_at=timezone.now())
        raise
    return LexiconBulkJob.objects.select_related("lexicon", "created_by").get(pk=job_id)


def _bulk_job_apply(job: LexiconBulkJob, *, now: datetime) -> None:
    """The words of a locked running job, and the job marked done, in the caller's transaction."""
    key = bulk_progress_key(job.pk)

    def progress(done: int, total: int) -> None:
        cache.set(key, done, 3600)

    words = job.words.split("\n")
    try:
        lexicon = _locked(job.lexicon_id)
        states = _word_states(lexicon, words)
        active = {w for w, (status, _origin) in states.items() if status == WordStatus.ACTIVE}
        if job.action == WordAction.ADDED:
            add, remove = [w for w in words if w not in active], []
        else:
            add, remove = [], [w for w in words if w in active]
        note = _("bulk %(action)s from upload #%(id)s: %(reason)s") % {
            "action": job.get_action_display().lower(), "id": job.pk, "reason": job.reason,
        }
        result = _write_changes(
            lexicon, add=add, remove=remove, known=set(states), origin=WordOrigin.CURATION,
            user=job.created_by, reason=job.reason, note=note, now=now, progress=progress,
        )
    finally:
        cache.delete(key)
    job.status = BulkJobStatus.DONE
    job.changed = len(result.added) + len(result.removed)
    job.version = result.version if result.changed else None
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "changed", "version", "finished_at"])


# ---------------------------------------------------------------------------
# Players' word reports and their review
# ---------------------------------------------------------------------------
def word_report_create(
    *,
    code: str,
    word: str,
    kind: str,
    reporter,
    game_id: int | None = None,
    comment: str = "",
    now: datetime | None = None,
) -> WordReport:
    """File a report about ``word`` (as seen on a board: any case) for the curators' queue."""
    lexicon = lexicon_by_code(code)
    if kind not in ReportKind.values:
        raise LexiconError(
            UNKNOWN_REPORT_KIND, _("A report is one of: %(kinds)s.") % {"kinds": ", ".join(ReportKind.values)}
        )
    word = normalised_or_error((word or "").strip().lower(), lexicon.language)
    comment = (comment or "").strip()
    if len(comment) > MAX_COMMENT:
        raise LexiconError(COMMENT_TOO_LONG, _("Keep the comment under %(n)d characters.") % {"n": MAX_COMMENT})
    game = hook_ask(REPORT_GAME, game_id=game_id) if game_id is not None else None
    if game_id is not None and game is None:
        raise LexiconError(UNKNOWN_GAME, _("There is no such game."))
    during_game = bool(game and game.hides_validity)
    if not during_game:  # during a challenge game nothing may tell whether the word is valid
        state = _word_states(lexicon, [word]).get(word)
        active = state is not None and state[0] == WordStatus.ACTIVE
        if kind == ReportKind.MISSING and active:
            raise LexiconError(WORD_ALREADY_VALID, _("%(word)s is already a valid word.") % {"word": word})
        if kind != ReportKind.MISSING and not active:
            raise LexiconError(WORD_NOT_IN_LEXICON, _("%(word)s is not in this lexicon.") % {"word": word})
    duplicate = LexiconError(
        DUPLICATE_REPORT, _("You already reported %(word)s; the curators will look at it.") % {"word": word}, 409
    )
    if WordReport.objects.filter(lexicon=lexicon, word=word, reporter=reporter, status=ReportStatus.OPEN).exists():
        raise duplicate
    try:
        with transaction.atomic():
            return WordReport.objects.create(
                lexicon=lexicon, word=word, kind=kind, game_id=game_id, comment=comment, reporter=reporter,
                created_at=now or timezone.now(), during_game=during_game,
            )
    except IntegrityError:  # the same report sent twice at once
        raise duplicate from None


def word_report_resolve(
    *, report_id: int, user, accept: bool, note: str = "", now: datetime | None = None
) -> WordReport:
    """Accept (the word is added for "missing", removed otherwise) or reject a report; the reporter
    is told on commit."""
    now = now or timezone.now()
    with transaction.atomic():
        report = WordReport.objects.select_for_update().select_related("reporter").filter(pk=report_id).first()
        if report is None:
            raise LexiconError("NOT_FOUND", _("No such report."), 404)
        if report.status != ReportStatus.OPEN:
            raise LexiconError(REPORT_CLOSED, _("This report has already been resolved."), 409)
        if accept:
            lexicon = _locked(report.lexicon_id)
            state = _word_states(lexicon, [report.word]).get(report.word)
            active = state is not None and state[0] == WordStatus.ACTIVE
            reason = f"report #{report.pk} ({report.kind}) by {report.reporter.username}"
            if report.comment:
                reason += f": {report.comment}"
            add = [report.word] if report.kind == ReportKind.MISSING and not active else []
            remove = [report.word] if report.kind != ReportKind.MISSING and active else []
            _write_changes(
                lexicon, add=add, remove=remove, known={report.word} if state else set(),
                origin=WordOrigin.CURATION, user=user, reason=reason, note=reason, now=now,
            )
        report.status = ReportStatus.ACCEPTED if accept else ReportStatus.REJECTED
        report.resolved_by = user
        report.resolved_at = now
        report.decision_note = (note or "").strip()[:MAX_REASON]
        report.save(update_fields=["status", "resolved_by", "resolved_at", "decision_note"])
        transaction.on_commit(lambda: word_report_notify(report_id=report.pk))
    return report


def word_report_notify(*, report_id: int) -> None:
    """Tell the reporter how their report was decided.  The one place that notifies about reports:
    an e-mail in the reporter's language for now (in-app notifications hook in here later)."""
    report = WordReport.objects.select_related("reporter", "lexicon").get(pk=report_id)
    if report.during_game and report.game_id is not None:
        game = hook_ask(REPORT_GAME, game_id=report.game_id)
        if game is not None and game.hides_validity:  # still running: the verdict waits for its end
            WordReport.objects.filter(pk=report.pk).update(notify_pending=True)
            return
    reporter = report.reporter
    if not reporter.email:
        return
    language = getattr(reporter, "language", None) or settings.LANGUAGE_CODE
    with translation.override(language):
        context = {"report": report, "user": reporter, "accepted": report.status == ReportStatus.ACCEPTED}
        subject = render_to_string("lexicon/email/report_resolved_subject.txt", context).strip()
        body = render_to_string("lexicon/email/report_resolved_body.txt", context)
    EmailMessage(subject, body, to=[reporter.email], headers={"Content-Language": language}).send()


def word_reports_after_game(*, game_id: int) -> int:
    """A game ended: tell the reporters of reports decided while it ran (once: the flag is cleared
    first, so a second run finds none).  Returns how many were told."""
    pending = list(WordReport.objects.filter(game_id=game_id, notify_pending=True).values_list("pk", flat=True))
    told = 0
    for report_id in pending:
        if WordReport.objects.filter(pk=report_id, notify_pending=True).update(notify_pending=False):
            word_report_notify(report_id=report_id)
            told += 1
    return told
