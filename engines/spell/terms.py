"""Comparing words in Spell: guesses against declared clue words and against the secret term.

Pure string rules, shared by the engine and its tests; nothing here knows about seats or state.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def normalise(word: str) -> str:
    """Case, accents and anything that is not a letter or digit ignored: "Schildkröte " -> "schildkrote"."""
    decomposed = unicodedata.normalize("NFKD", word)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "".join(ch for ch in stripped.casefold() if ch.isalnum())


def same_word(guess: str, declared: str) -> bool:
    """A clue guess that is right at once: equal to the declared word, case and accents ignored."""
    g = normalise(guess)
    return bool(g) and g == normalise(declared)


def _plural_equal(a: str, b: str) -> bool:
    # "a plural -s ignored" works both ways: SHARKS for SHARK and SHARK for SHARKS.
    return a == b or a == b + "s" or b == a + "s"


def is_term(guess: str, term: str, alternatives: Iterable[str] = ()) -> bool:
    """Whether ``guess`` names the secret ``term`` or one of the card's accepted alternatives."""
    g = normalise(guess)
    if not g:
        return False
    return any(_plural_equal(g, normalise(candidate)) for candidate in (term, *alternatives))


def extends(board: str, clue: str) -> bool:
    """Whether the letters on a board are the start of ``clue`` (case and accents ignored)."""
    return normalise(clue).startswith(normalise(board))
