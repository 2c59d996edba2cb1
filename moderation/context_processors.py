"""Warnings a player has not acknowledged yet, for the banner on every page (read only when shown)."""

from django.utils.functional import SimpleLazyObject

from .selectors import warnings_unacknowledged


def moderation_warnings(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"moderation_warnings": SimpleLazyObject(lambda: warnings_unacknowledged(user=user))}
