"""Error codes of the move path, defined once; every interface maps them the same way.

Engine refusals arrive as ``IllegalMove`` (400).  The service adds the codes below, each with the
HTTP status the API uses for it.
"""

from games.engines.base import IllegalMove


class GameError(Exception):
    def __init__(self, code: str, message: str, status: int = 400, **details) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.details = details

    @property
    def text(self) -> str:
        """The message in the active language (engine messages are English; see error_texts)."""
        from .error_texts import localized_message

        return localized_message(self.code, self.message, self.details)

    def as_json(self) -> dict:
        body = {"code": self.code, "message": self.text}
        if self.details:
            body["details"] = self.details
        return body

    @classmethod
    def from_illegal(cls, exc: IllegalMove) -> "GameError":
        return cls(exc.code, exc.message, 400, **exc.details)


NOT_FOUND = "NOT_FOUND"
NOT_YOUR_GAME = "NOT_YOUR_GAME"
STALE_VERSION = "STALE_VERSION"
GAME_NOT_ACTIVE = "GAME_NOT_ACTIVE"
IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED"
BAD_REQUEST = "BAD_REQUEST"
UNKNOWN_KIND = "UNKNOWN_KIND"
BAD_OPTIONS = "BAD_OPTIONS"
SEEK_NOT_OPEN = "SEEK_NOT_OPEN"
ALREADY_SEATED = "ALREADY_SEATED"
UNKNOWN_PLAYER = "UNKNOWN_PLAYER"
PLAYER_ON_VACATION = "PLAYER_ON_VACATION"

MSG_NOT_FOUND = "No such game."
MSG_NOT_YOUR_GAME = "You do not have a seat in this game."
MSG_STALE = "The game has moved on since you looked; reload and try again."
MSG_NOT_ACTIVE = "The game is not in progress."
MSG_KEY_REUSED = "This idempotency key was already used for a different request."
