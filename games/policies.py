"""What the games core asks before a write, answered by the apps that know (``config/wiring.py``).

- ``core.policies.MAY_ACT`` (``user``): may this player play at all?  Moderation refuses suspended
  players.  Asked before a game is created, a seat taken, a challenge answered or a move made.
- ``MAY_BE_CHALLENGED`` (``users``, ``now``): may these players be challenged now?  Accounts refuses
  players on vacation.  Not asked for scheduled (league) games.
- ``SOCKET_PARTS`` (``game_id``, ``user``): what other apps add to a game page's socket (the chat).
- ``GAME_SEEN`` (``game_id``, ``user``): a player opened a game's page; notifications marks what it
  told them about that game read.
- ``GAME_LABELS`` (``game_ids``): what a game belongs to, shown beside it on "My games" and its page
  (a league fixture's league, season and round); the leagues answer.
- ``SEEK_RATINGS`` (``seeks``): the seated players' ratings for each open seek's kind, for the lobby;
  the ratings app answers.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from core.policies import MAY_ACT, policy_answers, policy_ask, policy_check

MAY_BE_CHALLENGED = "games.may_be_challenged"
# What else a game page's socket carries (the players' chat): each answer, given ``game_id`` and
# ``user``, returns the message that part sends this user, or None.
SOCKET_PARTS = "games.socket_parts"
# A player opened a game's page (``game_id``, ``user``): the answers mark what they were told about it read.
GAME_SEEN = "games.game_seen"
# What a game belongs to (``game_ids``): each answer returns ``{game_id: GameLabel}`` for the games it
# labels, in one query whatever their number; a game no answer knows has no label.
GAME_LABELS = "games.game_labels"


class GameLabel(NamedTuple):
    """A short line about a game (already in the reader's language) and the page it links to."""

    text: str
    url: str
# The lobby's ratings (``seeks``: open seeks with their seats): the answer returns
# ``{game_id: {user_id: (rating, provisional)}}``, no entry for a seek whose kind has no rating.
SEEK_RATINGS = "games.seek_ratings"


def refuse_unless_may_play(users) -> None:
    for user in users:
        policy_check(MAY_ACT, user=user)


def refuse_unless_may_be_challenged(users, now: datetime) -> None:
    if users:
        policy_check(MAY_BE_CHALLENGED, users=list(users), now=now)


def announce_game_seen(*, game_id: int, user) -> None:
    for answer in policy_answers(GAME_SEEN):
        answer(game_id=game_id, user=user)


def seek_ratings(seeks) -> dict[int, dict[int, tuple[int, bool]]]:
    """The seated players' ratings of each seek, as the ratings app answers (none without it)."""
    return policy_ask(SEEK_RATINGS, default={}, seeks=seeks) if seeks else {}


def game_labels(game_ids) -> dict[int, GameLabel]:
    """The labels of these games, by game id (no entry for a game without one)."""
    game_ids = list(game_ids)
    labels: dict[int, GameLabel] = {}
    if not game_ids:
        return labels
    for answer in policy_answers(GAME_LABELS):
        for game_id, label in answer(game_ids=game_ids).items():
            labels.setdefault(game_id, label)
    return labels
