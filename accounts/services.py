"""Writes to accounts: the profile update and API tokens."""

from rest_framework.authtoken.models import Token

from core.errors import AppError

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


def user_token_get_or_create(*, user: User) -> Token:
    token, _created = Token.objects.get_or_create(user=user)
    return token
