"""Reads about players for pages and the API; writes live in ``accounts/services.py``."""

from __future__ import annotations

from django.db.models import Q

from .models import User

PLAYER_SEARCH_LIMIT = 10


def players_search(*, prefix: str, exclude=None, limit: int = PLAYER_SEARCH_LIMIT) -> list[dict[str, str]]:
    """Up to ``limit`` active players whose username or display name starts with ``prefix`` (any
    case), as ``{"username", "name"}`` (the public name), usernames first in order.  Nothing for an
    empty prefix: the list of every player is not a search.  ``exclude`` (a user) is left out, so a
    player is not offered themselves.  Bots are not offered either (they are challenged through "Play a
bot" and ``/api/bots/``, and never belong in a league).  E-mail addresses never leave here."""
    prefix = (prefix or "").strip()
    if not prefix:
        return []
    found = User.objects.filter(is_active=True, is_bot=False).filter(
        Q(username__istartswith=prefix) | Q(display_name__istartswith=prefix)
    )
    if exclude is not None and exclude.pk is not None:
        found = found.exclude(pk=exclude.pk)
    rows = found.order_by("username").values_list("username", "display_name")[:limit]
    return [{"username": username, "name": display or username} for username, display in rows]
