"""Error codes of the move path, defined once; every interface maps them the same way.

Engine refusals arrive as ``IllegalMove`` (400).  The service adds the codes below, each with the
HTTP status the API uses for it.  Codes more than one app uses come from ``core.errors``.
"""

from accounts.vacations import PLAYER_ON_VACATION  # noqa: F401  (re-exported)
from core.errors import (  # noqa: F401  (re-exported: the games API's codes in one place)
    BAD_OPTIONS,
    BAD_REQUEST,
    NOT_FOUND,
    NOT_YOUR_GAME,
    PLAYER_SUSPENDED,
    RATE_LIMITED,
    UNKNOWN_KIND,
    UNKNOWN_PLAYER,
    AppError,
)
from engines.base import IllegalMove
from games.clock import TIME_BANK_DAYS_MAX


class GameError(AppError):
    """A refusal of the games core (engine refusals included, see ``from_illegal``)."""

    @classmethod
    def from_illegal(cls, exc: IllegalMove) -> "GameError":
        return cls(exc.code, exc.message, 400, **exc.details)


STALE_VERSION = "STALE_VERSION"
GAME_NOT_ACTIVE = "GAME_NOT_ACTIVE"
GAME_NOT_FINISHED = "GAME_NOT_FINISHED"
IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED"
SEEK_NOT_OPEN = "SEEK_NOT_OPEN"
TOO_MANY_SEEKS = "TOO_MANY_SEEKS"
TOO_MANY_GAMES = "TOO_MANY_GAMES"
ALREADY_SEATED = "ALREADY_SEATED"
BOT_PLAYS_OTHER_KIND = "BOT_PLAYS_OTHER_KIND"
BOT_CANNOT_CREATE = "BOT_CANNOT_CREATE"

MSG_NOT_FOUND = "No such game."
MSG_NOT_YOUR_GAME = "You do not have a seat in this game."
MSG_STALE = "The game has moved on since you looked; reload and try again."
MSG_NOT_ACTIVE = "The game is not in progress."
MSG_NOT_FINISHED = "Only a finished game can be played again."
MSG_KEY_REUSED = "This idempotency key was already used for a different request."
MSG_BAD_TIME_BANK = f"The time bank is a whole number of days from 0 to {TIME_BANK_DAYS_MAX}."
