"""A player's time zone as a ``ZoneInfo``, with one fallback (UTC) for a name the system does not know."""

import zoneinfo

UTC = zoneinfo.ZoneInfo("UTC")


def zone_named(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return UTC


def zone_for(user) -> zoneinfo.ZoneInfo:
    """The user's chosen zone (UTC for anonymous users and unknown names)."""
    return zone_named(getattr(user, "time_zone", None))
