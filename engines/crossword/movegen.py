"""Every legal play for a rack on a board: placements (blanks included), exchanges and the pass.

Placements are found with Appel & Jacobson's anchor-square search over a word graph
(``engines.wordgraph``): for every empty square next to a tile (the centre on an empty board),
build a left part on the free squares before it and extend to the right, pruning with the graph and
with the letters each square allows across it (cross-checks).  Every placement found is then scored
by the engine's own scorer (``scoring.score_play``), so a generated score is the score ``apply``
gives; geometry follows ``moves.check_placement`` (one line, no gaps, touching, centre first).

The graph is the lexicon's cached DAWG when the lexicon can list its words, else a lazy graph over
``has_prefix``/``contains`` (same plays, slower; ``bench/movegen_bench.py`` measures both).
``placements`` asks the compiled search (``native``, ``_movegen.c``) first when it is built and switched
on; ``python_placements`` is the reference it must equal, and the fallback.
Pure: no Django, no clock; ``generate`` (random play) takes its randomness from the caller's rng.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .. import wordgraph
from ..base import Lexicon
from . import board as boardmod
from . import native
from .moves import Tile, check_placement
from .scoring import score_play
from .tiles import BLANK, TileSet

EMPTY = boardmod.EMPTY
SIZE = boardmod.SIZE
END = wordgraph.END
RACK_SIZE = 7


class Play:
    """One candidate move: a placement with its score and words, an exchange, or the pass.

    ``tiles`` are the placed tiles (placement only) in board order; ``exchange`` the rack tiles given
    back (exchange only).  ``leave`` is what stays on the rack, sorted (``?`` first).
    """

    __slots__ = ("kind", "tiles", "across", "score", "words", "bingo", "exchange", "leave", "row", "col")

    def __init__(self, kind: str, *, tiles: tuple[Tile, ...] = (), across: bool = True, score: int = 0,
                 words: tuple[str, ...] = (), bingo: bool = False, exchange: str = "", leave: str = "",
                 row: int = 0, col: int = 0) -> None:
        self.kind = kind
        self.tiles = tiles
        self.across = across
        self.score = score
        self.words = words
        self.bingo = bingo
        self.exchange = exchange
        self.leave = leave
        self.row = row  # first square of the main word (placements)
        self.col = col

    def move(self) -> dict[str, Any]:
        """The payload ``CrosswordEngine.apply`` accepts for this play."""
        if self.kind == "place":
            return {"type": "place", "tiles": [
                {"row": t.row, "col": t.col, "letter": t.letter, "blank": t.blank} for t in self.tiles]}
        if self.kind == "exchange":
            return {"type": "exchange", "tiles": self.exchange}
        return {"type": "pass"}

    def notation(self, board: list[str]) -> str:
        """GCG notation on ``board`` (the board before the play): "8H W.NDY", "-AEI" or "-"."""
        if self.kind == "exchange":
            return f"-{self.exchange}"
        if self.kind == "pass":
            return "-"
        new = {(t.row, t.col): t.board_char for t in self.tiles}
        dr, dc = (0, 1) if self.across else (1, 0)
        r, c = self.row, self.col
        letters = []
        while boardmod.on_board(r, c) and ((r, c) in new or board[r][c] != EMPTY):
            letters.append(new.get((r, c), "."))
            r, c = r + dr, c + dc
        return f"{boardmod.gcg_position(self.row, self.col, self.across)} {''.join(letters)}"

    def key(self) -> tuple:
        """Identity of the play as the engine sees it (placed tiles, or the tiles exchanged)."""
        if self.kind == "place":
            return ("place", frozenset(self.tiles))
        return (self.kind, "".join(sorted(self.exchange)))

    def __repr__(self) -> str:
        if self.kind == "place":
            spelled = "".join(t.board_char for t in self.tiles)
            return f"<Play {boardmod.square_name(self.row, self.col)} {'across' if self.across else 'down'} " \
                   f"{spelled} {self.score}>"
        return f"<Play {self.kind} {self.exchange}>"


def leave_after(rack: Iterable[str], used: Iterable[str]) -> str:
    """The rack tiles left after ``used`` (rack tiles, ``?`` for a blank), sorted."""
    left = Counter(rack)
    left.subtract(used)
    return "".join(sorted(left.elements()))


# -- the search -------------------------------------------------------------------------------------


class _Budget(Exception):
    """The node budget of a sampling search (``generate``) is spent."""


class _Search:
    """Appel & Jacobson over one board and rack; collects (tiles, across, leave) for every placement."""

    def __init__(self, board: list[str], rack: Sequence[str], root: dict, budget: int | None = None):
        self.board = board
        self.root = root
        self.rack = dict(Counter(rack))
        self.kinds = sorted(self.rack)  # distinct rack tiles, in a fixed order
        self.tiles_in_rack = sum(self.rack.values())
        self.first = boardmod.is_empty(board)
        self.budget = budget
        self.found: list[tuple[list[Tile], bool, str]] = []
        self._leaves: dict[tuple[int, ...], str] = {}
        self.singles: set[tuple[int, int, str, bool]] = set()

    def anchors(self, grid: list[str]) -> list[tuple[int, int]]:
        if self.first:
            return [boardmod.CENTRE]
        found = []
        for r in range(SIZE):
            line = grid[r]
            above = grid[r - 1] if r > 0 else None
            below = grid[r + 1] if r < SIZE - 1 else None
            for c in range(SIZE):
                if line[c] != EMPTY:
                    continue
                if ((c > 0 and line[c - 1] != EMPTY) or (c < SIZE - 1 and line[c + 1] != EMPTY)
                        or (above is not None and above[c] != EMPTY) or (below is not None and below[c] != EMPTY)):
                    found.append((r, c))
        return found

    def cross_checks(self, grid: list[str], r: int) -> list[Any]:
        """For each square of line ``r``: None when no tile lies above or below it, else the set of
        letters that make a word with them (the word at right angles to the line)."""
        checks: list[Any] = [None] * SIZE
        root = self.root
        for c in range(SIZE):
            if grid[r][c] != EMPTY:
                continue
            rr = r - 1
            while rr >= 0 and grid[rr][c] != EMPTY:
                rr -= 1
            up = "".join(grid[i][c] for i in range(rr + 1, r)).upper()
            rr = r + 1
            while rr < SIZE and grid[rr][c] != EMPTY:
                rr += 1
            down = "".join(grid[i][c] for i in range(r + 1, rr)).upper()
            if not up and not down:
                continue
            node = wordgraph.walk(root, up)
            allowed = set()
            if node is not None:
                for letter in wordgraph.children(node):
                    end = wordgraph.walk(node.get(letter), down)
                    if end is not None and END in end:
                        allowed.add(letter)
            checks[c] = allowed
        return checks

    def leave(self) -> str:
        """What the rack holds now, sorted (during the search: the leave of the play being recorded)."""
        key = tuple(self.rack.values())
        held = self._leaves.get(key)
        if held is None:
            held = self._leaves[key] = "".join(tile * n for tile, n in sorted(self.rack.items()))
        return held

    def run(self, rng: random.Random | None = None) -> list[tuple[list[Tile], bool, str]]:
        if not self.tiles_in_rack:
            return []
        transposed = ["".join(self.board[r][c] for r in range(SIZE)) for c in range(SIZE)]
        work = []
        for across, grid in ((True, self.board), (False, transposed)):
            for r, c in self.anchors(grid):
                work.append((across, grid, r, c))
        if rng is not None:
            rng.shuffle(work)
        checks_of: dict[tuple[bool, int], list[Any]] = {}
        has_blank = BLANK in self.rack
        try:
            for across, grid, r, c in work:
                checks = checks_of.get((across, r))
                if checks is None:
                    checks = checks_of[(across, r)] = self.cross_checks(grid, r)
                allowed = checks[c]
                if allowed is not None and (not allowed or (not has_blank and allowed.isdisjoint(self.kinds))):
                    continue  # no rack tile may stand on this anchor, so no play covers it
                self._from_anchor(across, grid, r, c, checks)
        except _Budget:
            pass
        return self.found

    def _from_anchor(self, across: bool, grid: list[str], r: int, anchor: int, checks: list[Any]) -> None:
        line = grid[r]
        rack = self.rack
        kinds = self.kinds
        found = self.found
        singles = self.singles
        prefix: list[tuple[str, bool]] = []  # rack tiles left of the anchor (letter, blank)
        placed: list[tuple[int, str, bool]] = []  # rack tiles from the anchor on (col, letter, blank)
        budget = self.budget
        children = wordgraph.children

        def record(start: int) -> None:
            squares = [(start + i, letter, blank) for i, (letter, blank) in enumerate(prefix)] + placed
            if across:
                tiles = [Tile(r, c, letter, blank) for c, letter, blank in squares]
            else:
                tiles = [Tile(c, r, letter, blank) for c, letter, blank in squares]
            if len(tiles) == 1:
                # A single tile forms words both ways: count it once, in the engine's orientation.
                t = tiles[0]
                key = (t.row, t.col, t.letter, t.blank)
                if key in singles:
                    return
                singles.add(key)
                found.append((tiles, check_placement(self.board, tiles), self.leave()))
                return
            found.append((tiles, across, self.leave()))

        def extend(node: dict, col: int, start: int) -> None:
            nonlocal budget
            if budget is not None:
                budget -= 1
                if budget < 0:
                    raise _Budget
            if col < SIZE and line[col] != EMPTY:
                child = node.get(line[col].upper())
                if child is not None:
                    extend(child, col + 1, start)
                return
            if col > anchor and col - start >= 2 and END in node:
                record(start)
            if col >= SIZE:
                return
            allowed = checks[col]
            for tile in kinds:
                if not rack[tile]:
                    continue
                if tile == BLANK:
                    rack[BLANK] -= 1
                    for letter in children(node):
                        if allowed is None or letter in allowed:
                            placed.append((col, letter, True))
                            extend(node[letter], col + 1, start)
                            placed.pop()
                    rack[BLANK] += 1
                elif allowed is None or tile in allowed:
                    child = node.get(tile)
                    if child is not None:
                        rack[tile] -= 1
                        placed.append((col, tile, False))
                        extend(child, col + 1, start)
                        placed.pop()
                        rack[tile] += 1

        def left(node: dict, limit: int) -> None:
            extend(node, anchor, anchor - len(prefix))
            if limit <= 0:
                return
            for tile in kinds:
                if not rack[tile]:
                    continue
                if tile == BLANK:
                    rack[BLANK] -= 1
                    for letter in children(node):
                        prefix.append((letter, True))
                        left(node[letter], limit - 1)
                        prefix.pop()
                    rack[BLANK] += 1
                else:
                    child = node.get(tile)
                    if child is not None:
                        rack[tile] -= 1
                        prefix.append((tile, False))
                        left(child, limit - 1)
                        prefix.pop()
                        rack[tile] += 1

        if anchor > 0 and line[anchor - 1] != EMPTY:
            start = anchor
            while start > 0 and line[start - 1] != EMPTY:
                start -= 1
            node = wordgraph.walk(self.root, line[start:anchor].upper())
            if node is not None:
                extend(node, anchor, start)
            return
        limit, c = 0, anchor - 1
        while c >= 0 and line[c] == EMPTY and not self._anchor_at(grid, r, c):
            limit, c = limit + 1, c - 1
        left(self.root, min(limit, self.tiles_in_rack - 1))

    def _anchor_at(self, grid: list[str], r: int, c: int) -> bool:
        if self.first:
            return (r, c) == boardmod.CENTRE
        line = grid[r]
        return ((c > 0 and line[c - 1] != EMPTY) or (c < SIZE - 1 and line[c + 1] != EMPTY)
                or (r > 0 and grid[r - 1][c] != EMPTY) or (r < SIZE - 1 and grid[r + 1][c] != EMPTY))


def _graph(lexicon: Lexicon, graph: dict | None) -> dict:
    return graph if graph is not None else wordgraph.root_for(lexicon)


def placements(board: list[str], rack: Sequence[str], lexicon: Lexicon, tile_set: TileSet, *,
               graph: dict | None = None) -> list[Play]:
    """Every legal placement of tiles from ``rack`` on ``board`` whose words are all in ``lexicon``,
    each scored exactly as the engine scores it.  Each distinct set of placed tiles appears once (a
    blank standing for E and a real E are different plays).  ``graph`` overrides the word graph
    (``wordgraph.prefix_root(lexicon)`` forces the protocol-only search).  The compiled search
    (``native``) answers when it is built, switched on and handles the input; else the Python one."""
    root = _graph(lexicon, graph)
    plays = native.placements(board, rack, root, tile_set, Play)
    return plays if plays is not None else python_placements(board, rack, root, tile_set)


def python_placements(board: list[str], rack: Sequence[str], root: dict, tile_set: TileSet) -> list[Play]:
    """``placements`` by the pure-Python search over the word graph ``root``: the reference the compiled
    search is held to (same plays, same order, same scores)."""
    found = _Search(board, rack, root).run()
    plays = []
    for tiles, across, leave in found:
        scored = score_play(board, tiles, across, tile_set)
        main = scored.words[0]
        plays.append(Play(
            "place", tiles=tuple(tiles), across=across, score=scored.score,
            words=tuple(w.plain for w in scored.words), bingo=scored.bingo,
            leave=leave, row=main.row, col=main.col,
        ))
    return plays


def exchanges(rack: Sequence[str], *, max_tiles: int = RACK_SIZE) -> list[Play]:
    """Every distinct exchange of 1 to ``max_tiles`` tiles from ``rack`` (equal tiles are one choice)."""
    counts = sorted(Counter(rack).items())
    plays: list[Play] = []

    def choose(i: int, given: str, kept: str) -> None:
        # Tiles are taken in sorted order, so ``kept`` is the sorted leave (what ``leave_after`` gives).
        if i == len(counts):
            if given and len(given) <= max_tiles:
                plays.append(Play("exchange", exchange=given, leave=kept))
            return
        tile, n = counts[i]
        for k in range(n + 1):
            choose(i + 1, given + tile * k, kept + tile * (n - k))

    choose(0, "", "")
    return plays


def can_exchange(bag_count: int, min_bag_for_exchange: int) -> int:
    """How many tiles an exchange may give back with ``bag_count`` tiles in the bag (0: none)."""
    return min(RACK_SIZE, bag_count) if bag_count >= min_bag_for_exchange else 0


def all_plays(board: list[str], rack: Sequence[str], lexicon: Lexicon, tile_set: TileSet, *,
              bag_count: int, min_bag_for_exchange: int = 7, graph: dict | None = None) -> list[Play]:
    """Every placement, every exchange the bag allows, and the pass."""
    plays = placements(board, rack, lexicon, tile_set, graph=graph)
    limit = can_exchange(bag_count, min_bag_for_exchange)
    if limit:
        plays += exchanges(rack, max_tiles=limit)
    plays.append(Play("pass", leave="".join(sorted(rack))))
    return plays


def generate(board: list[str], rack: list[str], lexicon: Lexicon, rng: random.Random,
             max_moves: int = 300, budget: int = 40_000) -> list[list[Tile]]:
    """Up to ``max_moves`` legal placements (unscored), searched from anchors in an order drawn from
    ``rng`` and within a node budget: cheap candidates for random play and self-play."""
    if not rack:
        return []
    found = sorted(tiles for tiles, _, _ in _Search(board, rack, _graph(lexicon, None), budget=budget).run(rng))
    # A canonical order, so which placements random play sees does not depend on the search's own order.
    return rng.sample(found, max_moves) if len(found) > max_moves else found
