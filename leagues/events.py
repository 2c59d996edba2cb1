"""What the leagues announce on commit (``core.events``); the handlers are listed in ``config/wiring.py``."""

from dataclasses import dataclass

from core.events import Event


@dataclass(frozen=True)
class SeasonStarted(Event):
    """A season started: its players are placed and its fixtures created (the players are told)."""

    league_id: int
    season_id: int
