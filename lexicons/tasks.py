"""Celery tasks for dictionaries: a thin interface over ``lexicons.services``."""

from celery import shared_task

from . import services
from .services import lexicon_bulk_job_run


# The name it had when it lived in games/: jobs queued before the move still find it.
@shared_task(name="games.lexicon_tasks.lexicon_bulk_apply")
def lexicon_bulk_apply(job_id: int) -> dict:
    """Apply an uploaded bulk add/remove (queued by ``lexicon_bulk_job_create``) in one transaction."""
    job = lexicon_bulk_job_run(job_id=job_id)
    return {"job": job.pk, "status": job.status, "changed": job.changed, "version": job.version}


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_game_ended(event: dict) -> int:
    """A game finished or was voided: verdicts on word reports made during it may now be told."""
    return services.word_reports_after_game(game_id=event["game_id"])
