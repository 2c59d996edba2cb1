"""Celery tasks for leagues: thin interfaces over services.  ``leagues_end_due_seasons`` runs from
beat (scheduled by ``load_starter_data``, see ``leagues.starter``)."""

from celery import shared_task

from . import services


@shared_task
def leagues_end_due_seasons() -> list[int]:
    """End every running season past its end date; returns the leagues whose season ended."""
    return services.seasons_end_due()
