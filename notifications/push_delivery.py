"""Sending pushes to players' devices (Web Push, RFC 8030/8291/8292, through pywebpush).

``services.notify_many`` marks the notifications to push ("queued") and publishes ``PushQueued``; its task
claims each notification once (``pushes_claim``) and sends one task per device (``push_send``), so a
device that must be tried again never makes another device see the notice twice.  Like the e-mails
(``delivery.BATCHED_KINDS``), the turn notices stored together for one player (a sweep's batch, a season's
start) make one push, "Your move in 14 games", opening the player's games.

A payload is JSON ``{"title", "body", "url", "tag", "kind"}``: the notification's words in the player's
language and the game's address (a path on this site), built from the notification's public facts
(game number and kind, a deadline, a player's name, a final rank) — never a rack, a hand, the bag or a
Spell term.  It is encrypted to the device's keys (aes128gcm) and signed with the site's VAPID key.

What the push service answers decides what happens to the device:

- 2xx: delivered; the device's last success is recorded;
- 404 or 410: the subscription is gone (the browser dropped it): the device is removed;
- 429, 5xx, a timeout or a lost connection: ``PushRetryLater``, which the Celery task retries with backoff;
- anything else (400, 403 after a VAPID key change, 413, a redirect): recorded as the device's last
  failure, not retried.

The endpoint is checked against the allow-list again right before the POST, with its DNS answer
(``push_endpoints``); requests never follow a redirect.  A device the allow-list no longer admits is removed.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime
from email.utils import parseaddr

import requests
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from .delivery import BATCHED_KINDS
from .emails import as_reader
from .models import Notification, PushState, PushSubscription
from .push_endpoints import PushEndpointRefused, endpoint_check
from .texts import batch_subject, email_subject, game_label, notification_path, notification_text
from .vapid import vapid_keys

logger = logging.getLogger(__name__)

BODY_LIMIT = 300  # characters: a lock screen shows a few lines, and a push carries at most 4 KB
GONE = {404, 410}


class PushRetryLater(Exception):
    """The push service is busy or unreachable: try this device again later."""


class _NoRedirects(requests.Session):
    """A push service never redirects; following one would let it point the site at any address."""

    def request(self, method, url, *args, **kwargs):
        kwargs["allow_redirects"] = False
        return super().request(method, url, *args, **kwargs)


def pushes_claim(*, notification_ids: list[int]) -> list[tuple[int, list[int]]]:
    """The (device, notifications) pushes to send for these notifications, each notification claimed first
    (queued -> sent), so that an event delivered twice pushes nothing twice.  A player's turn notices of
    one kind make one push; every other notice its own."""
    pushes: dict[tuple, list[int]] = {}
    queued = Notification.objects.filter(pk__in=notification_ids, push=PushState.QUEUED).order_by("pk")
    for notification_id, user_id, kind in list(queued.values_list("pk", "user_id", "kind")):
        if not Notification.objects.filter(pk=notification_id, push=PushState.QUEUED).update(push=PushState.SENT):
            continue
        key = (user_id, kind) if kind in BATCHED_KINDS else (user_id, kind, notification_id)
        pushes.setdefault(key, []).append(notification_id)
    devices: dict[int, list[int]] = {}
    for device_id, user_id in PushSubscription.objects.filter(user_id__in={k[0] for k in pushes}).values_list(
            "pk", "user_id"):
        devices.setdefault(user_id, []).append(device_id)
    return [(device_id, ids) for key, ids in pushes.items() for device_id in devices.get(key[0], [])]


def push_send(*, subscription_id: int, notification_ids: list[int] | None = None, now: datetime | None = None) -> str:
    """Push notifications (one, or a player's turn notices of one kind; None: the test notification) to
    one device; returns what happened: "sent", "removed", "failed" or "skipped".  Raises
    ``PushRetryLater`` when it should be tried again."""
    now = now or timezone.now()
    device = PushSubscription.objects.select_related("user").filter(pk=subscription_id).first()
    if device is None:
        return "skipped"
    if notification_ids is None:
        payload, ttl = payload_for_test(device.user), 600
    else:
        # The browser may have been subscribed again under another account since the notices were stored.
        notifications = list(Notification.objects.filter(pk__in=notification_ids, user_id=device.user_id)
                             .select_related("user").order_by("pk"))
        if not notifications:
            return "skipped"
        payload = (notification_payload(notifications[0]) if len(notifications) == 1
                   else batch_payload(notifications))
        ttl = settings.WEBPUSH_TTL
    if device.expires_at is not None and device.expires_at <= now:
        device.delete()
        return "removed"
    if not device.user.is_active:
        return "skipped"
    try:
        endpoint_check(device.endpoint, resolve=True)
    except PushEndpointRefused as refused:
        logger.warning("push device %s removed: endpoint refused (%s)", device.pk, refused.details.get("reason"))
        device.delete()
        return "removed"
    except OSError as exc:  # the name did not resolve: a DNS hiccup, or a name gone for good
        _failed(device, "dns", now)
        raise PushRetryLater(f"push device {device.pk}: {exc}") from exc
    return _post(device, payload, ttl=ttl, now=now)


def _post(device: PushSubscription, payload: dict, *, ttl: int, now: datetime) -> str:
    keys = vapid_keys()
    try:
        with _NoRedirects() as session:
            answer = webpush(
                subscription_info={"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}},
                data=json.dumps(payload, ensure_ascii=False),
                vapid_private_key=keys.signer,
                vapid_claims={"sub": vapid_subject()},
                content_encoding="aes128gcm",
                timeout=settings.WEBPUSH_TIMEOUT,
                ttl=ttl,
                headers={"Urgency": "normal"},
                requests_session=session,
            )
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in GONE:
            device.delete()
            return "removed"
        _failed(device, str(status or "error"), now)
        if status is None or status == 429 or status >= 500:
            raise PushRetryLater(f"push device {device.pk}: {status}") from exc
        logger.warning("push device %s refused the push: %s", device.pk, status)
        return "failed"
    except requests.RequestException as exc:
        _failed(device, type(exc).__name__[:40], now)
        raise PushRetryLater(f"push device {device.pk}: {exc}") from exc
    if not 200 <= answer.status_code < 300:  # a redirect: not followed
        _failed(device, str(answer.status_code), now)
        return "failed"
    PushSubscription.objects.filter(pk=device.pk).update(last_success_at=now, last_error="")
    return "sent"


def vapid_subject() -> str:
    """How a push service reaches the operator: ``WEBPUSH_SUBJECT``, else the site's sender address."""
    return settings.WEBPUSH_SUBJECT or f"mailto:{parseaddr(settings.DEFAULT_FROM_EMAIL)[1] or 'noreply@localhost'}"


def _failed(device: PushSubscription, error: str, now: datetime) -> None:
    PushSubscription.objects.filter(pk=device.pk).update(last_failure_at=now, last_error=error)


def notification_payload(notification: Notification) -> dict:
    """What the device shows, in the player's language and time zone; public facts only."""
    with as_reader(notification.user):
        params = notification.params or {}
        title = email_subject(notification.kind, params)
        body = notification_text(notification.kind, params)
    if notification.game_id:
        url, tag = reverse("game_detail", args=[notification.game_id]), f"game-{notification.game_id}"
    else:  # the page the notice names (a league's), else the list of notices
        url = notification_path(None, notification.params or {}) or reverse("notifications:list")
        tag = f"notification-{notification.pk}"
    return {"title": title, "body": _cut(body), "url": url, "tag": tag, "kind": notification.kind}


def batch_payload(notifications: list[Notification]) -> dict:
    """One push for a player's turn notices of one kind: how many, which games (soonest deadline first),
    and the player's games to open."""
    first = notifications[0]
    ordered = sorted(notifications, key=lambda n: ((n.params or {}).get("deadline") or "", n.pk))
    with as_reader(first.user):
        title = batch_subject(first.kind, len(notifications))
        body = ", ".join(game_label(n.params or {}) for n in ordered)
    return {"title": title, "body": _cut(body), "url": reverse("dashboard"), "tag": f"{first.kind}-games",
            "kind": first.kind}


def payload_for_test(user) -> dict:
    with as_reader(user):
        return {
            "title": "Letterpost",
            "body": _("Notifications reach this device: you will be told here when it is your move."),
            "url": reverse("profile_edit") + "#devices",
            "tag": "test",
            "kind": "test",
        }


def _cut(text: str) -> str:
    return text if len(text) <= BODY_LIMIT else text[: BODY_LIMIT - 1] + "…"
