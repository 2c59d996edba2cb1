"""Celery tasks for ratings, handling the games' events (``config/wiring.py``); each is idempotent."""

from celery import shared_task

from . import services


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_game_finished(event: dict) -> int:
    """A game finished: its rating changes (stored per game and player, so a rerun changes nothing)."""
    return len(services.game_rate(game_id=event["game_id"]))


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5, acks_late=True)
def on_game_voided(event: dict) -> int:
    """A game was voided: if it had changed ratings, rebuild every rating without it (outside the
    moderator's request).  A rerun finds no change left for the game and does nothing."""
    return len(services.ratings_rebuild_without(game_id=event["game_id"]))
