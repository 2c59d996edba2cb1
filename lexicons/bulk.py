"""Bulk changes to a lexicon from an uploaded word list: checked here, stored as a ``LexiconBulkJob``
with a ``LexiconBulkJobQueued`` event in one transaction; the outbox (``core.events``) sends the task
that applies it (``lexicons.tasks``, through ``services.lexicon_bulk_job_run``) on commit, or later if
the broker is down.  ``lexicon_bulk_jobs_resend_stalled`` (beat) sends again the jobs whose task was
lost."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.events import publish

from . import filters
from .errors import BAD_UPLOAD, LexiconError
from .events import LexiconBulkJobQueued
from .models import BulkJobStatus, Lexicon, LexiconBulkJob, WordAction
from .services import MAX_UPLOAD_BYTES, required_reason


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
    with transaction.atomic():
        job = LexiconBulkJob.objects.create(
            lexicon=lexicon, action=action, words="\n".join(report.words), raw_count=report.raw_count,
            rejected=dict(sorted(report.rejected.items())), reason=reason, created_by=user, total=len(report.words),
        )
        publish(LexiconBulkJobQueued(job_id=job.pk))
    return job


def lexicon_bulk_jobs_resend_stalled(*, now: datetime | None = None) -> int:
    """Send again the jobs queued or running whose task was last sent more than
    ``RESEND_STALLED_AFTER`` seconds ago: lost with a worker killed while it ran (a task taken and not
    acknowledged comes back only after the broker's visibility timeout, an hour).  A job being applied
    right now holds its row lock (``services.lexicon_bulk_job_run``) and is skipped; a finished one is
    not looked at.  Each re-sent job is stamped, so it is sent at most once more per period.  Returns
    how many were sent."""
    now = now or timezone.now()
    before = now - timedelta(seconds=settings.RESEND_STALLED_AFTER)
    with transaction.atomic():
        stalled = list(
            LexiconBulkJob.objects.select_for_update(skip_locked=True)
            .filter(status__in=[BulkJobStatus.QUEUED, BulkJobStatus.RUNNING], queued_at__lte=before)
            .order_by("queued_at").values_list("pk", flat=True)[:100]
        )
        LexiconBulkJob.objects.filter(pk__in=stalled).update(queued_at=now)
        for job_id in stalled:
            publish(LexiconBulkJobQueued(job_id=job_id))
    return len(stalled)
