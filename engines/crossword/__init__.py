"""Crossword (Scrabble rules, English and Dutch tile sets): the engine instance and its refusal codes."""

from .engine import CHALLENGE_MODES, ENGINE, CrosswordEngine
from .moves import (
    BAD_MOVE,
    BAG_TOO_SMALL,
    FIRST_MOVE_CENTRE,
    HAS_GAP,
    NOT_CONNECTED,
    NOT_IN_LINE,
    NOT_YOUR_TURN,
    NOTHING_TO_CHALLENGE,
    OFF_BOARD,
    SQUARE_TAKEN,
    TILE_NOT_ON_RACK,
    UNKNOWN_WORD,
)

__all__ = [
    "ENGINE", "CrosswordEngine", "CHALLENGE_MODES",
    "BAD_MOVE", "BAG_TOO_SMALL", "FIRST_MOVE_CENTRE", "HAS_GAP", "NOT_CONNECTED",
    "NOT_IN_LINE", "NOT_YOUR_TURN", "NOTHING_TO_CHALLENGE", "OFF_BOARD", "SQUARE_TAKEN", "TILE_NOT_ON_RACK",
    "UNKNOWN_WORD",
]
