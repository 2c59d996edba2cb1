"""Celery tasks for dictionaries: a thin interface over ``lexicon_services``.

Imported from ``games/tasks.py`` so Celery's autodiscovery registers it.
"""

from celery import shared_task

from .lexicon_services import lexicon_bulk_job_run


@shared_task
def lexicon_bulk_apply(job_id: int) -> dict:
    """Apply an uploaded bulk add/remove (queued by ``lexicon_bulk_job_create``) in one transaction."""
    job = lexicon_bulk_job_run(job_id=job_id)
    return {"job": job.pk, "status": job.status, "changed": job.changed, "version": job.version}
