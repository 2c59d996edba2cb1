"""Error codes and messages of the analysis, defined once (tests import them)."""

from core.errors import NOT_FOUND, RATE_LIMITED, AppError  # noqa: F401  (re-exported)

GAME_NOT_FINISHED = "GAME_NOT_FINISHED"
NOT_ANALYSABLE = "NOT_ANALYSABLE"
GCG_INVALID = "GCG_INVALID"
UNKNOWN_LEXICON = "UNKNOWN_LEXICON"

MSG_NOT_FOUND = "No such analysis."
MSG_NO_GAME = "No such game."
MSG_NOT_FINISHED = "The game is not finished; its analysis would reveal the racks."
MSG_NOT_ANALYSABLE = "Only Crossword games can be analysed."
MSG_UNKNOWN_LEXICON = "No such dictionary: %(code)s."
MSG_GCG_TOO_LONG = "The record is longer than %(limit)d characters."
MSG_GCG_EMPTY = "The record is empty."
MSG_RATE_LIMITED = "You have uploaded %(limit)d records in the last hour; wait a little."
MSG_TOO_MANY_WAITING = "%(limit)d of your records are still waiting to be analysed; upload more once they are done."
MSG_GCG_NO_TURNS = "The record holds no moves to analyse."
MSG_MASTER_QUOTA = ("You have asked the Master for %(limit)d analyses in the last 24 hours; the next one can be "
                    "asked for after %(at)s UTC.")


class AnalysisError(AppError):
    """A refused analysis request."""
