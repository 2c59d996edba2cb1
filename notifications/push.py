"""The only code that writes a player's push devices and push switches (Web Push: ``docs/operating.md``).

A device is a browser's ``PushSubscription``: the push service's endpoint (checked against the
allow-list, ``push_endpoints``) and the keys its payloads are encrypted to.  A player holds at most
``WEBPUSH_DEVICES_PER_PLAYER`` of them; subscribing the same endpoint again updates its row (under the
account now signed in on that browser).  What is pushed, and when, is decided with the other channels in
``services.notify_many``; sending is ``push_delivery``'s job.
"""

from __future__ import annotations

import base64
import binascii
from datetime import UTC, datetime

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.errors import RATE_LIMITED, AppError
from core.events import publish
from core.ratelimits import rate_limit_consume

from .events import PushTestRequested
from .models import Kind, NotificationPreference, PushSubscription
from .push_endpoints import PushEndpointRefused, endpoint_check

PUSH_BAD_KEYS = "PUSH_BAD_KEYS"
PUSH_TOO_MANY_DEVICES = "PUSH_TOO_MANY_DEVICES"
PUSH_DEVICE_NOT_FOUND = "PUSH_DEVICE_NOT_FOUND"
BAD_PUSH_PREFERENCE = "BAD_PUSH_PREFERENCE"

MSG_BAD_KEYS = "The subscription's keys are not a browser's: p256dh is a P-256 public key and auth 16 bytes."
MSG_DEVICE_NOT_FOUND = "You have no such device."
MAX_ENDPOINT_LENGTH = 1024
# Test notifications a player may ask for per minute: each is a request from the site to a push service.
TESTS_PER_MINUTE = 5


class PushError(AppError):
    """A refused change to a player's devices or push switches; nothing was written."""


def too_many_devices_message(limit: int) -> str:
    return f"You have {limit} devices already: remove one on your profile page first."


def push_subscription_save(*, user, endpoint: str, p256dh: str, auth: str, expiration_time: float | None = None,
                           user_agent: str = "", now: datetime | None = None) -> tuple[PushSubscription, bool]:
    """Store a browser's subscription for ``user``: (row, created).  Refused, with nothing written, for an
    endpoint the site will not send to, keys that are not a browser's, or one device past the cap."""
    if len(endpoint) > MAX_ENDPOINT_LENGTH:
        raise PushEndpointRefused("length")
    endpoint_check(endpoint)
    _check_keys(p256dh, auth)
    now = now or timezone.now()
    values = {
        "user": user, "p256dh": p256dh.rstrip("="), "auth": auth.rstrip("="),
        "expires_at": _expires_at(expiration_time), "user_agent": (user_agent or "")[:200],
        "last_failure_at": None, "last_error": "",
    }
    limit = settings.WEBPUSH_DEVICES_PER_PLAYER
    with transaction.atomic():
        # The player's row first: two subscriptions posted at once are counted one after the other.
        User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True).first()
        existing = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
        others = PushSubscription.objects.filter(user=user).exclude(endpoint=endpoint).count()
        if others >= limit:
            raise PushError(PUSH_TOO_MANY_DEVICES, too_many_devices_message(limit), 409, limit=limit)
        if existing is None:
            return PushSubscription.objects.create(endpoint=endpoint, created_at=now, **values), True
        for name, value in values.items():
            setattr(existing, name, value)
        existing.save(update_fields=list(values))
        return existing, False


def push_subscription_delete(*, user, subscription_id: int) -> None:
    """Forget one of the player's devices; another player's is not found."""
    deleted, _ = PushSubscription.objects.filter(pk=subscription_id, user=user).delete()
    if not deleted:
        raise PushError(PUSH_DEVICE_NOT_FOUND, MSG_DEVICE_NOT_FOUND, 404)


def push_test_request(*, user, subscription_id: int) -> None:
    """Send a test notification to one of the player's devices (through the outbox, like every push)."""
    if not PushSubscription.objects.filter(pk=subscription_id, user=user).exists():
        raise PushError(PUSH_DEVICE_NOT_FOUND, MSG_DEVICE_NOT_FOUND, 404)
    if not rate_limit_consume(scope="push-test", key=user.pk, limit=TESTS_PER_MINUTE, window=60):
        raise PushError(RATE_LIMITED, "Wait a minute before asking for another test notification.", 429)
    with transaction.atomic():
        publish(PushTestRequested(subscription_id=subscription_id))


def push_preferences_update(*, user, choices: dict[str, bool]) -> None:
    """Save which kinds are pushed to the player's devices; all or nothing."""
    if set(choices) - set(Kind.values):
        raise PushError(BAD_PUSH_PREFERENCE, "Unknown notification kind.")
    with transaction.atomic():
        for kind, push in choices.items():
            NotificationPreference.objects.update_or_create(user=user, kind=kind, defaults={"push": bool(push)})


def _check_keys(p256dh: str, auth: str) -> None:
    try:
        point = _b64url_decode(p256dh)
        secret = _b64url_decode(auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except (ValueError, binascii.Error, TypeError):
        raise PushError(PUSH_BAD_KEYS, MSG_BAD_KEYS) from None
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise PushError(PUSH_BAD_KEYS, MSG_BAD_KEYS)


def _b64url_decode(text: str) -> bytes:
    text = text.strip().rstrip("=")
    if not text or len(text) > 200:
        raise ValueError("empty or too long")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _expires_at(expiration_time: float | None) -> datetime | None:
    """The browser's ``expirationTime`` (milliseconds since 1970, or null) as a moment."""
    if expiration_time is None:
        return None
    try:
        return datetime.fromtimestamp(expiration_time / 1000, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None
