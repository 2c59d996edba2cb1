"""The dictionaries' models: lexicons and their words with every change (``words``), Spell's term cards
(``terms``).  They moved here from ``games``; their tables keep the names they had there (``games_*``)."""

from .terms import TermCard
from .words import (
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

__all__ = [
    "BulkJobStatus",
    "Lexicon",
    "LexiconBulkJob",
    "LexiconVersion",
    "LexiconWord",
    "ReportKind",
    "ReportStatus",
    "TermCard",
    "WordAction",
    "WordChange",
    "WordOrigin",
    "WordReport",
    "WordStatus",
]
