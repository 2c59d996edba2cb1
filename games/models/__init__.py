"""The games app's models, one module per subject; import them from here (``from games.models import Game``)."""

from .game import NON_ENGINE_SOURCES, Game, GameStatus, Move, Seat
from .lexicon import (
    BulkJobStatus,
    Lexicon,
    LexiconBulkJob,
    LexiconVersion,
    LexiconWord,
    ReportKind,
    ReportStatus,
    WordAction,
    WordChange,
    WordOrigin,
    WordReport,
    WordStatus,
)
from .terms import TermCard

__all__ = [
    "NON_ENGINE_SOURCES",
    "BulkJobStatus",
    "Game",
    "GameStatus",
    "Lexicon",
    "LexiconBulkJob",
    "LexiconVersion",
    "LexiconWord",
    "Move",
    "ReportKind",
    "ReportStatus",
    "Seat",
    "TermCard",
    "WordAction",
    "WordChange",
    "WordOrigin",
    "WordReport",
    "WordStatus",
]
