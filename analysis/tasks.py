"""Celery tasks of the analysis; each is idempotent (``running.analysis_run`` stores a result once).
They run on the ``heavy`` queue (``CELERY_TASK_ROUTES``), except the sweep."""

from celery import shared_task

from . import running, services


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=3, acks_late=True)
def on_analysis_requested(event: dict) -> str | None:
    """``AnalysisRequested``: run a stored request (a game's or an upload's)."""
    analysis = running.analysis_run(analysis_id=event["analysis_id"])
    return analysis.status if analysis else None


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=3, acks_late=True)
def on_game_finished(event: dict) -> str | None:
    """A game finished: a Crossword game is analysed once, now (``config/wiring.py``)."""
    analysis = running.analysis_run_for_finished_game(game_id=event["game_id"])
    return analysis.status if analysis else None


@shared_task
def analyses_resend_stalled() -> int:
    """Every few minutes (beat): ask again for pending analyses whose task was lost."""
    return services.analyses_resend_stalled()
