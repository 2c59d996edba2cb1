"""Vacations: booking, ending and the reads that the game pages and the deadline sweep need.

While a vacation lasts the player's deadlines stand still.  Rather than touching every clock when it
starts, the sweep leaves a player who is away alone, and when the vacation ends (at its end, switched
off, or because the player moved) the games push each deadline of theirs back by the time they were
away while it was running (``games/services/vacations.py``), then mark the vacation settled.  This module
knows nothing of games: it announces ``VacationEnded`` on commit.  Allowance: 30 days per calendar
year (in the player's time zone).
"""

from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta

from django.db import models, transaction
from django.utils import timezone

from core import user_stamp
from core.errors import AppError
from core.events import publish
from core.timezones import zone_for

from .events import VacationEnded
from .models import User, Vacation

ALLOWANCE_DAYS = 30

VACATION_BAD_DAYS = "VACATION_BAD_DAYS"
VACATION_IN_PAST = "VACATION_IN_PAST"
VACATION_OVERLAPS = "VACATION_OVERLAPS"
VACATION_ALLOWANCE = "VACATION_ALLOWANCE"
VACATION_NONE = "VACATION_NONE"
PLAYER_ON_VACATION = "PLAYER_ON_VACATION"

MSG_BAD_DAYS = "A vacation lasts from 1 to 30 days."
MSG_IN_PAST = "A vacation cannot start in the past."
MSG_OVERLAPS = "This vacation overlaps one you have already booked."
MSG_ALLOWANCE = "That is more than your allowance: %(left)s of 30 vacation days left in %(year)s."
MSG_NONE = "You have no vacation in progress or booked."


class VacationError(AppError):
    """A refused booking or ending; nothing was written."""


# ---------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------
def vacations_in_progress(*, user_ids, now: datetime) -> dict[int, Vacation]:
    """Who is away right now (what opponents see and what refuses challenges): user id -> vacation."""
    rows = Vacation.objects.filter(
        user_id__in=list(user_ids), starts_at__lte=now, ends_at__gt=now, ended_at__isnull=True
    )
    return {v.user_id: v for v in rows}


def vacations_holding_clocks(*, user_ids, now: datetime) -> dict[int, Vacation]:
    """Whose deadlines must not run out: away now, or back but their clocks not yet held by the games."""
    rows = Vacation.objects.filter(user_id__in=list(user_ids), starts_at__lte=now, settled_at__isnull=True)
    return {v.user_id: v for v in rows}


def vacations_to_settle(*, now: datetime, user_id: int | None = None):
    """Vacations whose clocks the games must now hold: ended (switched off, or their time is up) but
    not yet settled; with ``user_id``, that player's vacation in progress too (they moved: they are back)."""
    rows = Vacation.objects.filter(settled_at__isnull=True, starts_at__lte=now)
    if user_id is not None:
        return rows.filter(user_id=user_id)
    return rows.filter(models.Q(ended_at__isnull=False) | models.Q(ends_at__lte=now))


def vacation_may_be_running(*, user: User, now: datetime) -> bool:
    """False when ``user`` (as read) has no vacation begun and not yet settled: no query needed then."""
    return user.vacation_from is not None and user.vacation_from <= now


def _days_in_year(start: datetime, end: datetime, year: int, zone) -> float:
    lo = datetime.combine(date(year, 1, 1), time(), zone)
    hi = datetime.combine(date(year + 1, 1, 1), time(), zone)
    overlap = (min(end, hi) - max(start, lo)).total_seconds()
    return max(0.0, overlap / 86400)


def vacation_days_used(*, user: User, year: int) -> int:
    """Days booked or taken in ``year``; a day begun counts as a day."""
    zone = zone_for(user)
    used = 0
    for vacation in user.vacations.all():
        used += math.ceil(_days_in_year(vacation.starts_at, vacation.until, year, zone) - 1e-9)
    return used


def vacation_overview(*, user: User, now: datetime) -> dict:
    zone = zone_for(user)
    year = now.astimezone(zone).year
    current = next(
        (v for v in user.vacations.filter(ended_at__isnull=True, ends_at__gt=now).order_by("starts_at")), None
    )
    used = vacation_days_used(user=user, year=year)
    return {
        "current": current if current and current.starts_at <= now else None,
        "booked": current if current and current.starts_at > now else None,
        "year": year,
        "used": used,
        "left": max(0, ALLOWANCE_DAYS - used),
        "allowance": ALLOWANCE_DAYS,
        "history": list(user.vacations.order_by("-starts_at")[:10]),
    }


# ---------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------
def vacation_book(*, user: User, days: int, starts_on: date | None = None, now: datetime | None = None) -> Vacation:
    """Book ``days`` of vacation from ``starts_on`` (today, or a later day from midnight in the
    player's time zone).  Refused with a VacationError, writing nothing, when too long, in the past,
    overlapping another, or beyond the yearly allowance."""
    now = now or timezone.now()
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= ALLOWANCE_DAYS:
        raise VacationError(VACATION_BAD_DAYS, MSG_BAD_DAYS)
    zone = zone_for(user)
    today = now.astimezone(zone).date()
    starts_on = starts_on or today
    if starts_on < today:
        raise VacationError(VACATION_IN_PAST, MSG_IN_PAST)
    starts_at = now if starts_on == today else datetime.combine(starts_on, time(), zone)
    ends_at = starts_at + timedelta(days=days)
    with transaction.atomic():
        # One booking at a time per player: lock the user row so that two requests cannot both pass.
        User.objects.select_for_update().filter(pk=user.pk).first()
        clash = Vacation.objects.filter(user=user, starts_at__lt=ends_at).exclude(ended_at__isnull=False).filter(
            ends_at__gt=starts_at
        )
        if clash.exists():
            raise VacationError(VACATION_OVERLAPS, MSG_OVERLAPS)
        for year in range(starts_at.astimezone(zone).year, ends_at.astimezone(zone).year + 1):
            wanted = math.ceil(_days_in_year(starts_at, ends_at, year, zone) - 1e-9)
            used = vacation_days_used(user=user, year=year)
            if wanted and used + wanted > ALLOWANCE_DAYS:
                left = max(0, ALLOWANCE_DAYS - used)
                raise VacationError(VACATION_ALLOWANCE, MSG_ALLOWANCE % {"left": left, "year": year})
        vacation = Vacation.objects.create(user=user, starts_at=starts_at, ends_at=ends_at)
        user.vacation_from = _vacation_from_refresh(user_id=user.pk)
        return vacation


def vacation_end(*, user: User, now: datetime | None = None) -> Vacation:
    """Switch vacation off: the one in progress ends now; a booked one that has not begun is cancelled.
    The games hold the player's clocks by the time away when they hear of it (``VacationEnded``)."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = (
            Vacation.objects.select_for_update().filter(user=user, ended_at__isnull=True, ends_at__gt=now)
            .order_by("starts_at").first()
        )
        if vacation is None:
            raise VacationError(VACATION_NONE, MSG_NONE)
        vacation_mark_ended(vacation=vacation, ended_at=max(now, vacation.starts_at))
    return vacation


def vacation_mark_ended(*, vacation: Vacation, ended_at: datetime) -> None:
    """Record the end of a (locked) vacation.  A vacation cancelled before it began held no clock and is
    settled at once; otherwise ``VacationEnded`` tells the games to hold the clocks (they call
    ``vacation_mark_settled`` when done)."""
    vacation.ended_at = ended_at
    fields = ["ended_at"]
    if ended_at <= vacation.starts_at:
        vacation.settled_at = ended_at
        fields.append("settled_at")
    vacation.save(update_fields=fields)
    if vacation.settled_at is None:
        publish(VacationEnded(vacation_id=vacation.pk, user_id=vacation.user_id))
    else:
        _vacation_from_refresh(user_id=vacation.user_id)


def vacation_mark_settled(*, vacation: Vacation, settled_at: datetime) -> None:
    """The games have held the player's clocks for this (locked) vacation; the sweep leaves it be."""
    vacation.settled_at = settled_at
    vacation.save(update_fields=["settled_at"])
    _vacation_from_refresh(user_id=vacation.user_id)


def _vacation_from_refresh(*, user_id: int) -> datetime | None:
    """Keep ``User.vacation_from`` (the earliest start of an unsettled vacation) after a vacation was
    booked or settled, in the same transaction; returns it."""
    first = (Vacation.objects.filter(user_id=user_id, settled_at__isnull=True)
             .aggregate(first=models.Min("starts_at"))["first"])
    User.objects.filter(pk=user_id).update(vacation_from=first)
    user_stamp.changed(user_id)  # an update sends no signal; processes keep the user's row (core.user_stamp)
    return first
