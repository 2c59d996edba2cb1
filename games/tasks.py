"""Celery tasks for games: thin interfaces over services and replays.

``games_verify`` replays games from their logs in the background (scheduled nightly by beat, see
``load_starter_data``) and logs any game whose state differs, as ``manage.py verify_games`` does.
"""

import logging

from celery import shared_task

from .models import Game
from .replay import verify_game

logger = logging.getLogger(__name__)


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
