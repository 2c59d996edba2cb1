"""Celery tasks for notifications: thin interfaces over services, each safe to run twice.  The
``on_*`` tasks handle the games' and our own events (``config/wiring.py``); ``digests_send`` runs from
beat; ``push_deliver`` pushes to one device, retried with backoff while the push service is busy."""

import logging
from datetime import datetime

from celery import shared_task

from . import services
from .delivery import emails_deliver
from .digest import digests_send_due
from .push_delivery import PushRetryLater, push_send, pushes_claim

logger = logging.getLogger(__name__)


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_game_finished(event: dict) -> int:
    """The game-over notice, once per game and player."""
    return len(services.game_over_notify(game_id=event["game_id"]))


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_seats_due(event: dict) -> int:
    """The deadline sweep's notices: "your move", reminders, timeouts (each stored once, by its key);
    none about a turn to a player who has the site or the game open."""
    at = event.get("at")
    return len(services.seats_due_notify(event["notices"], now=datetime.fromisoformat(at) if at else None))


@shared_task
def on_emails_queued(event: dict) -> int:
    """``EmailsQueued``: send the e-mails of these notifications (each claimed first: sent once)."""
    return emails_deliver(notification_ids=event["notification_ids"])


@shared_task
def digests_send() -> int:
    """Every 15 minutes (beat): the daily digests whose hour has come."""
    return digests_send_due()


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_challenge_issued(event: dict) -> int:
    """Each challenged player is asked to answer (stored once per challenge and player)."""
    return len(services.challenge_issued_notify(
        game_id=event["game_id"], challenger_id=event["challenger_id"], challenged_ids=event["challenged_ids"]))


@shared_task(autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def on_challenge_answered(event: dict) -> int:
    """The challenger hears each answer (stored once per answer)."""
    return len(services.challenge_answered_notify(
        game_id=event["game_id"], user_id=event["user_id"], accepted=event["accepted"], started=event["started"]))


@shared_task
def on_push_queued(event: dict) -> int:
    """``PushQueued``: one ``push_deliver`` per push and device of its player (each notification claimed
    first: pushed once; a player's turn notices of one kind together).  A failing device holds up no other."""
    pushes = pushes_claim(notification_ids=event["notification_ids"])
    for subscription_id, notification_ids in pushes:
        try:
            push_deliver.delay(subscription_id, notification_ids)
        except Exception:  # eager (the embedded defaults): a device that failed, not tried again later
            logger.exception("push of notifications %s to device %s failed", notification_ids, subscription_id)
    return len(pushes)


@shared_task
def on_push_test_requested(event: dict) -> None:
    """``PushTestRequested``: the test notification, to that one device."""
    push_deliver.delay(event["subscription_id"], None)


# A busy or unreachable push service is tried again after a random wait of up to 30 s, 1, 2, 4, 8, 16
# minutes; the push is dropped after that (the bell, the e-mail and the digest still tell the player).
@shared_task(autoretry_for=(PushRetryLater,), retry_backoff=30, retry_backoff_max=1800, retry_jitter=True,
             max_retries=6)
def push_deliver(subscription_id: int, notification_ids: list[int] | None) -> str:
    """Notifications (a player's batch of turn notices, or one; None: the test one) to one device;
    404/410 removes the device."""
    return push_send(subscription_id=subscription_id, notification_ids=notification_ids)
