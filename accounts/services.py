"""Writes to accounts: the profile update and API tokens."""

from rest_framework.authtoken.models import Token

from .models import User


def user_update_profile(
    *, user: User, display_name: str, time_zone: str, language: str, challenges_from_strangers: bool = True
) -> User:
    user.display_name = display_name
    user.time_zone = time_zone
    user.language = language
    user.challenges_from_strangers = challenges_from_strangers
    user.save(update_fields=["display_name", "time_zone", "language", "challenges_from_strangers"])
    return user


def user_token_get_or_create(*, user: User) -> Token:
    token, _created = Token.objects.get_or_create(user=user)
    return token
