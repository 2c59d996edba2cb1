"""Celery tasks for games: thin interfaces over services and replays.

``games_verify`` replays games from their logs in the background (scheduled nightly by beat, see
``load_starter_data``) and logs any game whose state differs, as ``manage.py verify_games`` does.
"""

import logging

from celery import shared_task

from .models import Game
from .replay import verify_game

logger = logging.getLogger(__name__)


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def game_finished(game_id: int) -> None:
    """After a game ends: ratings and league standings.  Each step is idempotent (rating changes
    are stored per game and player), so a retried or repeated task changes nothing twice."""
    from leagues.services import game_result_recorded

    game_result_recorded(game_id=game_id)


@shared_task
def games_verify(game_ids: list[int] | None = None) -> dict:
    games = Game.objects.exclude(state=None).order_by("pk")
    if game_ids:
        games = games.filter(pk__in=game_ids)
    differ = []
    checked = 0
    for game in games.iterator(chunk_size=200):
        checked += 1
        report = verify_game(game)
        if not report.ok:
            differ.append(game.pk)
            logger.error("game %s (%s): %s", game.pk, game.kind, report.problem)
    return {"checked": checked, "differ": differ}


@shared_task
def deadlines_sweep(now: str | None = None) -> dict:
    """Every minute (beat): reminders, timeouts and forfeits that are due; see games/deadlines.py."""
    from datetime import datetime

    from .deadlines import sweep

    return sweep(now=datetime.fromisoformat(now) if now else None).as_json()


@shared_task
def game_alerts(game_id: int) -> dict:
    """Right after a move: tell the players who are now due, without waiting for the sweep."""
    from .deadlines import sweep_game

    return sweep_game(game_id=game_id).as_json()
