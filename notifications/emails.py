"""E-mails to players: one notification, or the daily digest.  Each is written in the player's
language and time zone and carries a signed one-click unsubscribe link (also as the
``List-Unsubscribe`` header, RFC 8058), which only our SECRET_KEY can produce.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.timezones import zone_for

from .models import Kind
from .texts import batch_subject, email_subject, notification_path, notification_text

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
UNSUBSCRIBE_KINDS = set(Kind.values) | {"digest"}


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(user id, kind) from a genuine token; None for anything forged, altered or signed for another use."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or data.get("k") not in UNSUBSCRIBE_KINDS:
        return None
    return data["u"], data["k"]


def absolute_url(path: str) -> str:
    """``path`` on the site's real address (the ``SITE_URL`` setting)."""
    return f"{settings.SITE_URL}{path}"


def _absolute_path(path: str | None) -> str | None:
    return absolute_url(path) if path else None


@contextmanager
def as_reader(user):
    """The user's language and time zone for everything rendered inside."""
    with translation.override(user.language), timezone.override(zone_for(user)):
        yield


def _send(user, *, subject: str, template: str, context: dict, unsubscribe_kind: str) -> None:
    link = absolute_url(reverse("notifications:unsubscribe", args=[unsubscribe_token(user.pk, unsubscribe_kind)]))
    context = {**context, "user": user, "unsubscribe_url": link, "site_url": absolute_url("/")}
    text = render_to_string(f"notifications/email/{template}.txt", context)
    html = render_to_string(f"notifications/email/{template}.html", context)
    message = EmailMultiAlternatives(
        subject=subject, body=text, to=[user.email],
        headers={
            "List-Unsubscribe": f"<{link}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Content-Language": user.language,
        },
    )
    message.attach_alternative(html, "text/html")
    message.send()


def send_notification_email(notification) -> None:
    user = notification.user
    with as_reader(user):
        _send(
            user,
            subject=email_subject(notification.kind, notification.params),
            template="notification",
            context={
                "text": notification_text(notification.kind, notification.params),
                "game_url": absolute_url(reverse("game_detail", args=[notification.game_id]))
                if notification.game_id else None,
                # A notice about no game may name its page (a league's season start).
                "page_url": None if notification.game_id
                else _absolute_path(notification_path(None, notification.params)),
                "kind_label": Kind(notification.kind).label,
            },
            unsubscribe_kind=notification.kind,
        )


def send_notifications_email(user, notifications: list) -> None:
    """One e-mail for several notifications of one kind to one player (a batch of turn notices, see
    ``delivery``): each game's line and link, in the order given."""
    kind = notifications[0].kind
    with as_reader(user):
        _send(
            user,
            subject=batch_subject(kind, len(notifications)),
            template="notifications",
            context={
                "items": [
                    {"text": notification_text(n.kind, n.params),
                     "game_url": absolute_url(reverse("game_detail", args=[n.game_id])) if n.game_id else None}
                    for n in notifications
                ],
                "kind_label": Kind(kind).label,
            },
            unsubscribe_kind=kind,
        )


def send_digest_email(user, *, games: list, news: list) -> None:
    with as_reader(user):
        _send(
            user,
            subject=ngettext("Letterpost: %(count)s game awaits your move",
                             "Letterpost: %(count)s games await your move", len(games)) % {"count": len(games)}
            if games else _("Letterpost: your daily digest"),
            template="digest",
            context={
                "games": [
                    {**g, "url": absolute_url(reverse("game_detail", args=[g["game_id"]]))} for g in games
                ],
                "news": [{"text": notification_text(n.kind, n.params),
                          "url": _absolute_path(notification_path(n.game_id, n.params))} for n in news],
            },
            unsubscribe_kind="digest",
        )
