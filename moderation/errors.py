"""Moderation's refusal codes and messages, defined once; the API, the pages and the admin show the same."""

from core.errors import (  # noqa: F401  (re-exported: moderation's codes in one place)
    NOT_FOUND,
    NOT_YOUR_GAME,
    PLAYER_SUSPENDED,
    RATE_LIMITED,
    REASON_REQUIRED,
    REPORT_CLOSED,
    UNKNOWN_GAME,
    UNKNOWN_PLAYER,
    AppError,
)


class ModerationError(AppError):
    """A refusal of moderation's services."""


EMPTY_MESSAGE = "EMPTY_MESSAGE"
MESSAGE_TOO_LONG = "MESSAGE_TOO_LONG"
CHAT_MUTED = "CHAT_MUTED"
CANNOT_MUTE_SELF = "CANNOT_MUTE_SELF"
CANNOT_REPORT_SELF = "CANNOT_REPORT_SELF"
BAD_REASON = "BAD_REASON"
TEXT_TOO_LONG = "TEXT_TOO_LONG"
BAD_EVIDENCE = "BAD_EVIDENCE"
NOT_MODERATOR = "NOT_MODERATOR"
UNKNOWN_ACTION = "UNKNOWN_ACTION"
REASON_TOO_LONG = "REASON_TOO_LONG"
BAD_DURATION = "BAD_DURATION"
CANNOT_ACT_ON_SELF = "CANNOT_ACT_ON_SELF"
NOT_SUSPENDED = "NOT_SUSPENDED"
ALREADY_ANNULLED = "ALREADY_ANNULLED"
GAME_NOT_STARTED = "GAME_NOT_STARTED"
ALREADY_HIDDEN = "ALREADY_HIDDEN"
MISSING_TARGET = "MISSING_TARGET"
NO_CHAT_WITH_BOTS = "NO_CHAT_WITH_BOTS"

MSG_NOT_FOUND = "No such game."
MSG_NOT_YOUR_GAME = "Only the players of this game can read and write its chat."
MSG_EMPTY_MESSAGE = "Write something first."
MSG_NO_CHAT_WITH_BOTS = "A game against bots has no chat: nobody would read it."
MSG_MESSAGE_TOO_LONG = "A chat message is at most {limit} characters."
MSG_RATE_LIMITED = "You are sending messages too fast; wait a minute."
MSG_CHAT_MUTED = "A moderator has muted your chat until {until}."
MSG_SUSPENDED = "Your account is suspended."
MSG_CANNOT_REPORT_SELF = "You cannot report yourself."
MSG_NOT_MODERATOR = "You do not have permission to do this."
MSG_REASON_REQUIRED = "Give a reason: the player and the moderation log see it."
MSG_REASON_TOO_LONG = "A reason is at most {limit} characters."
MSG_REPORT_CLOSED = "This report has already been dealt with."
