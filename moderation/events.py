"""What moderation announces on commit (``core.events``); the leagues subscribe in ``config/wiring.py``."""

from dataclasses import dataclass

from core.events import Event


@dataclass(frozen=True)
class PlayerSuspended(Event):
    """A moderator suspended a player (their running games are already forfeited)."""

    user_id: int
    moderator_id: int
