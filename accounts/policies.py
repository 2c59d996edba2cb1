"""Accounts' answers to the questions other apps ask before a write (listed in ``config/wiring.py``)."""

from datetime import datetime

from django.utils import timezone

from core.errors import AppError

from .vacations import PLAYER_ON_VACATION, vacations_in_progress


def refuse_on_vacation(*, users, now: datetime) -> None:
    """``games.policies.MAY_BE_CHALLENGED``: a player on vacation cannot be challenged until back."""
    away = vacations_in_progress(user_ids=[u.pk for u in users], now=now)
    if away:
        player = next(u for u in users if u.pk in away)
        until = timezone.localtime(away[player.pk].ends_at).strftime("%Y-%m-%d %H:%M %Z")
        raise AppError(
            PLAYER_ON_VACATION, f"{player.public_name} is on vacation until {until}; challenge them after that.",
            until=away[player.pk].ends_at.isoformat(),
        )
