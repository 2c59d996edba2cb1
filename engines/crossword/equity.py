"""Equity: what a Crossword play is worth beyond its score, and the short end-game search.

Static equity = score + value of the tiles kept (the leave) + simple board and end-game terms:

* the leave value: a model over the leave's features (``leave_features``: tiles, extra copies,
  vowel balance per leave size, Q without U, common pairs and triples) learned by our own self-play
  (``bench/leaves_fit.py`` writes ``data/leaves_<tile set>.json``; a tile set without a table gets
  zero leave values);
* opening a triple-word square (a newly placed tile within three squares of an empty one, in line
  with nothing between) costs a little;
* with the bag empty: going out gains twice the tiles the others hold (rule 18, for two players),
  otherwise the tiles kept count against the mover (the rack penalty);
* holding the Q (without a U) late in the game costs extra.

``endgame_values`` decides the last moves once the bag is empty in a two-player game: both racks
are known (the opponent holds exactly the unseen tiles), so a 2-ply search over the top candidates
(my play, every strong reply, then my best next play as a static leaf) replaces the static guess.
``EndgameSearch`` is that search; the master's pre-end-game (``simulation``) searches with it too.

Pure: works on boards, racks and the Play objects of ``movegen``; no Django, no clock, no randomness.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base import Lexicon
from . import board as boardmod
from .movegen import Play, placements
from .tiles import BLANK, TileSet

DATA = Path(__file__).with_name("data")

TW_OPEN_PENALTY = 2.5  # per triple-word square a play newly brings within reach
TW_REACH = 3
Q_LATE_PENALTY = 8.0  # holding Q without U when the bag is nearly empty
Q_LATE_BAG = 10
ENDGAME_WIDTH = 8  # my candidates searched once the bag is empty
REPLY_WIDTH = 8  # the opponent's replies searched for each

_TW_SQUARES = tuple((r, c) for r in range(boardmod.SIZE) for c in range(boardmod.SIZE)
                    if boardmod.LAYOUT[r][c] == "T")
_TW_LINES = frozenset(r for r, _ in _TW_SQUARES)  # rows (and, the layout being symmetric, columns)


VOWELS = frozenset("AEIOU")

# The feature kinds of a leave model and, per kind, the key of one feature (see ``LeaveTable``).
LEAVE_KINDS = ("letters", "duplicates", "triplicates", "balance", "special", "pairs", "triples")


def leave_features(leave: str) -> list[tuple[str, str, float]]:
    """The features of a leave as ``(kind, key, amount)``; a model's value is the sum over them of
    ``amount`` times the model's weight for ``(kind, key)`` (a missing weight counts 0).

    * ``letters``: each tile kept (``?`` a blank), amount = its copies;
    * ``duplicates`` / ``triplicates``: copies of a tile beyond the first / beyond the second;
    * ``balance``: one feature per leave size and vowel count (A E I O U; a blank is neither), key
      ``"size/vowels"``;
    * ``special``: ``Q-no-U`` (a Q kept without a U);
    * ``pairs`` / ``triples``: two / three different tiles all kept, key in sorted order (``?`` first).
    """
    if not leave:
        return []
    counts: dict[str, int] = {}
    for tile in leave:
        counts[tile] = counts.get(tile, 0) + 1
    out: list[tuple[str, str, float]] = []
    for tile, n in counts.items():
        out.append(("letters", tile, float(n)))
        if n > 1:
            out.append(("duplicates", tile, float(n - 1)))
            if n > 2:
                out.append(("triplicates", tile, float(n - 2)))
    vowels = sum(n for tile, n in counts.items() if tile in VOWELS)
    out.append(("balance", f"{len(leave)}/{vowels}", 1.0))
    if "Q" in counts and "U" not in counts:
        out.append(("special", "Q-no-U", 1.0))
    distinct = sorted(counts)
    k = len(distinct)
    for i in range(k):
        for j in range(i + 1, k):
            out.append(("pairs", distinct[i] + distinct[j], 1.0))
            for m in range(j + 1, k):
                out.append(("triples", distinct[i] + distinct[j] + distinct[m], 1.0))
    return out


@dataclass(frozen=True)
class LeaveTable:
    """A leave model: the value, in points, of keeping some rack tiles for the next turns, compared
    with keeping none (the empty leave is worth 0).

    One weight per feature of ``leave_features`` (per kind: ``letters``, ``duplicates``,
    ``triplicates``, ``balance``, ``special``, ``pairs``, ``triples``, each a mapping from the
    feature's key); a feature the table does not list weighs 0, so an empty table values every leave
    at 0.  ``value`` depends only on the multiset of tiles, never on their order, and is memoised per
    leave string (move generation values the same few leaves many times).
    """

    letters: Mapping[str, float] = field(default_factory=dict)
    duplicates: Mapping[str, float] = field(default_factory=dict)
    pairs: Mapping[str, float] = field(default_factory=dict)
    triplicates: Mapping[str, float] = field(default_factory=dict)
    balance: Mapping[str, float] = field(default_factory=dict)
    special: Mapping[str, float] = field(default_factory=dict)
    triples: Mapping[str, float] = field(default_factory=dict)
    _memo: dict[str, float] = field(default_factory=dict, compare=False, repr=False)

    def value(self, leave: str) -> float:
        """The value of keeping ``leave`` (rack tiles, any order) for the next turns."""
        held = self._memo.get(leave)
        if held is not None:
            return held
        key = "".join(sorted(leave))
        total = self._memo.get(key)
        if total is None:
            total = 0.0
            for kind, name, amount in leave_features(key):
                weight = getattr(self, kind).get(name)
                if weight:
                    total += weight * amount
            self._memo[key] = total
        self._memo[leave] = total
        return total

    def to_json(self) -> dict[str, dict[str, float]]:
        return {kind: dict(getattr(self, kind)) for kind in LEAVE_KINDS}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LeaveTable:
        return cls(**{kind: dict(data.get(kind, {})) for kind in LEAVE_KINDS})


_TABLES: dict[str, LeaveTable] = {}


def leave_table(tile_set_code: str) -> LeaveTable:
    """The fitted table of a tile set (read once), or an all-zero table when none was fitted."""
    table = _TABLES.get(tile_set_code)
    if table is None:
        path = DATA / f"leaves_{tile_set_code}.json"
        table = LeaveTable.from_json(json.loads(path.read_text("utf-8"))) if path.is_file() else LeaveTable()
        _TABLES[tile_set_code] = table
    return table


@dataclass(frozen=True)
class Situation:
    """What the player to move knows: the board, their rack, the unseen tiles (the bag and the other
    racks together, as ``view["unseen"]`` gives them) and how many of those are in the bag."""

    board: list[str]
    rack: str
    tile_set: TileSet
    bag_count: int
    unseen: str
    seats: int = 2
    min_bag_for_exchange: int = 7

    @property
    def endgame(self) -> bool:
        """The bag is empty and there is one opponent, whose rack is then exactly the unseen tiles."""
        return self.bag_count == 0 and self.seats == 2


def rack_value(tiles: Iterable[str], tile_set: TileSet) -> int:
    return sum(tile_set.value(t) for t in tiles)


def _hot_tw(board: list[str], new: Mapping[tuple[int, int], str] | None = None) -> set[tuple[int, int]]:
    """Empty triple-word squares with a tile within ``TW_REACH`` squares in line, nothing between."""
    new = new or {}
    hot = set()
    for r, c in _TW_SQUARES:
        if board[r][c] != boardmod.EMPTY or (r, c) in new:
            continue
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            rr, cc = r + dr, c + dc
            for _ in range(TW_REACH):
                if not boardmod.on_board(rr, cc):
                    break
                if (rr, cc) in new or board[rr][cc] != boardmod.EMPTY:
                    hot.add((r, c))
                    break
                rr, cc = rr + dr, cc + dc
            if (r, c) in hot:
                break
    return hot


class Evaluator:
    """Static equity of plays in one situation (the per-situation work is done once)."""

    def __init__(self, situation: Situation, table: LeaveTable | None = None) -> None:
        self.situation = situation
        self.table = table if table is not None else leave_table(situation.tile_set.code)
        self.hot_before = _hot_tw(situation.board)
        self.unseen_value = rack_value(situation.unseen, situation.tile_set)

    def board_term(self, play: Play) -> float:
        if play.kind != "place":
            return 0.0
        near = False
        for t in play.tiles:  # only a tile in a row or column of triple-word squares can open one
            if t.row in _TW_LINES or t.col in _TW_LINES:
                near = True
                break
        if not near:
            return 0.0
        new = {(t.row, t.col): t.letter for t in play.tiles}
        opened = _hot_tw(self.situation.board, new) - self.hot_before
        return -TW_OPEN_PENALTY * len(opened)

    def leave_term(self, play: Play) -> float:
        s = self.situation
        if s.bag_count == 0:
            if play.kind == "place" and not play.leave:
                # Going out: the others lose their racks and the mover gains them (rule 18).
                return self.unseen_value * (2 if s.seats == 2 else 1)
            return -2.0 * rack_value(play.leave, s.tile_set)
        value = self.table.value(play.leave)
        if s.bag_count <= Q_LATE_BAG and "Q" in play.leave and "U" not in play.leave and BLANK not in play.leave:
            value -= Q_LATE_PENALTY
        return value

    def equity(self, play: Play) -> float:
        return play.score + self.leave_term(play) + self.board_term(play)

    def ranked(self, plays: Sequence[Play]) -> list[tuple[float, Play]]:
        """(equity, play) best first; ties keep the given order, so the ranking is reproducible."""
        scored = [(self.equity(p), i, p) for i, p in enumerate(plays)]
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [(e, p) for e, _, p in scored]

    def top(self, plays: Sequence[Play], k: int) -> list[tuple[float, Play]]:
        """``ranked(plays)[:k]``, found without the board term of most plays: that term is never
        positive, so once score + leave falls below the k-th best equity no later play can enter."""
        if k <= 0:
            return []
        leave_term = self.leave_term
        bounds = [(p.score + leave_term(p), i) for i, p in enumerate(plays)]
        bounds.sort(key=lambda item: (-item[0], item[1]))
        found: list[tuple[float, int]] = []
        kth = float("-inf")
        for bound, i in bounds:
            if len(found) >= k and bound < kth:
                break
            found.append((bound + self.board_term(plays[i]), i))
            if len(found) >= k:
                found.sort(key=lambda item: (-item[0], item[1]))
                del found[k:]
                kth = found[-1][0]
        found.sort(key=lambda item: (-item[0], item[1]))
        return [(e, plays[i]) for e, i in found[:k]]

    def best(self, plays: Sequence[Play]) -> tuple[float, Play]:
        """``top(plays, 1)[0]`` without a sort, for searches that ask it thousands of times: the leave
        term is worked out once per leave, and the board term only for plays whose score + leave
        reaches the best equity found (the term is never positive)."""
        leave_term = self.leave_term
        terms: tuple[dict[str, float], dict[str, float]] = ({}, {})  # by leave: placements, the rest
        bounds = []
        top = float("-inf")
        for p in plays:
            held = terms[p.kind != "place"]
            term = held.get(p.leave)
            if term is None:
                term = held[p.leave] = leave_term(p)
            bound = p.score + term
            bounds.append(bound)
            if bound > top:
                top = bound
        best_i = bounds.index(top)
        best_equity = top + self.board_term(plays[best_i])
        for i, bound in enumerate(bounds):
            if bound < best_equity or i == best_i:
                continue
            equity = bound + self.board_term(plays[i])
            if equity > best_equity or (equity == best_equity and i < best_i):  # ties: the first, as in top
                best_equity, best_i = equity, i
        return best_equity, plays[best_i]


# -- the end-game search ------------------------------------------------------------------------------


def board_after(board: list[str], play: Play) -> list[str]:
    """The board once ``play`` stands on it (an exchange or the pass leaves it as it was)."""
    return boardmod.place(board, [(t.row, t.col, t.board_char) for t in play.tiles])


class EndgameSearch:
    """Negamax over plays when both racks are known (the bag is empty): the mover holds ``rack``,
    the opponent ``other``; values are points the mover gains over the opponent, end-of-game rack
    adjustments included.  The replies searched are the ``reply_width`` strongest placements by
    static end-game equity, plus the pass; ``best_static`` is the leaf."""

    def __init__(self, lexicon: Lexicon, tile_set: TileSet, width: int, reply_width: int) -> None:
        self.lexicon = lexicon
        self.tile_set = tile_set
        self.width = width
        self.reply_width = reply_width

    def value(self, tiles: str) -> int:
        return rack_value(tiles, self.tile_set)

    def candidates(self, board: list[str], rack: str, other: str, width: int) -> list[Play]:
        """The mover's strongest placements by static end-game equity, plus the pass."""
        plays = placements(board, list(rack), self.lexicon, self.tile_set)
        other_value = self.value(other)

        def static(p: Play) -> float:
            return p.score + (2 * other_value if not p.leave else -self.value(p.leave))

        plays.sort(key=lambda p: -static(p))
        return plays[:width] + [Play("pass", leave="".join(sorted(rack)))]

    def best_static(self, board: list[str], rack: str, other: str) -> float:
        """The horizon: the mover's best single play, counting going out and the tiles kept."""
        plays = placements(board, list(rack), self.lexicon, self.tile_set)
        other_value = self.value(other)
        best = float(self.value(other) - self.value(rack))  # both stuck: each loses their own rack
        for p in plays:
            best = max(best, p.score + (2 * other_value if not p.leave else -self.value(p.leave)))
        return best

    def play_value(self, board: list[str], rack: str, other: str, play: Play, depth: int, passed: bool) -> float:
        """Points the mover gains over the opponent from ``play`` onwards (negamax)."""
        if play.kind == "pass":
            if passed:  # two passes in a row: treat as the end, each keeps their rack's penalty
                return float(self.value(other) - self.value(rack))
            if depth == 0:
                return float(-self.best_static(board, other, rack))
            return -self.best_reply(board, other, rack, depth - 1, passed=True)
        if not play.leave:
            return play.score + 2.0 * self.value(other)
        after = board_after(board, play)
        if depth == 0:
            return play.score - self.best_static(after, other, play.leave)
        return play.score - self.best_reply(after, other, play.leave, depth - 1, passed=False)

    def best_reply(self, board: list[str], rack: str, other: str, depth: int, passed: bool) -> float:
        best = float("-inf")
        for reply in self.candidates(board, rack, other, self.reply_width):
            best = max(best, self.play_value(board, rack, other, reply, depth, passed))
        return best


def endgame_values(situation: Situation, plays: Sequence[Play], lexicon: Lexicon, *,
                   width: int = ENDGAME_WIDTH, reply_width: int = REPLY_WIDTH) -> list[tuple[float, Play]]:
    """With the bag empty and one opponent: the ``width`` best placements by static equity plus the
    pass, each valued by a 2-ply search (the opponent's best reply among its ``reply_width`` strongest,
    then the mover's best single play), best first.  The value is the points gained over the opponent
    from this turn on, end-of-game rack adjustments included."""
    if not situation.endgame:
        raise ValueError("the end-game search needs an empty bag and exactly one opponent")
    search = EndgameSearch(lexicon, situation.tile_set, width, reply_width)
    opponent = situation.unseen
    evaluator = Evaluator(situation)
    placed = [p for p in plays if p.kind == "place"]
    top = [p for _, p in evaluator.top(placed, width)]
    top += [p for p in plays if p.kind == "pass"][:1]
    valued = [(search.play_value(situation.board, situation.rack, opponent, p, 1, False), i, p)
              for i, p in enumerate(top)]
    valued.sort(key=lambda item: (-item[0], item[1]))
    return [(v, p) for v, _, p in valued]
