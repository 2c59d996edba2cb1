"""Sending the e-mails of notifications marked "each"; queued on commit by ``services.notify_many``."""

import logging

from celery import shared_task

from .emails import send_notification_email
from .models import EmailState, Notification

logger = logging.getLogger(__name__)


# The name it had in notifications/tasks.py: sends queued before the move still find it.
@shared_task(name="notifications.tasks.deliver_emails")
def deliver_emails(notification_ids: list[int]) -> int:
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
