"""The dictionaries' refusal codes, defined once; the API and pages show them as ``core.errors`` says."""

from core.errors import BAD_OPTIONS, REASON_REQUIRED, REPORT_CLOSED, UNKNOWN_GAME, AppError  # noqa: F401


class LexiconError(AppError):
    """A refused dictionary change, word report or term-deck request; nothing was written."""


UNKNOWN_LEXICON = "UNKNOWN_LEXICON"
EMPTY_WORD = "EMPTY_WORD"
BAD_WORD = "BAD_WORD"
WORD_ALREADY_VALID = "WORD_ALREADY_VALID"
WORD_NOT_IN_LEXICON = "WORD_NOT_IN_LEXICON"
BAD_UPLOAD = "BAD_UPLOAD"
UNKNOWN_REPORT_KIND = "UNKNOWN_REPORT_KIND"
COMMENT_TOO_LONG = "COMMENT_TOO_LONG"
DUPLICATE_REPORT = "DUPLICATE_REPORT"
LOOKUP_PAUSED = "LOOKUP_PAUSED"
MSG_LOOKUP_PAUSED = ("Word lookups in this dictionary are paused while you play a game with challenges in it: "
                     "there words are on the honour system, as in postal play.")
