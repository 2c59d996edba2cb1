"""Celery tasks for notifications: thin interfaces over services, each safe to run twice."""

import logging

from celery import shared_task
from django.db.models import Q

logger = logging.getLogger(__name__)


@shared_task
def deliver_emails(notification_ids: list[int]) -> int:
    """E-mail notifications marked "each"; each row is claimed first, so a retry sends nothing twice."""
    from .emails import send_notification_email
    from .models import EmailState, Notification

    sent = 0
    for notification in Notification.objects.filter(pk__in=notification_ids, email=EmailState.EACH).select_related(
        "user"
    ):
        if not Notification.objects.filter(pk=notification.pk, email=EmailState.EACH).update(email=EmailState.SENT):
            continue
        if not notification.user.email:
            continue
        try:
            send_notification_email(notification)
            sent += 1
        except Exception:
            logger.exception("e-mail for notification %s failed", notification.pk)
    return sent


@shared_task
def notify_game_over(game_id: int) -> int:
    """Tell every player of a finished game their result (once per game: the first run wins)."""
    from games.models import Game

    from .models import Notification
    from .services import notify_many

    game = Game.objects.filter(pk=game_id, status="finished").prefetch_related("seats").first()
    if game is None or Notification.objects.filter(Q(game=game) & Q(kind="game_over")).exists():
        return 0
    items = [
        {"user_id": s.user_id, "kind": "game_over", "game_id": game.pk,
         "params": {"game": game.pk, "game_kind": game.kind, "rank": s.rank, "score": s.score,
                    "reason": (game.result or {}).get("reason", "")}}
        for s in game.seats.all() if s.user_id
    ]
    return len(notify_many(items))


@shared_task
def digests_send() -> int:
    """Every 15 minutes (beat): the daily digests whose hour has come."""
    from .digest import digests_send_due

    return digests_send_due()
