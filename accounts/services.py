"""Writes to accounts: the profile update, and ending every way in (a suspension).  API tokens have their
own module, ``accounts/api_tokens.py``."""

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.models import Session
from django.utils import timezone

from core.errors import AppError

from .api_tokens import api_tokens_revoke_all
from .models import REMINDER_HOURS, ConfirmMoves, User

BAD_QUIET_HOURS = "BAD_QUIET_HOURS"
BAD_ALERT_SETTINGS = "BAD_ALERT_SETTINGS"


def user_update_profile(
    *, user: User, display_name: str, time_zone: str, language: str, challenges_from_strangers: bool = True,
    quiet_from: int | None = None, quiet_until: int | None = None, reminder_hours: list[int] | None = None,
    sound_on_move: bool | None = None, confirm_moves: str | None = None,
) -> User:
    """Save the profile; quiet hours are both whole hours 0-23 that differ, or both None.  The alert
    settings left as None keep their value; reminder stages are a subset of ``REMINDER_HOURS``."""
    hours = (quiet_from, quiet_until)
    if reminder_hours is not None and (
        not isinstance(reminder_hours, list | tuple) or any(h not in REMINDER_HOURS for h in reminder_hours)
    ):
        raise AppError(BAD_ALERT_SETTINGS, "Reminders are chosen from 48, 24, 8, 2 and 1 hours before a deadline.")
    if confirm_moves is not None and confirm_moves not in ConfirmMoves.values:
        raise AppError(BAD_ALERT_SETTINGS, "Move confirmation is auto, always or never.")
    if hours != (None, None) and (
        not all(isinstance(h, int) and 0 <= h <= 23 for h in hours) or quiet_from == quiet_until
    ):
        raise AppError(BAD_QUIET_HOURS, "Quiet hours are two different whole hours from 0 to 23, or none.")
    user.display_name = display_name
    user.time_zone = time_zone
    user.language = language
    user.challenges_from_strangers = challenges_from_strangers
    user.quiet_from, user.quiet_until = hours
    fields = ["display_name", "time_zone", "language", "challenges_from_strangers", "quiet_from", "quiet_until"]
    if reminder_hours is not None:
        user.reminder_hours = sorted({int(h) for h in reminder_hours}, reverse=True)
        fields.append("reminder_hours")
    if sound_on_move is not None:
        user.sound_on_move = bool(sound_on_move)
        fields.append("sound_on_move")
    if confirm_moves is not None:
        user.confirm_moves = confirm_moves
        fields.append("confirm_moves")
    user.save(update_fields=fields)
    return user


def user_access_revoke(*, user: User) -> int:
    """Delete the user's API tokens and end their signed-in sessions (in the database session store;
    a session kept elsewhere is ended on its next request by ``moderation.middleware``).  Returns the
    number of sessions ended.  Each live session is read once: a rare action (a suspension), not a
    request path."""
    api_tokens_revoke_all(user=user)  # each deleted token replaces the stamp (core.apps)
    ended = []
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if session.get_decoded().get(SESSION_KEY) == str(user.pk):
            ended.append(session.session_key)
    Session.objects.filter(session_key__in=ended).delete()
    return len(ended)
