"""Reads behind the notifications pages and the bell."""

from django.db.models import QuerySet

from .models import DEFAULTS, DigestSchedule, Kind, Notification
from .preferences import preferences_for


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
