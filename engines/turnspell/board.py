"""Geometry of Turnspell: the spinning board of four arms and each player's 4×4 board.

The spinning board is a list of four arms, numbered clockwise round the table, each a list of four
spaces holding a tile ("A".."Z", "?") or None.  A player board is a 4×4 list of rows whose cells hold a
placed tile (a blank as its lower-case letter) or None.  Nothing here knows about seats' scores,
the bag or the lexicon beyond a ``contains`` call.
"""

from __future__ import annotations

from typing import Any

from .tiles import value_on_board

SIZE = 4
ARMS = 4

# Where the players sit: two face each other; with three, the fourth arm spins along unused.
SEAT_ARMS: dict[int, list[int]] = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}

Board = list[list[str | None]]


def empty_board() -> Board:
    return [[None] * SIZE for _ in range(SIZE)]


def rotate(spinner: list[list[str | None]]) -> list[list[str | None]]:
    """One arm clockwise: what stood before arm i now stands before arm i + 1."""
    return [list(spinner[(arm - 1) % ARMS]) for arm in range(ARMS)]


def line_cells(kind: str, index: int) -> list[tuple[int, int]]:
    """The cells of row ``index`` (left to right) or column ``index`` (top to bottom)."""
    if kind == "row":
        return [(index, c) for c in range(SIZE)]
    return [(r, index) for r in range(SIZE)]


def line_tiles(board: Board, kind: str, index: int) -> list[str | None]:
    return [board[r][c] for r, c in line_cells(kind, index)]


def completed_words(board: Board, row: int, col: int, lexicon: Any) -> list[dict[str, Any]]:
    """The words the tile at (row, col) completes: its row and/or column when full and in the lexicon.

    Each is {"line": "row"|"col", "index": i, "word": "HELP", "score": 9, "cells": [[r, c], ...]}.
    """
    words: list[dict[str, Any]] = []
    for kind, index in (("row", row), ("col", col)):
        tiles = [t for t in line_tiles(board, kind, index) if t is not None]
        if len(tiles) < SIZE:
            continue
        word = "".join(tiles).upper()
        if lexicon.contains(word):
            words.append({
                "line": kind,
                "index": index,
                "word": word,
                "score": sum(value_on_board(t) for t in tiles),
                "cells": [[r, c] for r, c in line_cells(kind, index)],
            })
    return words


def placement_score(words: list[dict[str, Any]]) -> int:
    """One word scores its tiles; two at once score both totals (shared tile twice) doubled."""
    total = sum(w["score"] for w in words)
    return total * 2 if len(words) == 2 else total


def board_from_picture(picture: str) -> Board:
    """A board from four lines of four characters: "." empty, upper case a tile, lower case a blank.

    For tests and examples::

        HELP
        O...
        R...
        N...
    """
    rows = [line.strip() for line in picture.strip().splitlines() if line.strip()]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError(f"a board picture is {SIZE} lines of {SIZE} characters")
    return [[None if ch == "." else ch for ch in r] for r in rows]


def board_to_picture(board: Board) -> str:
    return "\n".join("".join(cell or "." for cell in row) for row in board)
