"""The Turnspell bot: a choice from what one seat may see (``engine.view(state, seat)``).

It reads its own board, the tiles at its own arm and the public scores; never the bag, and never
another seat's pending choice (the view hides those).  For every tile at its arm, every empty cell
and (for a blank) every letter it scores the placement as the rules do (``board.completed_words``),
removes the scored words' tiles as resolution will, and adds how promising its board then is: each
row and column is worth more the more tiles it holds that can still become a word (counted in the
lexicon's 4-letter words matching the line), and a line no word can fill counts against it.  Clearing
a line is chosen when no placement is possible or when a dead line is worth more cleared.  It never
returns a tile (the penalty rarely pays).  Ties are broken by the caller's ``rng``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from .. import wordgraph
from ..base import Lexicon
from . import board as geo
from .tiles import BLANK, LETTERS, VALUES

DEAD_LINE = -2.0  # per tile in a line that no word can complete
LIVE_WEIGHT = 1.2  # per tile in a line that can still become a word, at full promise
PROMISE_SCALE = math.log(40)  # this many matching words count as full promise


class _Lines:
    """Counts the lexicon's 4-letter words matching a line pattern, memoised per call."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.root = wordgraph.root_for(lexicon)
        self.memo: dict[str, int] = {}

    def matches(self, pattern: str) -> int:
        held = self.memo.get(pattern)
        if held is None:
            held = self.memo[pattern] = self._count(self.root, pattern)
        return held

    def _count(self, node: Any, rest: str) -> int:
        if node is None:
            return 0
        if not rest:
            return 1 if wordgraph.END in node else 0
        if rest[0] != ".":
            return self._count(node.get(rest[0]), rest[1:])
        return sum(self._count(node.get(letter), rest[1:]) for letter in wordgraph.children(node))

    def value(self, tiles: list[str | None]) -> float:
        filled = sum(t is not None for t in tiles)
        if filled == 0:
            return 0.0
        pattern = "".join("." if t is None else t.upper() for t in tiles)
        count = self.matches(pattern)
        if count == 0:
            return DEAD_LINE * filled
        return LIVE_WEIGHT * filled * min(1.0, math.log(1 + count) / PROMISE_SCALE)

    def board_value(self, board: geo.Board) -> float:
        return sum(self.value(geo.line_tiles(board, kind, i)) for kind in ("row", "col") for i in range(geo.SIZE))


def choose(view: Mapping[str, Any], lexicon: Lexicon, level: str, rng: random.Random, *,
           common_word: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """The choice the bot makes from its own ``view`` (a seat that still has to choose this turn)."""
    seat = view["seat"]
    if seat is None or view["my_choice"] is not None or view["over"]:
        raise ValueError("the bot's seat has nothing to choose now")
    board: geo.Board = [list(row) for row in view["boards"][seat]]
    arm = view["spinner"][view["my_arm"]]
    lines = _Lines(lexicon)
    now = lines.board_value(board)
    options: list[tuple[float, dict[str, Any]]] = []
    empty = [(r, c) for r in range(geo.SIZE) for c in range(geo.SIZE) if board[r][c] is None]
    seen_tiles: set[str] = set()
    for take, tile in enumerate(arm):
        if tile is None or tile in seen_tiles:
            continue
        seen_tiles.add(tile)  # two equal tiles at the arm give the same choices
        for row, col in empty:
            for letter in (LETTERS if tile == BLANK else tile):
                placed = letter.lower() if tile == BLANK else tile
                after = [list(r) for r in board]
                after[row][col] = placed
                words = geo.completed_words(after, row, col, lexicon)
                points = geo.placement_score(words)
                for w in words:
                    for r, c in w["cells"]:
                        after[r][c] = None
                value = points + lines.board_value(after) - now
                move = {"type": "place", "take": take, "row": row, "col": col}
                if tile == BLANK:
                    move["letter"] = letter
                    value -= 0.5  # a blank scores nothing: keep it for a word that needs it
                options.append((value, move))
    for kind in ("row", "col"):
        for index in range(geo.SIZE):
            tiles = geo.line_tiles(board, kind, index)
            if all(t is None for t in tiles):
                continue
            after = [list(r) for r in board]
            for r, c in geo.line_cells(kind, index):
                after[r][c] = None
            options.append((lines.board_value(after) - now - _lost(tiles), {"type": "clear", kind: index}))
    if not options:
        raise ValueError("no legal choice: the board is empty and the arm has no tile")
    best = max(value for value, _ in options)
    return rng.choice([move for value, move in options if value >= best - 1e-9])


def _lost(tiles: list[str | None]) -> float:
    """What clearing a line throws away besides its promise: a turn without a new tile."""
    return 1.0 + 0.1 * sum(VALUES.get((t or "").upper(), 0) for t in tiles if t)
