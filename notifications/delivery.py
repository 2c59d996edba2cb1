"""Sending the e-mails of notifications marked "each"; asked for by ``services.notify_many`` through the
outbox (``EmailsQueued``, handled by ``tasks.on_emails_queued``)."""

import logging

from celery import shared_task

from .emails import send_notification_email
from .models import EmailState, Notification

logger = logging.getLogger(__name__)


# The name it had in notifications/tasks.py: sends queued before the move still find it.
@shared_task(name="notifications.tasks.deliver_emails")
def deliver_emails(notification_ids: list[int]) -> int:
    """Kept for sends queued under this name before they went through the outbox."""
    return emails_deliver(notification_ids=notification_ids)


def emails_deliver(*, notification_ids: list[int]) -> int:
    """E-mail notifications marked "each"; each row is claimed first, so a retry sends nothing twice."""
    sent = 0
    for notification in Notification.objects.filter(pk__in=notification_ids, email=EmailState.EACH).select_related(
        "user"
    ):
        if not Notification.objects.filter(pk=notification.pk, email=EmailState.EACH).update(email=EmailState.SENT):
            continue
        if not notification.user.email or notification.user.is_bot:  # bots are never e-mailed
            continue
        try:
            send_notification_email(notification)
            sent += 1
        except Exception:
            logger.exception("e-mail for notification %s failed", notification.pk)
    return sent
