"""Shared helpers for the Crossword engine tests: positions from text pictures and quick moves."""

from __future__ import annotations

import copy
from typing import Any

from engines.base import Context, SetLexicon
from engines.crossword import ENGINE

NO_WORD_CHECK = Context(lexicon=None)


def board_from(picture: str, top: int = 0, left: int = 0) -> list[str]:
    """A 15×15 board with ``picture`` (rows of letters, ``.`` empty, lowercase = blank) at (top, left)."""
    grid = [["."] * 15 for _ in range(15)]
    lines = [line.strip() for line in picture.strip().splitlines()]
    for r, line in enumerate(lines):
        for c, char in enumerate(line):
            if char != ".":
                grid[top + r][left + c] = char
    return ["".join(row) for row in grid]


def position(picture: str = "", *, top: int = 0, left: int = 0, racks: list[str] | None = None,
             to_move: int = 0, seats: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    """A fresh game with the given board and racks ("?" is a blank); the bag keeps what setup left."""
    state = ENGINE.setup(seats, options, seed)
    if picture:
        state["board"] = board_from(picture, top, left)
    for seat, rack in enumerate(racks or []):
        state["racks"][seat]["tiles"] = list(rack)
    state["to_move"] = to_move
    return state


def place(*tiles: tuple[int, int, str]) -> dict[str, Any]:
    """A place move from (row, col, letter) triples; a lowercase letter is a blank."""
    return {"type": "place", "tiles": [
        {"row": r, "col": c, "letter": letter.upper(), "blank": letter.islower()} for r, c, letter in tiles]}


def play(state: dict[str, Any], seat: int, move: dict[str, Any],
         ctx: Context = NO_WORD_CHECK) -> dict[str, Any]:
    """Apply a move and assert that the input state was not mutated."""
    before = copy.deepcopy(state)
    after = ENGINE.apply(state, seat, move, ctx)
    assert state == before
    return after


def lexicon(*words: str) -> Context:
    return Context(lexicon=SetLexicon(words))


def last(state: dict[str, Any]) -> dict[str, Any]:
    return state["log"][-1]
