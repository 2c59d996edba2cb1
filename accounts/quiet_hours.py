"""Quiet hours: the hours of the day, in the player's own time zone, when no notification e-mail is
sent to them (the daily digest covers what happened).  Set on the profile; read by notifications."""

from __future__ import annotations

from datetime import datetime, timedelta

from core.timezones import zone_for


def quiet_hours_set(user) -> bool:
    return user.quiet_from is not None and user.quiet_until is not None and user.quiet_from != user.quiet_until


def in_quiet_hours(user, at: datetime) -> bool:
    """Is ``at`` within the user's quiet hours?  From ``quiet_from``:00 up to ``quiet_until``:00 local
    time, across midnight when ``quiet_from`` is the later hour (22 → 7 is the night)."""
    if not quiet_hours_set(user):
        return False
    hour = at.astimezone(zone_for(user)).hour
    start, end = user.quiet_from, user.quiet_until
    return start <= hour < end if start < end else hour >= start or hour < end


def quiet_hours_end(user, at: datetime) -> datetime | None:
    """When the quiet hours that ``at`` falls in end (``quiet_until``:00 local time, the next day's when
    that hour has passed today); None when ``at`` is not within them."""
    if not in_quiet_hours(user, at):
        return None
    local = at.astimezone(zone_for(user))
    end = local.replace(hour=user.quiet_until, minute=0, second=0, microsecond=0)
    # A day later on the local clock; the zone works out that day's offset (clocks may change overnight).
    return end if end > local else end + timedelta(days=1)
