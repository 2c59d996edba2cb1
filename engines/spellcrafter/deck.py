"""The Spellcrafter deck: 108 cards as data, in one place (see shared/rules/spellcrafter.md).

Four suits of 25 letter cards plus 4 Wild and 4 Double cards.  Every card has a stable id such as
``"flame-E2"`` (suit, letter, copy number) or ``"wild-3"``; states, moves and views refer to cards only by
these ids.  Change the deck here and nowhere else.
"""

from __future__ import annotations

from typing import Any

SUITS: tuple[str, ...] = ("flame", "tide", "stone", "gale")

# Letters every suit holds, then the three rare letters that make each suit different.
COMMON_LETTERS = "AAEEEIIOOU" + "DLNRST" + "BCGHMP"
RARE_LETTERS: dict[str, str] = {"flame": "FKJ", "tide": "VWQ", "stone": "YFX", "gale": "WKZ"}

# English Scrabble values.
LETTER_VALUES: dict[str, int] = {
    "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 5, "L": 1, "M": 3,
    "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10,
}

SPECIAL_COUNTS: dict[str, int] = {"wild": 4, "double": 4}

LETTER = "letter"
WILD = "wild"
DOUBLE = "double"


def _build() -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = {}
    for suit in SUITS:
        copies: dict[str, int] = {}
        for letter in COMMON_LETTERS + RARE_LETTERS[suit]:
            copies[letter] = copies.get(letter, 0) + 1
            card_id = f"{suit}-{letter}{copies[letter]}"
            cards[card_id] = {
                "id": card_id, "kind": LETTER, "suit": suit, "letter": letter, "value": LETTER_VALUES[letter],
            }
    for kind, count in SPECIAL_COUNTS.items():
        for n in range(1, count + 1):
            card_id = f"{kind}-{n}"
            cards[card_id] = {"id": card_id, "kind": kind, "suit": None, "letter": None, "value": 0}
    return cards


CARDS: dict[str, dict[str, Any]] = _build()
# The unshuffled deck order; the game shuffles a copy of it with its seed.
DECK_IDS: tuple[str, ...] = tuple(CARDS)

assert len(DECK_IDS) == 108


def card(card_id: str) -> dict[str, Any]:
    """The public description of a card (a fresh dict, safe to put into a view)."""
    return dict(CARDS[card_id])
