"""Reads behind the leaderboards, a player's ratings and rating history, and the rating change a game made."""

from __future__ import annotations

from django.db import connection
from django.utils.translation import gettext as _

from .models import Rating, RatingChange


def leaderboard(*, key: str, limit: int = 100) -> list[Rating]:
    """The best ratings of ``key``.  Bots are rated like anyone (so a win against one counts for its
    strength) but never listed: a leaderboard ranks people."""
    rated = Rating.objects.filter(key=key, games__gt=0, user__is_bot=False)
    return list(rated.select_related("user").order_by("-rating", "pk")[:limit])


def rating_keys() -> list[str]:
    """The keys anyone has a rating in.  A DISTINCT would read every rating (one per player and key); this
    walks the (key, -rating) index from one key to the next, so it reads a few rows per key.  (Bots only play people, so
    every key a bot is rated in is a person's too.)"""
    table = Rating._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH RECURSIVE k(key) AS ("  # noqa: S608  (the table name is ours, not input)
            f" SELECT min(key) FROM {table} WHERE games > 0"
            f" UNION ALL SELECT (SELECT min(key) FROM {table} WHERE key > k.key AND games > 0) FROM k"
            f" WHERE k.key IS NOT NULL) SELECT key FROM k WHERE key IS NOT NULL"
        )
        return [row[0] for row in cursor.fetchall()]


def player_ratings(*, user) -> list[Rating]:
    """A player's ratings; a bot's are kept but not shown."""
    if getattr(user, "is_bot", False):
        return []
    return list(Rating.objects.filter(user=user, games__gt=0).order_by("key"))


def rating_history(*, user, limit: int = 500) -> dict[str, list[RatingChange]]:
    """The user's rating changes per key, oldest first (the last ``limit`` overall)."""
    changes = list(RatingChange.objects.filter(user=user).order_by("-pk")[:limit])
    history: dict[str, list[RatingChange]] = {}
    for change in reversed(changes):
        history.setdefault(change.key, []).append(change)
    return history


def changes_for_game(*, game_id: int) -> dict[int, RatingChange]:
    """user id -> the change this game made to their rating (empty for unrated or not yet rated games)."""
    return {c.user_id: c for c in RatingChange.objects.filter(game_id=game_id)}


def ratings_panel(*, user) -> list[tuple[Rating, list[RatingChange]]]:
    """The player's ratings, each with its history, for the profile page."""
    history = rating_history(user=user)
    return [(r, history.get(r.key, [])) for r in player_ratings(user=user)]


def rating_title(key: str) -> str:
    """A rating key in words: "crossword:en" -> "Crossword (English)", "turnspell" -> "Turnspell"."""
    kind, _sep, language = key.partition(":")
    languages = {"en": _("English"), "nl": _("Dutch")}
    name = kind.capitalize()
    return f"{name} ({languages.get(language, language)})" if language else name
