"""What the dictionaries announce on commit (``core.events``): a bulk change to apply.  Its own task
applies it (``config/wiring.py``); sending it through the outbox means a broker outage delays the job
and loses nothing."""

from dataclasses import dataclass

from core.events import Event


@dataclass(frozen=True)
class LexiconBulkJobQueued(Event):
    """An uploaded bulk change (``LexiconBulkJob``) is to be applied; published again by
    ``bulk.lexicon_bulk_jobs_resend_stalled`` when its task was lost."""

    job_id: int
