"""The daily digest: at the hour each player chose, in their time zone, one e-mail listing every game
awaiting their move (soonest deadline first) and the news they asked to receive this way."""

from __future__ import annotations

import logging
from datetime import datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from core.timezones import UTC, zone_for
from games.models import GameStatus, Seat

from .emails import send_digest_email
from .models import DigestSchedule, EmailState, Kind, Notification
from .preferences import wants_digest

logger = logging.getLogger(__name__)


def next_digest_at(user, hour: int, *, after: datetime) -> datetime:
    """The first ``hour``:00 in the user's time zone strictly after ``after``."""
    zone = zone_for(user)
    local = after.astimezone(zone)
    candidate = datetime.combine(local.date(), time(hour), zone)
    if candidate <= local:
        candidate = datetime.combine(local.date() + timedelta(days=1), time(hour), zone)
    return candidate.astimezone(UTC)


def games_awaiting(user) -> list[dict]:
    """Every active game awaiting the user's move, soonest deadline first."""
    seats = (
        Seat.objects.filter(user=user, to_act=True, resigned=False, game__status=GameStatus.ACTIVE)
        .select_related("game").order_by("deadline", "game_id")
    )
    return [
        {"game_id": s.game_id, "label": f"{s.game.kind.capitalize()} #{s.game_id}", "deadline": s.deadline}
        for s in seats
    ]


def digest_send(*, schedule: DigestSchedule, now: datetime) -> bool:
    """Send one player's digest if there is anything to say; schedule the next.  True when sent."""
    user = schedule.user
    wanted = wants_digest(user)
    with transaction.atomic():
        # Claim this send: a concurrent run finds next_at moved on and sends nothing.
        claimed = DigestSchedule.objects.filter(pk=schedule.pk, next_at=schedule.next_at).update(
            next_at=next_digest_at(user, schedule.hour, after=now) if wanted else None,
            last_sent_at=now,
        )
        if not claimed or not wanted:  # e.g. unsubscribed since this send was scheduled
            return False
        news = list(Notification.objects.filter(user=user, email=EmailState.DIGEST).order_by("created_at"))
        Notification.objects.filter(pk__in=[n.pk for n in news]).update(email=EmailState.SENT)
        games = games_awaiting(user)
        # Turn notices held back by quiet hours: the list of games awaiting a move says it as it is now.
        news = [n for n in news if n.kind not in (Kind.YOUR_MOVE, Kind.REMINDER)]
        if not (games or news) or not user.email:
            return False
        send_digest_email(user, games=games, news=news)
    return True


def digests_send_due(*, now: datetime | None = None) -> int:
    now = now or timezone.now()
    sent = 0
    for schedule in DigestSchedule.objects.filter(next_at__lte=now).select_related("user").order_by("next_at"):
        try:
            sent += digest_send(schedule=schedule, now=now)
        except Exception:  # one bad address must not stop the others; its news stays for tomorrow
            logger.exception("digest for user %s failed", schedule.user_id)
    return sent
