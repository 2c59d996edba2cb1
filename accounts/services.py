"""Writes to accounts: the profile update, and ending every way in (a suspension).  API tokens have their
own module, ``accounts/api_tokens.py``."""

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.models import Session
from django.utils import timezone

from core.errors import AppError

from .api_tokens import api_tokens_revoke_all
from .models import User

BAD_QUIET_HOURS = "BAD_QUIET_HOURS"


def user_update_profile(
    *, user: User, display_name: str, time_zone: str, language: str, challenges_from_strangers: bool = True,
    quiet_from: int | None = None, quiet_until: int | None = None,
) -> User:
    """Save the profile; quiet hours are both whole hours 0-23 that differ, or both None."""
    hours = (quiet_from, quiet_until)
    if hours != (None, None) and (
        not all(isinstance(h, int) and 0 <= h <= 23 for h in hours) or quiet_from == quiet_until
    ):
        raise AppError(BAD_QUIET_HOURS, "Quiet hours are two different whole hours from 0 to 23, or none.")
    user.display_name = display_name
    user.time_zone = time_zone
    user.language = language
    user.challenges_from_strangers = challenges_from_strangers
    user.quiet_from, user.quiet_until = hours
    user.save(update_fields=["display_name", "time_zone", "language", "challenges_from_strangers",
                             "quiet_from", "quiet_until"])
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
