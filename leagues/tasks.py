"""Celery tasks for leagues: thin interfaces over services.  ``leagues_end_due_seasons`` runs from beat
(``CELERY_BEAT_SCHEDULE``); the ``on_*`` tasks handle other apps' events (``config/wiring.py``)."""

from celery import shared_task

from . import services


@shared_task
def leagues_end_due_seasons() -> list[int]:
    """End every running season past its end date; returns the leagues whose season ended."""
    return services.seasons_end_due()


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_game_ended(event: dict) -> None:
    """A game finished or was voided: its season may have no game left to play."""
    services.fixture_ended(game_id=event["game_id"])


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_player_suspended(event: dict) -> list[int]:
    """A moderator suspended a player: out of every league's current season, as an organiser's removal."""
    return services.entries_remove_for_suspension(user_id=event["user_id"], actor_id=event["moderator_id"])


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_season_started(event: dict) -> int:
    """A season started: tell each of its players once (the notices' keys make a rerun store nothing)."""
    return services.season_start_announce(season_id=event["season_id"])
