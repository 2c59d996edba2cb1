"""What the games core asks the apps above it for that is not a permission (``core.hooks``; the
providers are listed in ``config/wiring.py``):

- ``SOCKET_PARTS`` (``game_id``, ``user``): what other apps add to a game page's socket (the chat).
- ``GAME_SEEN`` (``game_id``, ``user``): a player opened a game's page; notifications marks what it
  told them about that game read.
- ``GAME_LABELS`` (``game_ids``): what a game belongs to, shown beside it on "My games" and its page
  (a league fixture's league, season and round); the leagues answer.
- ``SEEK_RATINGS`` (``seeks``): the seated players' ratings for each open seek's kind, for the lobby;
  the ratings app answers.
"""

from __future__ import annotations

from typing import NamedTuple

from core.hooks import hook_ask, hook_call, hook_providers

# What else a game page's socket carries (the players' chat): each provider, given ``game_id`` and
# ``user``, returns the message that part sends this user, or None.
SOCKET_PARTS = "games.socket_parts"
# A player opened a game's page (``game_id``, ``user``): the providers mark what they were told about it read.
GAME_SEEN = "games.game_seen"
# What a game belongs to (``game_ids``): each provider returns ``{game_id: GameLabel}`` for the games it
# labels, in one query whatever their number; a game no provider knows has no label.
GAME_LABELS = "games.game_labels"
# The lobby's ratings (``seeks``: open seeks with their seats): the provider returns
# ``{game_id: {user_id: (rating, provisional)}}``, no entry for a seek whose kind has no rating.
SEEK_RATINGS = "games.seek_ratings"


class GameLabel(NamedTuple):
    """A short line about a game (already in the reader's language) and the page it links to."""

    text: str
    url: str


def socket_parts(*, game_id: int, user) -> list:
    """What the other apps' parts send ``user`` on a game's socket (None where a part has nothing)."""
    return [render(game_id=game_id, user=user) for render in hook_providers(SOCKET_PARTS)]


def announce_game_seen(*, game_id: int, user) -> None:
    hook_call(GAME_SEEN, game_id=game_id, user=user)


def seek_ratings(seeks) -> dict[int, dict[int, tuple[int, bool]]]:
    """The seated players' ratings of each seek, as the ratings app answers (none without it)."""
    return hook_ask(SEEK_RATINGS, default={}, seeks=seeks) if seeks else {}


def game_labels(game_ids) -> dict[int, GameLabel]:
    """The labels of these games, by game id (no entry for a game without one)."""
    game_ids = list(game_ids)
    labels: dict[int, GameLabel] = {}
    if not game_ids:
        return labels
    for provider in hook_providers(GAME_LABELS):
        for game_id, label in provider(game_ids=game_ids).items():
            labels.setdefault(game_id, label)
    return labels
