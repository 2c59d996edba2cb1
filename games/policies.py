"""What the games core asks before a write, answered by the apps that know (``config/wiring.py``).

- ``core.policies.MAY_ACT`` (``user``): may this player play at all?  Moderation refuses suspended
  players.  Asked before a game is created, a seat taken, a challenge answered or a move made.
- ``MAY_BE_CHALLENGED`` (``users``, ``now``): may these players be challenged now?  Accounts refuses
  players on vacation.  Not asked for scheduled (league) games.
- ``SOCKET_PARTS`` (``game_id``, ``user``): what other apps add to a game page's socket (the chat).
- ``GAME_SEEN`` (``game_id``, ``user``): a player opened a game's page; notifications marks what it
  told them about that game read.
"""

from __future__ import annotations

from datetime import datetime

from core.policies import MAY_ACT, policy_answers, policy_check

MAY_BE_CHALLENGED = "games.may_be_challenged"
# What else a game page's socket carries (the players' chat): each answer, given ``game_id`` and
# ``user``, returns the message that part sends this user, or None.
SOCKET_PARTS = "games.socket_parts"
# A player opened a game's page (``game_id``, ``user``): the answers mark what they were told about it read.
GAME_SEEN = "games.game_seen"


def refuse_unless_may_play(users) -> None:
    for user in users:
        policy_check(MAY_ACT, user=user)


def refuse_unless_may_be_challenged(users, now: datetime) -> None:
    if users:
        policy_check(MAY_BE_CHALLENGED, users=list(users), now=now)


def announce_game_seen(*, game_id: int, user) -> None:
    for answer in policy_answers(GAME_SEEN):
        answer(game_id=game_id, user=user)
