"""Error codes of leagues, defined once; codes several apps share come from ``core.errors``."""

from core.errors import (  # noqa: F401  (re-exported: the leagues' codes in one place)
    BAD_OPTIONS,
    NOT_FOUND,
    UNKNOWN_KIND,
    UNKNOWN_PLAYER,
    AppError,
)


class LeagueError(AppError):
    """A refusal of the leagues' services."""


BAD_LEAGUE = "BAD_LEAGUE"
BAD_TABLE_SIZE = "BAD_TABLE_SIZE"
BAD_DIVISION_SIZE = "BAD_DIVISION_SIZE"
BAD_PROMOTION = "BAD_PROMOTION"
LEAGUE_CLOSED = "LEAGUE_CLOSED"
LEAGUE_FULL = "LEAGUE_FULL"
INVITE_REQUIRED = "INVITE_REQUIRED"
ALREADY_JOINED = "ALREADY_JOINED"
BOTS_NOT_IN_LEAGUES = "BOTS_NOT_IN_LEAGUES"
NOT_JOINED = "NOT_JOINED"
SEASON_STARTED = "SEASON_STARTED"
SEASON_NOT_OPEN = "SEASON_NOT_OPEN"
SEASON_NOT_RUNNING = "SEASON_NOT_RUNNING"
NOT_ENOUGH_PLAYERS = "NOT_ENOUGH_PLAYERS"
NOT_ORGANISER = "NOT_ORGANISER"
BAD_DIVISION = "BAD_DIVISION"
NOT_A_FIXTURE = "NOT_A_FIXTURE"

MSG_NOT_FOUND = "No such league."
MSG_CLOSED = "Registration for this league's season is closed."
MSG_FULL = "This league is full."
MSG_INVITE = "This league is invite-only: join through the invite link."
MSG_ALREADY = "You are already in this season."
MSG_NO_BOTS = "Bots do not play in leagues."
MSG_NOT_JOINED = "You are not in this season."
MSG_STARTED = "The season has started; you can no longer leave it."
MSG_NOT_ORGANISER = "Only the league's organisers may do this."
MSG_NOT_RUNNING = "The season is not running."
MSG_NOT_OPEN = "The season is not open for registration."
