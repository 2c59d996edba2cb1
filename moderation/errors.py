"""Moderation's refusal codes and messages, defined once; the API, the pages and the admin show the same."""


class ModerationError(Exception):
    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message, self.status = code, message, status

    def as_json(self) -> dict:
        return {"code": self.code, "message": self.message}


NOT_FOUND = "NOT_FOUND"
NOT_YOUR_GAME = "NOT_YOUR_GAME"
EMPTY_MESSAGE = "EMPTY_MESSAGE"
MESSAGE_TOO_LONG = "MESSAGE_TOO_LONG"
RATE_LIMITED = "RATE_LIMITED"
CHAT_MUTED = "CHAT_MUTED"
PLAYER_SUSPENDED = "PLAYER_SUSPENDED"
UNKNOWN_PLAYER = "UNKNOWN_PLAYER"
CANNOT_MUTE_SELF = "CANNOT_MUTE_SELF"
CANNOT_REPORT_SELF = "CANNOT_REPORT_SELF"
BAD_REASON = "BAD_REASON"
TEXT_TOO_LONG = "TEXT_TOO_LONG"
UNKNOWN_GAME = "UNKNOWN_GAME"
BAD_EVIDENCE = "BAD_EVIDENCE"
NOT_MODERATOR = "NOT_MODERATOR"
UNKNOWN_ACTION = "UNKNOWN_ACTION"
REASON_REQUIRED = "REASON_REQUIRED"
REASON_TOO_LONG = "REASON_TOO_LONG"
BAD_DURATION = "BAD_DURATION"
REPORT_CLOSED = "REPORT_CLOSED"
CANNOT_ACT_ON_SELF = "CANNOT_ACT_ON_SELF"
NOT_SUSPENDED = "NOT_SUSPENDED"
ALREADY_ANNULLED = "ALREADY_ANNULLED"
GAME_NOT_STARTED = "GAME_NOT_STARTED"
ALREADY_HIDDEN = "ALREADY_HIDDEN"
MISSING_TARGET = "MISSING_TARGET"

MSG_NOT_FOUND = "No such game."
MSG_NOT_YOUR_GAME = "Only the players of this game can read and write its chat."
MSG_EMPTY_MESSAGE = "Write something first."
MSG_MESSAGE_TOO_LONG = "A chat message is at most {limit} characters."
MSG_RATE_LIMITED = "You are sending messages too fast; wait a minute."
MSG_CHAT_MUTED = "A moderator has muted your chat until {until}."
MSG_SUSPENDED = "Your account is suspended."
MSG_CANNOT_REPORT_SELF = "You cannot report yourself."
MSG_NOT_MODERATOR = "You do not have permission to do this."
MSG_REASON_REQUIRED = "Give a reason: the player and the moderation log see it."
MSG_REASON_TOO_LONG = "A reason is at most {limit} characters."
MSG_REPORT_CLOSED = "This report has already been dealt with."
