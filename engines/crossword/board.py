"""The 15×15 board: the standard premium layout and coordinates in GCG notation.

A board in the state is a list of 15 strings of 15 characters: ``.`` empty, ``A``–``Z`` a lettered
tile, ``a``–``z`` a blank standing for that letter.  Premiums are fixed by square; a premium counts
only for the tile that first covers it, which the scorer knows because only new tiles get premiums.
"""

from __future__ import annotations

SIZE = 15
CENTRE = (7, 7)
EMPTY = "."
COLUMNS = "ABCDEFGHIJKLMNO"

# T triple word, D double word, t triple letter, d double letter (top-left quarter, mirrored).
_LAYOUT_TOP = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...D...d..T",
)
LAYOUT: tuple[str, ...] = _LAYOUT_TOP + tuple(reversed(_LAYOUT_TOP[:7]))

_MULTIPLIERS = {".": (1, 1), "d": (2, 1), "t": (3, 1), "D": (1, 2), "T": (1, 3)}


def premium(row: int, col: int) -> tuple[int, int]:
    """(letter multiplier, word multiplier) of a square, for a tile placed on it now."""
    return _MULTIPLIERS[LAYOUT[row][col]]


def empty_board() -> list[str]:
    return [EMPTY * SIZE for _ in range(SIZE)]


def on_board(row: int, col: int) -> bool:
    return 0 <= row < SIZE and 0 <= col < SIZE


def is_empty(board: list[str]) -> bool:
    return all(line == EMPTY * SIZE for line in board)


def square_name(row: int, col: int) -> str:
    """Human name of a square, e.g. (7, 7) -> "8H"."""
    return f"{row + 1}{COLUMNS[col]}"


def gcg_position(row: int, col: int, across: bool) -> str:
    """GCG start coordinate: row first for an across play ("8H"), column first for a down play ("H8")."""
    return f"{row + 1}{COLUMNS[col]}" if across else f"{COLUMNS[col]}{row + 1}"


def place(board: list[str], tiles: list[tuple[int, int, str]]) -> list[str]:
    """A new board with ``(row, col, board_char)`` written in."""
    grid = [list(line) for line in board]
    for row, col, char in tiles:
        grid[row][col] = char
    return ["".join(line) for line in grid]
