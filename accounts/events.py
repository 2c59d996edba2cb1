"""What accounts announce on commit (``core.events``); the games subscribe in ``config/wiring.py``."""

from dataclasses import dataclass

from core.events import Event


@dataclass(frozen=True)
class VacationEnded(Event):
    """A vacation that held the player's clocks is over (switched off); the games hold the clocks."""

    vacation_id: int
    user_id: int
