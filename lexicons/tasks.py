"""Celery tasks for dictionaries: a thin interface over ``lexicons.services``."""

from celery import shared_task

from . import bulk, services
from .services import lexicon_bulk_job_run


def _report(job) -> dict:
    return {"job": job.pk, "status": job.status, "changed": job.changed, "version": job.version}


@shared_task(acks_late=True)
def on_bulk_job_queued(event: dict) -> dict:
    """``LexiconBulkJobQueued``: apply an uploaded bulk add/remove in one transaction (once: a finished
    job, or one another worker is applying, is left alone).  On the ``heavy`` queue."""
    return _report(lexicon_bulk_job_run(job_id=event["job_id"]))


@shared_task
def lexicon_bulk_jobs_resend_stalled() -> int:
    """Every few minutes (beat): send again the bulk jobs whose task was lost."""
    return bulk.lexicon_bulk_jobs_resend_stalled()


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_game_ended(event: dict) -> int:
    """A game finished or was voided: verdicts on word reports made during it may now be told."""
    return services.word_reports_after_game(game_id=event["game_id"])
