"""Sending the e-mails of notifications marked "each"; asked for by ``services.notify_many`` through the
outbox (``EmailsQueued``, handled by ``tasks.on_emails_queued``).

One delivery carries the notifications stored together: a deadline sweep's batch, a league season's
start.  Its turn notices (``BATCHED_KINDS``) go out as one e-mail per player and kind, listing the games
("Your move in 14 games"), not one e-mail per game; every other notice, and a kind with a single game,
as its own e-mail.  Grouping by kind keeps each e-mail's one-click unsubscribe exact (it stops that kind).
"""

import logging

from .emails import send_notification_email, send_notifications_email
from .models import EmailState, Kind, Notification

logger = logging.getLogger(__name__)


# Notices about turns: several in one delivery (a season's start, a sweep's batch) make one e-mail.
BATCHED_KINDS = frozenset({Kind.YOUR_MOVE, Kind.REMINDER, Kind.TIMEOUT})


def emails_deliver(*, notification_ids: list[int]) -> int:
    """E-mail notifications marked "each"; each row is claimed first, so a retry sends nothing twice.
    Returns the number of e-mails sent (a batch of turn notices counts once)."""
    claimed = []
    for notification in Notification.objects.filter(pk__in=notification_ids, email=EmailState.EACH).select_related(
        "user"
    ).order_by("user_id", "created_at", "pk"):
        if not Notification.objects.filter(pk=notification.pk, email=EmailState.EACH).update(email=EmailState.SENT):
            continue
        if not notification.user.email or notification.user.is_bot:  # bots are never e-mailed
            continue
        claimed.append(notification)
    sent = 0
    for group in _emails(claimed):
        try:
            if len(group) == 1:
                send_notification_email(group[0])
            else:
                send_notifications_email(group[0].user, group)
            sent += 1
        except Exception:
            logger.exception("e-mail for notifications %s failed", [n.pk for n in group])
    return sent


def _emails(notifications: list[Notification]) -> list[list[Notification]]:
    """The notifications as e-mails: the turn notices of one player and kind together, soonest deadline
    first; the others one by one."""
    groups: dict[tuple, list[Notification]] = {}
    for n in notifications:
        key = (n.user_id, n.kind) if n.kind in BATCHED_KINDS else (n.user_id, n.kind, n.pk)
        groups.setdefault(key, []).append(n)
    for group in groups.values():
        group.sort(key=lambda n: (n.params.get("deadline") or "", n.pk))
    return list(groups.values())
