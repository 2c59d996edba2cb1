"""Scoring a crafted word: letter values, Double cards, and the flush / straight multipliers.

Works on normalised word entries ``{"card": id, "letter": "E", "double": id | None}`` that the engine has
already validated; knows nothing about whose cards they are or whether the word is in a lexicon.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .deck import CARDS, WILD

STRAIGHT_LENGTH = 5
INSTANT_WIN_SCORE = 50


def letter_value(entry: dict[str, Any]) -> int:
    """What one letter of the word is worth: a Wild is 0, an attached Double counts the letter twice."""
    value = CARDS[entry["card"]]["value"]
    return value * 2 if entry.get("double") else value


def is_flush(entries: Sequence[dict[str, Any]]) -> bool:
    """Every suited letter card is of one suit.  Wilds have no suit and never break a flush; the jumper
    is a suited card like any other, so it can."""
    suits = {CARDS[e["card"]]["suit"] for e in entries if CARDS[e["card"]]["kind"] != WILD}
    return len(suits) == 1


def multiplier_for(flush: bool, straight: bool) -> int:
    # A straight flush is x3, not the x4 that doubling twice would give.
    if flush and straight:
        return 3
    if flush or straight:
        return 2
    return 1


def score_word(entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The score of a word and how it was reached; an empty word (no word crafted) scores 0."""
    if not entries:
        return {"word": "", "length": 0, "base": 0, "flush": False, "straight": False,
                "multiplier": 1, "score": 0}
    base = sum(letter_value(e) for e in entries)
    flush = is_flush(entries)
    straight = len(entries) >= STRAIGHT_LENGTH
    multiplier = multiplier_for(flush, straight)
    return {
        "word": "".join(e["letter"] for e in entries),
        "length": len(entries),
        "base": base,
        "flush": flush,
        "straight": straight,
        "multiplier": multiplier,
        "score": base * multiplier,
    }
