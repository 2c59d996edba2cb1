"""What the games core asks before a write, answered by the apps that know (``config/wiring.py``):
permissions only; what it asks for that is not one is a hook (``games/hooks.py``).

- ``core.policies.MAY_ACT`` (``user``): may this player play at all?  Moderation refuses suspended
  players.  Asked before a game is created, a seat taken, a challenge answered or a move made.
- ``MAY_BE_CHALLENGED`` (``users``, ``now``): may these players be challenged now?  Accounts refuses
  players on vacation.  Not asked for scheduled (league) games.
"""

from __future__ import annotations

from datetime import datetime

from core.policies import MAY_ACT, policy_check

MAY_BE_CHALLENGED = "games.may_be_challenged"


def refuse_unless_may_play(users) -> None:
    for user in users:
        policy_check(MAY_ACT, user=user)


def refuse_unless_may_be_challenged(users, now: datetime) -> None:
    if users:
        policy_check(MAY_BE_CHALLENGED, users=list(users), now=now)
