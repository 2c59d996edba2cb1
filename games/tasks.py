"""Celery tasks for games: thin interfaces over services, the deadline sweep and replays.

``games_verify`` replays games from their logs (nightly, ``CELERY_BEAT_SCHEDULE``) and logs any game
whose state differs, as ``manage.py verify_games`` does; ``deadlines_sweep`` runs every minute;
``bot_move`` and ``bot_challenges`` are the bots' turns (``games/bots/accounts.py``).
"""

import logging
from datetime import datetime

from celery import shared_task
from django.utils import timezone

from games.bots.play import bot_challenges_accept, bot_move_play
from games.models import Game
from games.replay import verify_game
from games.services.deadlines import sweep
from games.services.vacations import vacation_settle

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


@shared_task(acks_late=True)
def deadlines_sweep(now: str | None = None) -> dict:
    """Every minute (beat): reminders, timeouts and forfeits that are due; see games/services/deadlines.py.
    Acknowledged after it ran: a sweep killed half-way runs again, and applies nothing twice."""
    return sweep(now=datetime.fromisoformat(now) if now else None).as_json()


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_vacation_ended(event: dict) -> int:
    """A player switched their vacation off: hold their clocks for the time away (once)."""
    return vacation_settle(vacation_id=event["vacation_id"], now=timezone.now())


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=3)
def bot_move(event: dict) -> int:
    """``BotToMove``: the most urgent bot turn waiting is played, this game's or one with less time left
    (idempotent: the move key holds the version)."""
    return bot_move_play(game_id=event["game_id"])


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=3)
def bot_challenges(event: dict) -> int:
    """``ChallengeIssued``: the challenged bots accept at once."""
    return bot_challenges_accept(game_id=event["game_id"], challenged_ids=event["challenged_ids"])
