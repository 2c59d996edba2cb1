"""Reads behind the notifications pages and the bell."""

from django.db.models import QuerySet

from .devices import device_label, push_service_host
from .models import DEFAULTS, DigestSchedule, Kind, Notification, PushSubscription
from .preferences import preferences_for, push_preferences_for


def unread_count(*, user) -> int:
    return Notification.objects.filter(user=user, in_app=True, read_at__isnull=True).count()


def notifications_for(*, user, limit: int = 100) -> QuerySet[Notification]:
    return Notification.objects.filter(user=user, in_app=True).select_related("game")[:limit]


def preferences_table(*, user) -> dict:
    prefs = preferences_for([user.pk])[user.pk]
    schedule = DigestSchedule.objects.filter(user=user).first()
    return {
        "rows": [{"kind": k, "label": k.label, "in_app": prefs[k][0], "email": prefs[k][1]} for k in Kind],
        "digest_hour": schedule.hour if schedule else 8,
        "defaults": DEFAULTS,
    }


def push_devices_for(*, user) -> list[dict]:
    """The player's push devices, oldest first, each with a name guessed for it (``devices``) and whether
    its last try failed."""
    return [
        {"device": d, "id": d.pk, "label": device_label(d.endpoint, d.user_agent),
         "service": push_service_host(d.endpoint),
         "failing": _failing(d)}
        for d in PushSubscription.objects.filter(user=user)
    ]


def _failing(device: PushSubscription) -> bool:
    return device.last_failure_at is not None and (
        device.last_success_at is None or device.last_failure_at > device.last_success_at)


def push_preferences_table(*, user) -> list[dict]:
    """Per kind: its label and whether it is pushed to the player's devices."""
    prefs = push_preferences_for([user.pk])[user.pk]
    return [{"kind": k, "label": k.label, "push": prefs[k]} for k in Kind]
