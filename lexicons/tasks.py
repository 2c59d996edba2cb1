"""Celery tasks for dictionaries: a thin interface over ``lexicons.services``."""

from celery import shared_task

from .services import lexicon_bulk_job_run


# The name it had when it lived in games/: jobs queued before the move still find it.
@shared_task(name="games.lexicon_tasks.lexicon_bulk_apply")
def lexicon_bulk_apply(job_id: int) -> dict:
    """Apply an uploaded bulk add/remove (queued by ``lexicon_bulk_job_create``) in one transaction."""
    job = lexicon_bulk_job_run(job_id=job_id)
    return {"job": job.pk, "status": job.status, "changed": job.changed, "version": job.version}
