"""Simulation: the Crossword master's look-ahead over the tiles it cannot see.

Static equity (``equity.Evaluator``) guesses what a play is worth; the master plays its best candidates
out against the racks the opponent may hold and keeps the one that does best.  Two player games only
(the opponent's rack is then the unseen tiles the bag does not hold).

* ``simulate`` (while the bag holds more than ``PRE_ENDGAME_BAG`` tiles): the ``width`` best plays by
  static equity, at most ``OTHER_WIDTH`` of them exchanges or the pass, are played out in iterations.
  An iteration draws one opponent rack and one bag order from the unseen tiles and plays every
  candidate still in the race against that same draw (common random numbers: the differences between
  candidates are then not noise of the draw).  A candidate's value in an iteration is its score,
  minus the static equity of the opponent's best reply, plus the static equity of our best play after
  that, from our rack refilled from the drawn bag (``Playout``): two plies and a static leaf; the
  opponent's leave counts in the equity of its reply, ours in the equity of our next play.  From
  ``min_iterations`` on, a candidate that trails the leader with confidence (the mean of its paired
  differences to the leader ``STOP_Z`` standard errors above zero) drops out; the simulation ends
  when one candidate is left, after ``iterations``, or once ``max_seconds`` have passed (checked
  between iterations).
* ``pre_endgame_values`` (1 or ``PRE_ENDGAME_BAG`` tiles in the bag): no sampling.  Every order the
  bag can hold (``bag_orders``) is weighed by the number of ways the unseen tiles make it, the
  opponent holding the rest.  A candidate that empties the bag leaves an end-game with both racks
  known, searched as ``equity.EndgameSearch`` does (the opponent's best reply, then a leaf); otherwise
  the opponent makes its best static reply, then the leaf.  The leaf is our best single play less the
  opponent's (``_FairHorizon``), so a line the search cuts before the opponent's last play does not
  look better than one that ends.  Value: the average spread.

Knows only what a ``Situation`` holds (one seat's view): never the opponent's rack nor the bag order.
Pure: no Django, randomness from the caller's rng; the clock only for the optional time cap (``clock``,
injectable), so with ``max_seconds=None`` a simulation follows from the rng alone.  The clock is the
calling thread's CPU time: the cap bounds the work of a move, and a busy machine makes a move slower
but not weaker.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..base import Lexicon
from .equity import EndgameSearch, Evaluator, Situation, board_after
from .movegen import RACK_SIZE, Play, can_exchange, exchanges, placements

WIDTH = 12  # candidates simulated
OTHER_WIDTH = 2  # of which at most this many exchanges or the pass
ITERATIONS = 120
MIN_ITERATIONS = 16  # before any candidate may drop out
STOP_Z = 2.33  # about 99 % one-sided: a candidate this many standard errors behind the leader drops
MAX_SECONDS = 10.0  # a safety cap; the iteration budget ends a simulation first on ordinary positions

PRE_ENDGAME_BAG = 2  # up to this many tiles in the bag, enumerate the bag instead of sampling it
PRE_ENDGAME_WIDTH = 10
PRE_ENDGAME_REPLY_WIDTH = 5  # the opponent's replies searched when our play empties the bag

Clock = Callable[[], float]


class Playout:
    """Plays and draws on one board for a two-player game, both racks known (an iteration's guess)."""

    def __init__(self, situation: Situation, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.tile_set = situation.tile_set
        self.min_bag_for_exchange = situation.min_bag_for_exchange
        self._others: dict[tuple[str, int], list[Play]] = {}

    def plays(self, board: list[str], rack: str, bag_count: int) -> list[Play]:
        """What ``movegen.all_plays`` gives, with the exchanges and the pass of each rack built once
        (racks recur in a simulation)."""
        key = ("".join(sorted(rack)), can_exchange(bag_count, self.min_bag_for_exchange))
        others = self._others.get(key)
        if others is None:
            others = self._others[key] = (exchanges(key[0], max_tiles=key[1]) if key[1] else []) + [
                Play("pass", leave=key[0])]
        return placements(board, list(rack), self.lexicon, self.tile_set) + others

    def best(self, board: list[str], rack: str, other: str, bag: Sequence[str]) -> tuple[float, Play]:
        """The best static (equity, play) of the player holding ``rack``; ``other`` is the opponent's
        rack, which counts only once the bag is empty (going out, tiles kept)."""
        situation = Situation(board=board, rack=rack, tile_set=self.tile_set, bag_count=len(bag),
                              unseen=other + "".join(bag), seats=2,
                              min_bag_for_exchange=self.min_bag_for_exchange)
        return Evaluator(situation).best(self.plays(board, rack, len(bag)))

    @staticmethod
    def apply(board: list[str], play: Play, bag: Sequence[str]) -> tuple[list[str], str, list[str]]:
        """(board, the mover's rack, bag) after ``play`` and its draw from the front of ``bag``.
        Exchanged tiles go to the back of the bag: within an iteration's few plies they come back
        only when the bag runs out, as a shuffled-in tile rarely would."""
        if play.kind == "place":
            drawn = min(len(play.tiles), len(bag))
            return board_after(board, play), play.leave + "".join(bag[:drawn]), list(bag[drawn:])
        if play.kind == "exchange":
            drawn = len(play.exchange)
            return board, play.leave + "".join(bag[:drawn]), list(bag[drawn:]) + list(play.exchange)
        return board, play.leave, list(bag)

    def value(self, board: list[str], play: Play, opponent: str, bag: Sequence[str]) -> float:
        """Our ``play`` against the opponent's ``opponent`` rack and the bag in draw order: its score,
        minus the equity of the opponent's best reply, plus the equity of our best play after it."""
        board, ours, bag = self.apply(board, play, bag)
        reply_equity, reply = self.best(board, opponent, ours, bag)
        board, theirs, bag = self.apply(board, reply, bag)
        if reply.kind == "place" and not theirs:  # the opponent went out: the game is over
            return play.score - reply_equity
        return play.score - reply_equity + self.best(board, ours, theirs, bag)[0]


@dataclass
class Candidate:
    """A play in the simulation: its static equity and its value in each iteration it took part in.
    Candidates still in the race have a value for every iteration so far."""

    play: Play
    static: float
    values: list[float] = field(default_factory=list)
    dropped_after: int | None = None  # iterations played when it dropped out

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else self.static


@dataclass
class Simulation:
    """The outcome of ``simulate``: every candidate in static order and the iterations played."""

    candidates: list[Candidate]
    iterations: int

    @property
    def ranked(self) -> list[Candidate]:
        """Best first: those still in the race by mean value, then the dropped, latest drop first."""
        alive = [c for c in self.candidates if c.dropped_after is None]
        dropped = [c for c in self.candidates if c.dropped_after is not None]
        alive.sort(key=lambda c: -c.mean)  # stable: equal means keep the static order
        dropped.sort(key=lambda c: -(c.dropped_after or 0))
        return alive + dropped

    @property
    def best(self) -> Play:
        return self.ranked[0].play


def candidates_of(situation: Situation, plays: Sequence[Play], width: int) -> list[Candidate]:
    """The ``width`` best plays by static equity, keeping at most ``OTHER_WIDTH`` exchanges and passes
    (several exchanges of near-equal leaves would crowd out placements)."""
    chosen: list[Candidate] = []
    others = 0
    for equity, play in Evaluator(situation).top(plays, width):
        if play.kind != "place":
            if others >= OTHER_WIDTH:
                continue
            others += 1
        chosen.append(Candidate(play, equity))
    return chosen


def opponent_rack_size(situation: Situation) -> int:
    """How many tiles the opponent holds: the unseen tiles are the bag and that rack together."""
    size = len(situation.unseen) - situation.bag_count
    if situation.seats != 2 or not 0 <= size <= RACK_SIZE:
        raise ValueError("simulation needs a two-player view whose unseen tiles hold the bag and one rack")
    return size


def _trails(leader: Candidate, other: Candidate) -> bool:
    """Whether ``other`` is behind ``leader`` with confidence, on their paired values."""
    diffs = [a - b for a, b in zip(leader.values, other.values, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= 0:
        return False
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > STOP_Z * math.sqrt(variance / n)


def simulate(situation: Situation, plays: Sequence[Play], lexicon: Lexicon, rng: random.Random, *,
             width: int = WIDTH, iterations: int = ITERATIONS, min_iterations: int = MIN_ITERATIONS,
             max_seconds: float | None = MAX_SECONDS, clock: Clock = time.thread_time) -> Simulation:
    """Simulate the best candidates of ``plays`` (see the module docstring); ``iterations`` caps the
    iterations, ``max_seconds`` (None: no cap) the time, read from ``clock``."""
    opponent_size = opponent_rack_size(situation)
    candidates = candidates_of(situation, plays, width)
    playout = Playout(situation, lexicon)
    deadline = None if max_seconds is None else clock() + max_seconds
    alive = list(candidates)
    done = 0
    while done < iterations and len(alive) > 1:
        if deadline is not None and done and clock() >= deadline:
            break
        tiles = list(situation.unseen)
        rng.shuffle(tiles)
        opponent, bag = "".join(sorted(tiles[:opponent_size])), tiles[opponent_size:]
        for candidate in alive:
            candidate.values.append(playout.value(situation.board, candidate.play, opponent, bag))
        done += 1
        if done >= max(min_iterations, 2):
            leader = max(alive, key=lambda c: c.mean)
            for candidate in alive:
                if candidate is not leader and _trails(leader, candidate):
                    candidate.dropped_after = done
            alive = [c for c in alive if c.dropped_after is None]
    return Simulation(candidates, done)


# -- the pre-end-game ---------------------------------------------------------------------------------


def bag_orders(unseen: str, count: int) -> list[tuple[str, int]]:
    """Every distinct sequence of ``count`` unseen tiles the bag may hold (in draw order), with the
    number of ways the unseen tiles make it (equal letters are different tiles).  The weights add up
    to n! / (n - count)! for n unseen tiles."""
    left = Counter(unseen)
    found: list[tuple[str, int]] = []

    def extend(prefix: str, ways: int) -> None:
        if len(prefix) == count:
            found.append((prefix, ways))
            return
        for tile in sorted(left):
            copies = left[tile]
            if copies:
                left[tile] = copies - 1
                extend(prefix + tile, ways * copies)
                left[tile] = copies
    extend("", 1)
    return found


def _without(tiles: str, taken: str) -> str:
    rest = Counter(tiles)
    rest.subtract(taken)
    return "".join(sorted(rest.elements()))


class _FairHorizon(EndgameSearch):
    """``EndgameSearch`` whose leaf counts the turn it cuts off.  A single play that does not go out
    leaves the opponent a move, so the leaf is the mover's best single play minus the opponent's best
    single play on the same board.  With the mover's play alone, a line in which the opponent goes out
    within the search would look worse than one where its last play lies beyond the search (the
    pre-end-game compares such lines: a play that empties the bag against a pass or a one-tile play)."""

    def single(self, board: list[str], rack: str, other: str) -> tuple[float | None, bool]:
        """The mover's best single play (None: no placement) and whether it goes out."""
        best: float | None = None
        out = False
        other_value = self.value(other)
        for p in placements(board, list(rack), self.lexicon, self.tile_set):
            value = p.score + (2.0 * other_value if not p.leave else -float(self.value(p.leave)))
            if best is None or value > best:
                best, out = value, not p.leave
        return best, out

    def best_static(self, board: list[str], rack: str, other: str) -> float:
        mine, out = self.single(board, rack, other)
        if mine is not None and out:
            return mine
        theirs, _ = self.single(board, other, rack)
        if mine is None and theirs is None:  # both stuck: each loses their own rack
            return float(self.value(other) - self.value(rack))
        return (mine or 0.0) - (theirs or 0.0)


class _PreEndgame:
    """The value of one candidate for one bag order, the opponent holding the other unseen tiles."""

    def __init__(self, situation: Situation, lexicon: Lexicon, reply_width: int) -> None:
        self.situation = situation
        self.playout = Playout(situation, lexicon)
        self.search = _FairHorizon(lexicon, situation.tile_set, reply_width, reply_width)

    def value(self, play: Play, order: str) -> float:
        s = self.situation
        opponent = _without(s.unseen, order)
        board, ours, bag = self.playout.apply(s.board, play, order)
        if not bag:  # an end-game with both racks known, the opponent to move
            return play.score - self.search.best_reply(board, opponent, ours, 0, passed=False)
        _, reply = self.playout.best(board, opponent, ours, bag)
        board, theirs, bag = self.playout.apply(board, reply, bag)
        if not bag:
            return play.score - reply.score + self.search.best_static(board, ours, theirs)
        # Still tiles in the bag (the opponent passed or fished): the same fair leaf, by static equity.
        after = self.playout.best(board, ours, theirs, bag)[0] - self.playout.best(board, theirs, ours, bag)[0]
        return play.score - reply.score + after


def pre_endgame_values(situation: Situation, plays: Sequence[Play], lexicon: Lexicon, *,
                       width: int = PRE_ENDGAME_WIDTH, reply_width: int = PRE_ENDGAME_REPLY_WIDTH,
                       max_seconds: float | None = MAX_SECONDS,
                       clock: Clock = time.thread_time) -> list[tuple[float, Play]]:
    """With 1 to ``PRE_ENDGAME_BAG`` tiles in the bag: the ``width`` best placements by static equity
    plus the pass, each valued by its average spread over every bag order (see the module docstring),
    best first.  Candidates are valued best static first; once ``max_seconds`` have passed, the one
    being valued and the rest are left out (an average over some bags only would not compare).  When
    not even the first could be valued, the answer is the best static play, valued at its equity."""
    if not 1 <= situation.bag_count <= PRE_ENDGAME_BAG:
        raise ValueError(f"the pre-end-game needs 1 to {PRE_ENDGAME_BAG} tiles in the bag")
    opponent_rack_size(situation)
    orders = bag_orders(situation.unseen, situation.bag_count)
    total = sum(ways for _, ways in orders)
    placed = [p for p in plays if p.kind == "place"]
    top = [p for _, p in Evaluator(situation).top(placed, width)] + [p for p in plays if p.kind == "pass"][:1]
    outcome = _PreEndgame(situation, lexicon, reply_width)
    deadline = None if max_seconds is None else clock() + max_seconds
    valued: list[tuple[float, int, Play]] = []
    for i, play in enumerate(top):
        spread = _spread_over_bags(outcome, play, orders, deadline, clock)
        if spread is None:
            break
        valued.append((spread / total, i, play))
    if not valued:
        return Evaluator(situation).top(top, 1)
    valued.sort(key=lambda item: (-item[0], item[1]))
    return [(v, p) for v, _, p in valued]


def _spread_over_bags(outcome: _PreEndgame, play: Play, orders: list[tuple[str, int]], deadline: float | None,
                    clock: Clock) -> float | None:
    """The spread of ``play`` summed over ``orders``, each counted as often as its ways; None once
    ``deadline`` has passed."""
    used = len(play.tiles)
    memo: dict[tuple[str, str], float] = {}
    spread = 0.0
    for order, ways in orders:
        # The tiles we draw (in any order) and the bag left after them (in order) decide the outcome.
        key = ("".join(sorted(order[:used])), order[used:])
        if key not in memo:
            if deadline is not None and clock() >= deadline:
                return None
            memo[key] = outcome.value(play, order)
        spread += ways * memo[key]
    return spread
