"""Crossword bots: a move chosen from what one seat may see (``engine.view(state, seat)``).

Levels:

* ``beginner``: plays only common words (every word the play forms must pass the injected
  ``common_word`` predicate): a random pick among the ``BEGINNER_CHOICES`` (per tile set)
  highest-scoring such placements; exchanges when it finds none.
* ``casual``: any word of the lexicon, but not always the best: a random pick among the
  ``CASUAL_CHOICES`` highest-scoring placements.
* ``club``: the highest-scoring placement (a random one among equals); when it has none it
  exchanges its worst tiles, or passes.
* ``expert``: the best static equity (``equity.Evaluator``: score, leave, board and end-game terms),
  which exchanges when the leave is bad; with the bag empty against one opponent, the 2-ply
  end-game search decides.
* ``master``: looks ahead over the tiles it cannot see (``simulation``): with more than two tiles in
  the bag it simulates its best candidates by static equity against sampled opponent racks and bag
  orders (the opponent's best reply, then its own best play), dropping clear losers early; with one or
  two tiles in the bag it goes through every bag the unseen tiles allow instead; with the bag empty
  the expert's end-game search decides.  With more than one opponent, or with no placement to make,
  it plays as the expert.  The slowest level: seconds of CPU a move, the look-ahead stopping at
  ``simulation.MAX_SECONDS``.

The levels form a ladder, each meant to win about 70–90 % of its games against the one below
(``bench/bot_strength.py --ladder`` measures it and writes ``data/ladder.json``, which the site shows).

Every level challenges a play that formed a word outside the lexicon (in games with challenges) and
otherwise accepts.  The bot reads only the view: the board, its own rack, the unseen tiles and their
count, never another rack or the bag order.  Pure: randomness comes from the caller's ``rng``; only
the master reads a clock (its thread's CPU time), for its time cap.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..base import Lexicon
from .equity import Evaluator, Situation, endgame_values, leave_table
from .movegen import Play, all_plays
from .simulation import PRE_ENDGAME_BAG, pre_endgame_values, simulate
from .tiles import TILE_SETS

# How many of its highest-scoring placements (common words only, for the beginner) a level picks from
# at random: the widths that put each level about 80 % below the next one.  Common words are more of
# the Dutch list than of the English one, so the Dutch beginner needs the wider pick.
BEGINNER_CHOICES = {"en": 1, "nl": 2}
CASUAL_CHOICES = 5


def situation_of(view: Mapping[str, Any]) -> Situation:
    """The evaluation context of a Crossword view (a seat's own view: it has a rack)."""
    return Situation(
        board=list(view["board"]), rack="".join(view["rack"]), tile_set=TILE_SETS[view["tile_set"]],
        bag_count=view["bag_count"], unseen=view["unseen"], seats=view["seats"],
        min_bag_for_exchange=view["min_bag_for_exchange"],
    )


def _challenge_or_accept(view: Mapping[str, Any], lexicon: Lexicon) -> dict[str, Any] | None:
    """Challenge a challengeable play with a word outside the lexicon; in the ending phase, accept
    otherwise.  None: nothing to decide about the last play."""
    pending = view["challengeable"]
    if pending is not None and view["can_challenge"] and view["challenge"] != "void":
        if any(not lexicon.contains(w) for w in pending["words"]):
            return {"type": "challenge"}
    if view["phase"] == "ending":
        return {"type": "pass"}
    return None


def choose(view: Mapping[str, Any], lexicon: Lexicon, level: str, rng: random.Random, *,
           common_word: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """The move payload the bot of ``level`` plays from ``view``."""
    decided = _challenge_or_accept(view, lexicon)
    if decided is not None:
        return decided
    situation = situation_of(view)
    plays = all_plays(situation.board, list(situation.rack), lexicon, situation.tile_set,
                      bag_count=situation.bag_count, min_bag_for_exchange=situation.min_bag_for_exchange)
    if level == "beginner":
        if common_word is None:
            raise ValueError("the beginner bot needs a common_word predicate")
        return _beginner(plays, situation, rng, common_word).move()
    if level == "casual":
        return _casual(plays, situation, rng).move()
    if level == "club":
        return _club(plays, situation, rng).move()
    if level == "master":
        return best_by_simulation(plays, situation, lexicon, rng).move()
    return best_by_equity(plays, situation, lexicon).move()


def _fallback(plays: list[Play], situation: Situation) -> Play:
    """No placement wanted: the exchange keeping the best leave, else the pass."""
    table = leave_table(situation.tile_set.code)
    swaps = [p for p in plays if p.kind == "exchange"]
    if swaps:
        return max(swaps, key=lambda p: (table.value(p.leave), -len(p.exchange)))
    return next(p for p in plays if p.kind == "pass")


def _beginner(plays: list[Play], situation: Situation, rng: random.Random,
              common_word: Callable[[str], bool]) -> Play:
    usable = [p for p in plays if p.kind == "place" and all(common_word(w) for w in p.words)]
    choices = BEGINNER_CHOICES.get(situation.tile_set.code, 1)
    return _among_highest(usable, choices, rng) if usable else _fallback(plays, situation)


def _casual(plays: list[Play], situation: Situation, rng: random.Random) -> Play:
    placed = [p for p in plays if p.kind == "place"]
    return _among_highest(placed, CASUAL_CHOICES, rng) if placed else _fallback(plays, situation)


def _among_highest(placed: list[Play], choices: int, rng: random.Random) -> Play:
    return rng.choice(sorted(placed, key=lambda p: -p.score)[:choices])


def _highest(placed: list[Play], rng: random.Random) -> Play:
    top = max(p.score for p in placed)
    return rng.choice([p for p in placed if p.score == top])


def _club(plays: list[Play], situation: Situation, rng: random.Random) -> Play:
    placed = [p for p in plays if p.kind == "place"]
    return _highest(placed, rng) if placed else _fallback(plays, situation)


def best_by_equity(plays: list[Play], situation: Situation, lexicon: Lexicon) -> Play:
    """The expert's choice: the end-game search when it applies, else the best static equity."""
    if situation.endgame and any(p.kind == "place" for p in plays):
        return endgame_values(situation, plays, lexicon)[0][1]
    return Evaluator(situation).top(plays, 1)[0][1]


def best_by_simulation(plays: list[Play], situation: Situation, lexicon: Lexicon, rng: random.Random) -> Play:
    """The master's choice: the pre-end-game enumeration with one or two tiles in the bag, the
    simulation with more; the expert's choice where neither applies."""
    if situation.seats != 2 or situation.bag_count == 0 or not any(p.kind == "place" for p in plays):
        return best_by_equity(plays, situation, lexicon)
    if situation.bag_count <= PRE_ENDGAME_BAG:
        return pre_endgame_values(situation, plays, lexicon)[0][1]
    return simulate(situation, plays, lexicon, rng).best
