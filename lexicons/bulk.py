"""Bulk changes to a lexicon from an uploaded word list: checked here, queued as a Celery task
(``lexicons.tasks``) that applies them in one transaction through ``services.lexicon_bulk_job_run``."""

from django.db import transaction
from django.utils.translation import gettext as _

from . import filters
from .errors import BAD_UPLOAD, LexiconError
from .models import Lexicon, LexiconBulkJob, WordAction
from .services import MAX_UPLOAD_BYTES, required_reason
from .tasks import lexicon_bulk_apply


def lexicon_bulk_job_create(*, lexicon: Lexicon, action: str, data: bytes, reason: str, user) -> LexiconBulkJob:
    """Check an uploaded word list (one word a line) and queue the task that applies it."""
    reason = required_reason(reason)
    if action not in WordAction.values:
        raise LexiconError(BAD_UPLOAD, _("Choose whether to add or remove the words."))
    if not data or not data.strip():
        raise LexiconError(BAD_UPLOAD, _("The file is empty."))
    if len(data) > MAX_UPLOAD_BYTES:
        raise LexiconError(
            BAD_UPLOAD, _("The file is too large (at most %(mib)d MiB).") % {"mib": MAX_UPLOAD_BYTES // 2**20}
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LexiconError(BAD_UPLOAD, _("The file is not UTF-8 text (one word a line).")) from None
    if "\x00" in text:
        raise LexiconError(BAD_UPLOAD, _("The file is not UTF-8 text (one word a line)."))
    report = filters.filter_report((line for line in text.splitlines() if line.strip()), lexicon.language)
    if not report.words:
        raise LexiconError(
            BAD_UPLOAD, _("No line of the file is a playable word."), rejected=dict(report.rejected)
        )
    job = LexiconBulkJob.objects.create(
        lexicon=lexicon, action=action, words="\n".join(report.words), raw_count=report.raw_count,
        rejected=dict(sorted(report.rejected.items())), reason=reason, created_by=user, total=len(report.words),
    )
    transaction.on_commit(lambda: lexicon_bulk_apply.delay(job.pk))
    return job
