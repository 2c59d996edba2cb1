"""The Turnspell tile set: the standard English Scrabble distribution (98 letters + 2 blanks).

The rulebook's dots are the Scrabble values (its example HELP = 9, HORN = 7 uses them).  Tiles are
one-character strings: "A".."Z" for letters and "?" for a blank while it is unplaced; a blank on a
player board is stored as the lower-case letter it was fixed as (the Scrabble/GCG convention).
"""

from __future__ import annotations

BLANK = "?"

# letter -> (count, value)
DISTRIBUTION: dict[str, tuple[int, int]] = {
    "A": (9, 1), "B": (2, 3), "C": (2, 3), "D": (4, 2), "E": (12, 1), "F": (2, 4), "G": (3, 2),
    "H": (2, 4), "I": (9, 1), "J": (1, 8), "K": (1, 5), "L": (4, 1), "M": (2, 3), "N": (6, 1),
    "O": (8, 1), "P": (2, 3), "Q": (1, 10), "R": (6, 1), "S": (4, 1), "T": (6, 1), "U": (4, 1),
    "V": (2, 4), "W": (2, 4), "X": (1, 8), "Y": (2, 4), "Z": (1, 10), BLANK: (2, 0),
}

VALUES: dict[str, int] = {letter: value for letter, (_, value) in DISTRIBUTION.items()}

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def full_bag() -> list[str]:
    """All 100 tiles in a fixed order (the caller shuffles with the game's seeded RNG)."""
    return [letter for letter, (count, _) in DISTRIBUTION.items() for _ in range(count)]


def is_blank_on_board(tile: str) -> bool:
    """A placed blank is the lower-case letter it stands for."""
    return tile.islower()


def value_on_board(tile: str) -> int:
    """Points of a tile on a player board; a placed blank scores nothing."""
    return 0 if is_blank_on_board(tile) else VALUES[tile]


def back_to_bag(tile: str) -> str:
    """What a board tile becomes in the bag: a placed blank is a blank again."""
    return BLANK if is_blank_on_board(tile) else tile


def return_penalty(tile: str) -> int:
    """The rulebook's price of returning one tile: 5 points or twice its value, whichever is more."""
    return max(5, 2 * value_on_board(tile))
