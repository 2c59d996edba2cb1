"""Reads behind the leaderboards, a player's ratings and rating history, the rating change a game made,
and the lobby's ratings of the players in open seeks."""

from __future__ import annotations

from django.db import connection
from django.utils.translation import gettext as _

from engines import registry

from . import elo
from .models import Rating, RatingChange
from .services import rating_key


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


def seek_ratings(*, seeks) -> dict[int, dict[int, tuple[int, bool]]]:
    """For the lobby (``games.hooks.SEEK_RATINGS``): ``{seek id: {user id: (rating, provisional)}}``
    for the seated players of each seek (its seats prefetched), in the rating the game would count for.
    A player without a rated game in that key shows the starting rating, provisional.  A seek of a
    cooperative kind has no entry: it is never rated.  One query whatever the number of seeks."""
    wanted: dict[int, tuple[str, list[int]]] = {}
    for seek in seeks:
        if registry.get(seek.kind).cooperative:
            continue
        wanted[seek.pk] = (rating_key(seek.kind, seek.options), [s.user_id for s in seek.seats.all() if s.user_id])
    users = {user_id for _key, ids in wanted.values() for user_id in ids}
    keys = {key for key, _ids in wanted.values()}
    found = {
        (user_id, key): (rating, games)
        for user_id, key, rating, games in Rating.objects.filter(user_id__in=users, key__in=keys)
        .values_list("user_id", "key", "rating", "games")
    } if users else {}
    answer = {}
    for seek_id, (key, ids) in wanted.items():
        answer[seek_id] = {}
        for user_id in ids:
            rating, games = found.get((user_id, key), (elo.START, 0))
            answer[seek_id][user_id] = (round(rating), games == 0)
    return answer
