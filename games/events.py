"""What the games core announces on commit (``core.events.publish``); the apps above subscribe in
``config/wiring.py``.  Events carry ids and public facts only — never a rack, a hand or a term."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.events import Event


@dataclass(frozen=True)
class GameFinished(Event):
    """A game ended with a result (last move, resignation, forfeit or adjudication)."""

    game_id: int
    reason: str


@dataclass(frozen=True)
class GameVoided(Event):
    """A game ended without a result: aborted (before every seat had moved, or cancelled by a
    league) or annulled by a moderator.  ``was_finished``: it had a result before (an annulment)."""

    game_id: int
    reason: str
    was_finished: bool = False


@dataclass(frozen=True)
class SeatsDue(Event):
    """What the deadline sweep has to tell players: "your move", reminders and timeouts, each
    ``{"user_id", "kind", "game_id", "params", "key"}``; ``key`` is unique per notice, so a
    notice delivered twice is stored once."""

    notices: list = field(default_factory=list)
    at: str = ""  # the sweep's clock (ISO 8601): when the notices are dated


@dataclass(frozen=True)
class ChallengeIssued(Event):
    """A player challenged others; each of ``challenged_ids`` is asked to accept or decline."""

    game_id: int
    challenger_id: int
    challenged_ids: list = field(default_factory=list)


@dataclass(frozen=True)
class ChallengeAnswered(Event):
    """A challenged player accepted or declined; ``started``: the game began (everyone accepted)."""

    game_id: int
    user_id: int
    accepted: bool
    started: bool = False


@dataclass(frozen=True)
class BotToMove(Event):
    """A bot's seat is to act in this game (at ``version``): its handler plays the bot's move."""

    game_id: int
    version: int
