"""Finding legal placements for a rack (for random play and self-play), using only the Lexicon protocol.

Anchor-square generation after Appel & Jacobson: for every empty square next to a tile, build a left
part on the free squares before it and extend to the right, pruning with ``has_prefix`` and with the
letters each square allows across (cross-checks).  A node budget keeps racks with blanks fast.
"""

from __future__ import annotations

import random
from collections import Counter

from ..base import Lexicon
from . import board as boardmod
from .moves import Tile
from .tiles import ALPHABET, BLANK

EMPTY = boardmod.EMPTY
SIZE = boardmod.SIZE


class _Budget(Exception):
    """Raised inside the search when the node budget is spent."""


class _Generator:
    def __init__(self, board: list[str], rack: list[str], lexicon: Lexicon, max_moves: int, budget: int):
        self.lexicon = lexicon
        self.rack = Counter(rack)
        self.max_moves = max_moves
        self.budget = budget
        self.first = boardmod.is_empty(board)
        self.grids = {True: board, False: ["".join(board[r][c] for r in range(SIZE)) for c in range(SIZE)]}
        self.found: dict[frozenset, list[Tile]] = {}
        self._cross: dict[tuple[bool, int], list[set[str] | None]] = {}

    def anchors(self) -> list[tuple[bool, int, int]]:
        if self.first:
            return [(True, 7, 7), (False, 7, 7)]
        return [(across, r, c) for across in (True, False) for r in range(SIZE) for c in range(SIZE)
                if self._is_anchor(self.grids[across], r, c)]

    @staticmethod
    def _is_anchor(grid: list[str], r: int, c: int) -> bool:
        if grid[r][c] != EMPTY:
            return False
        return any(0 <= rr < SIZE and 0 <= cc < SIZE and grid[rr][cc] != EMPTY
                   for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    def cross(self, across: bool, r: int) -> list[set[str] | None]:
        """For each square of grid row r: None (no tile above or below) or the letters allowed there."""
        key = (across, r)
        if key not in self._cross:
            grid = self.grids[across]
            checks: list[set[str] | None] = []
            for c in range(SIZE):
                up, rr = "", r - 1
                while rr >= 0 and grid[rr][c] != EMPTY:
                    up, rr = grid[rr][c] + up, rr - 1
                down, rr = "", r + 1
                while rr < SIZE and grid[rr][c] != EMPTY:
                    down, rr = down + grid[rr][c], rr + 1
                if not up and not down:
                    checks.append(None)
                else:
                    up, down = up.upper(), down.upper()
                    checks.append({L for L in ALPHABET if self.lexicon.contains(up + L + down)})
            self._cross[key] = checks
        return self._cross[key]

    def run(self, rng: random.Random) -> list[list[Tile]]:
        anchors = self.anchors()
        rng.shuffle(anchors)
        try:
            for across, r, c in anchors:
                self._from_anchor(across, r, c)
        except _Budget:
            pass
        return list(self.found.values())

    def _from_anchor(self, across: bool, r: int, anchor: int) -> None:
        grid = self.grids[across]
        row = grid[r]
        self.across, self.r, self.row, self.anchor = across, r, row, anchor
        self.checks = self.cross(across, r)
        if anchor > 0 and row[anchor - 1] != EMPTY:
            start = anchor
            while start > 0 and row[start - 1] != EMPTY:
                start -= 1
            prefix = row[start:anchor].upper()
            if self.lexicon.has_prefix(prefix):
                self._extend(prefix, anchor, [])
            return
        limit, c = 0, anchor - 1
        while c >= 0 and row[c] == EMPTY and not self._is_anchor(grid, r, c):
            limit, c = limit + 1, c - 1
        self._left("", [], min(limit, sum(self.rack.values()) - 1))

    def _tick(self) -> None:
        self.budget -= 1
        if self.budget < 0 or len(self.found) >= self.max_moves:
            raise _Budget

    def _choices(self, allowed: set[str] | None):
        for tile in sorted(t for t, n in self.rack.items() if n > 0):
            for letter in (ALPHABET if tile == BLANK else tile):
                if allowed is None or letter in allowed:
                    yield tile, letter

    def _left(self, partial: str, left: list[tuple[str, bool]], limit: int) -> None:
        self._tick()
        start = self.anchor - len(left)
        placed = [(start + i, letter, blank) for i, (letter, blank) in enumerate(left)]
        self._extend(partial, self.anchor, placed)
        if limit <= 0:
            return
        for tile, letter in self._choices(None):
            if self.lexicon.has_prefix(partial + letter):
                self.rack[tile] -= 1
                self._left(partial + letter, left + [(letter, tile == BLANK)], limit - 1)
                self.rack[tile] += 1

    def _extend(self, partial: str, col: int, placed: list[tuple[int, str, bool]]) -> None:
        self._tick()
        if col < SIZE and self.row[col] != EMPTY:
            word = partial + self.row[col].upper()
            if self.lexicon.has_prefix(word):
                self._extend(word, col + 1, placed)
            return
        if placed and col > self.anchor and len(partial) >= 2 and self.lexicon.contains(partial):
            self._record(placed)
        if col >= SIZE:
            return
        for tile, letter in self._choices(self.checks[col]):
            if self.lexicon.has_prefix(partial + letter):
                self.rack[tile] -= 1
                self._extend(partial + letter, col + 1, placed + [(col, letter, tile == BLANK)])
                self.rack[tile] += 1

    def _record(self, placed: list[tuple[int, str, bool]]) -> None:
        if self.across:
            tiles = [Tile(self.r, c, letter, blank) for c, letter, blank in placed]
        else:
            tiles = [Tile(c, self.r, letter, blank) for c, letter, blank in placed]
        self.found.setdefault(frozenset(tiles), tiles)


def generate(board: list[str], rack: list[str], lexicon: Lexicon, rng: random.Random,
             max_moves: int = 300, budget: int = 40_000) -> list[list[Tile]]:
    """Up to ``max_moves`` legal placements (every word in ``lexicon``), from anchors in random order."""
    if not rack:
        return []
    return _Generator(board, rack, lexicon, max_moves, budget).run(rng)
