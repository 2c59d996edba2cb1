"""Moderation's answers to the questions other apps ask before a write (listed in ``config/wiring.py``)."""

from .errors import MSG_SUSPENDED, PLAYER_SUSPENDED, ModerationError
from .selectors import suspension_for


def refuse_suspended(*, user) -> None:
    """``core.policies.MAY_ACT``: a suspended player may not act — play, post, report, create."""
    if suspension_for(user=user) is not None:
        raise ModerationError(PLAYER_SUSPENDED, MSG_SUSPENDED, 403)
