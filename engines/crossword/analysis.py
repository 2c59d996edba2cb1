"""Post-game analysis of Crossword games: for every turn, the best plays by equity and what the
played move gave up.

Two ways in, one way out:

* ``positions_from_game(seats, options, seed, moves, ctx)`` replays our engine's move log and
  records, before every decision, the board, the mover's rack as it was, the bag and the move;
* ``positions_from_gcg(text)`` reads a GCG record (ours, Quackle's or Woogles') strictly: bad
  coordinates, tiles not on the recorded rack, a word off the board, letters that do not fit the
  board or more tiles than the set holds are refused with ``GcgError`` naming the line and reason;
* ``analyse(positions, lexicon)`` ranks every play of every turn by static equity
  (``equity.Evaluator``) and returns JSON-ready per-turn reports and a per-player summary; given an
  rng (``simulate``), it values the best candidates of a two-player turn as the Master bot does
  (``simulation``): simulated with more than ``PRE_ENDGAME_BAG`` tiles in the bag, every bag gone
  through with one or two.

The analysis uses the racks as they were, so it must only run on a finished game.  It reports only
what it can stand behind:

* a turn whose rack the record does not give, or gives only in part (a GCG line that lists just the
  tiles played: fewer than seven while the bag still held tiles, or without the tiles the player
  kept from their last turn), is skipped and counted as skipped: ranking the plays of half a rack,
  against a bag guessed from it, would be a report about a position nobody faced;
* a play with a word the lexicon rejects (a phony) is marked ``phony``, gets no rank and is valued
  at nothing: it loses the whole equity and the whole score of the best legal play, and it never
  counts as a best play.  The legal plays are all the generator lists, so a phony's own static
  equity would rank it against plays that were never its equals.

The look-ahead knows what the mover knew (the board, their rack, the unseen tiles and how many of
them are in the bag), never the opponent's rack: it samples that rack from the unseen tiles as the bot
does.  Pure: no Django; randomness only from the caller's rng, and the clock (the thread's CPU time)
only for the look-ahead's time cap, so with ``simulate_seconds=None`` a report follows from the rng.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from ..base import Context, IllegalMove, Lexicon, State
from . import board as boardmod
from . import gcg, simulation
from .engine import ENGINE
from .equity import Evaluator, Situation
from .movegen import Play, all_plays, leave_after, placements
from .moves import RACK_SIZE, Tile, check_placement, parse_gcg_play, rack_tile
from .scoring import score_play
from .simulation import ITERATIONS, MAX_SECONDS, PRE_ENDGAME_BAG, PRE_ENDGAME_WIDTH
from .tiles import ALPHABET, BLANK, TILE_SETS, TileSet

BAD_GCG = "BAD_GCG"
DEFAULT_TOP = 5
EQUITY_DIGITS = 1

# How a turn's plays are valued ("method" of a turn; the report's own is "static" or "simulation").
STATIC = "static"
SIMULATION = "simulation"
PRE_ENDGAME = "pre_endgame"


class GcgError(ValueError):
    """A GCG record that cannot be analysed: ``line`` (1-based, None for the whole record) and ``reason``."""

    code = BAD_GCG

    def __init__(self, line: int | None, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason


class _RecordedTurn(TypedDict):
    """What every ``Position`` read from a GCG record holds, whatever the move."""

    turn: int
    seat: int
    player: str
    line: int
    board: tuple[str, ...]
    rack: str | None
    recorded: int
    seats: int
    tile_set: str
    min_bag_for_exchange: int
    unseen: str
    bag_count: int
    partial_rack: bool


@dataclass(frozen=True)
class Position:
    """One decision of a game, as the mover faced it.

    ``kind`` is "place", "exchange" or "pass"; ``tiles`` the placed tiles, ``exchanged`` the tiles
    given back ("" when only their count was recorded: ``exchanged_count``).  ``rack`` is None when
    the record does not give it; ``partial_rack`` is True when it gives only part of it (see
    ``positions_from_gcg``).  ``score`` is the play's score as our rules count it, ``recorded``
    the score a GCG record wrote for it.  ``withdrawn``: the play was challenged off.
    """

    turn: int
    seat: int
    player: str
    line: int | None
    board: tuple[str, ...]
    rack: str | None
    kind: str
    partial_rack: bool = False
    tiles: tuple[Tile, ...] = ()
    across: bool = True
    exchanged: str = ""
    exchanged_count: int = 0
    score: int = 0
    recorded: int | None = None
    withdrawn: bool = False
    bag_count: int = 0
    unseen: str = ""
    seats: int = 2
    tile_set: str = "en"
    min_bag_for_exchange: int = 7

    @property
    def words(self) -> tuple[str, ...]:
        """The words a placement forms (main word first)."""
        if self.kind != "place":
            return ()
        scored = score_play(list(self.board), list(self.tiles), self.across, TILE_SETS[self.tile_set])
        return tuple(w.plain for w in scored.words)

    def as_play(self) -> Play:
        """The played move as a ``movegen.Play`` (for equity and notation)."""
        rack = self.rack if self.rack is not None else ""
        if self.kind == "place":
            scored = score_play(list(self.board), list(self.tiles), self.across, TILE_SETS[self.tile_set])
            main = scored.words[0]
            return Play("place", tiles=self.tiles, across=self.across, score=scored.score,
                        words=tuple(w.plain for w in scored.words), bingo=scored.bingo,
                        leave=leave_after(rack, [rack_tile(t) for t in self.tiles]), row=main.row, col=main.col)
        if self.kind == "exchange":
            return Play("exchange", exchange=self.exchanged, leave=leave_after(rack, self.exchanged))
        return Play("pass", leave="".join(sorted(rack)))

    def notation(self) -> str:
        if self.kind == "exchange" and not self.exchanged:
            return f"-{self.exchanged_count}"
        return self.as_play().notation(list(self.board))


def _unseen(board: Sequence[str], rack: str, tile_set: TileSet) -> Counter:
    on_board = Counter(BLANK if ch.islower() else ch for line in board for ch in line if ch != boardmod.EMPTY)
    return Counter(tile_set.counts) - on_board - Counter(rack)


def _bag_estimate(unseen: int, seats: int) -> int:
    """Tiles in the bag when the others hold full racks (they do while the bag has tiles)."""
    return max(0, unseen - RACK_SIZE * (seats - 1))


# -- positions from our engine ---------------------------------------------------------------------


def positions_from_game(seats: int, options: Mapping[str, Any], seed: int,
                        moves: Iterable[tuple[int, Mapping[str, Any]]], ctx: Context) -> list[Position]:
    """Replay an engine game from its seed and its engine moves ``(seat, payload)`` (in log order,
    without the service's own entries such as resignations) and return its decisions.

    Challenges and the pass that accepts a last play are not decisions about tiles and are left out; a
    play taken back after a challenge is marked ``withdrawn``."""
    state: State = ENGINE.setup(seats, dict(options), seed)
    tile_set = TILE_SETS[state["options"]["tile_set"]]
    positions: list[Position] = []
    for seat, move in moves:
        before = state
        state = ENGINE.apply(state, seat, move, ctx)
        entry = state["log"][len(before["log"])]  # this move's entry (an "end" entry may follow it)
        kind = entry.get("type")
        if kind == "challenge" and entry.get("result") == "withdrawn":
            for i in range(len(positions) - 1, -1, -1):
                if positions[i].seat == entry["target"] and positions[i].kind == "place":
                    positions[i] = replace(positions[i], withdrawn=True)
                    break
        if kind not in ("place", "exchange", "pass"):
            continue
        rack = "".join(before["racks"][seat]["tiles"])
        common = {
            "turn": len(positions), "seat": seat, "player": f"seat{seat + 1}", "line": None,
            "board": tuple(before["board"]), "rack": rack, "bag_count": len(before["bag"]),
            "unseen": "".join(sorted(_unseen(before["board"], rack, tile_set).elements())),
            "seats": seats, "tile_set": tile_set.code,
            "min_bag_for_exchange": before["options"]["min_bag_for_exchange"],
        }
        if kind == "place":
            tiles = tuple(Tile(t["row"], t["col"], t["letter"], t["blank"]) for t in entry["tiles"])
            across = check_placement(before["board"], list(tiles))
            positions.append(Position(kind="place", tiles=tiles, across=across, score=entry["score"], **common))
        elif kind == "exchange":
            given = "".join(entry["exchanged"]["tiles"])
            positions.append(Position(kind="exchange", exchanged=given, exchanged_count=len(given), **common))
        else:
            positions.append(Position(kind="pass", **common))
    return positions


# -- positions from a GCG record -------------------------------------------------------------------

_LINE_ERROR = re.compile(r"^line (\d+): (.*)$")
_RACK = re.compile(r"^[A-Za-z?]{1,7}$")


def positions_from_gcg(text: str, *, tile_set: str = "en", min_bag_for_exchange: int = 7) -> list[Position]:
    """The decisions of a GCG record, checked strictly against the board and the tile set.

    A recorded rack is marked ``partial_rack`` when it cannot be the whole rack: it holds fewer than
    seven tiles while the bag still held some (the mover would have drawn up to seven), or it lacks
    tiles the same player kept from their last turn.  Some records list only the tiles played.

    Raises ``GcgError`` (with the line and the reason) for an unreadable line, an unknown player,
    bad coordinates, a word that runs off the board, letters that do not fit the board, tiles not on
    the recorded rack, more tiles of a letter than the set holds, or a ``--`` with no play to take back."""
    if tile_set not in TILE_SETS:
        raise GcgError(None, f"unknown tile set {tile_set!r}")
    tiles_of = TILE_SETS[tile_set]
    try:
        game = gcg.parse(text)
    except ValueError as exc:
        match = _LINE_ERROR.match(str(exc))
        if match:
            raise GcgError(int(match.group(1)), match.group(2)) from None
        raise GcgError(None, str(exc)) from None
    players = list(game.players)
    for turn in game.turns:
        if turn.player not in players:
            if game.players:
                raise GcgError(turn.line, f"{turn.player!r} is not one of the #player lines")
            players.append(turn.player)
    if not players:
        raise GcgError(None, "the record holds no turns")
    seats = max(2, len(players))
    board = boardmod.empty_board()
    positions: list[Position] = []
    boards_before: dict[int, list[str]] = {}  # position index -> board before it (to take a play back)
    for turn in game.turns:
        seat = players.index(turn.player)
        if turn.kind == "other":
            raise GcgError(turn.line, "cannot read the move (expected a position and a word, -TILES, - or --)")
        if turn.kind == "withdrawn":
            index = next((i for i in range(len(positions) - 1, -1, -1) if positions[i].kind == "place"), None)
            if index is None or positions[index].seat != seat or positions[index].withdrawn:
                raise GcgError(turn.line, "'--' takes back a play, but this player's last turn placed no tiles")
            positions[index] = replace(positions[index], withdrawn=True)
            board = boards_before[index]
            continue
        if turn.kind not in ("play", "exchange", "pass"):
            continue  # end-of-game racks, penalties and bonuses: not decisions
        rack = turn.rack.upper() if turn.rack else None
        if rack is not None and not _RACK.match(rack):
            raise GcgError(turn.line, f"a rack holds 1 to {RACK_SIZE} tiles, not {turn.rack!r}")
        unseen = _unseen(board, rack or "", tiles_of)
        bag_count = _bag_estimate(sum(unseen.values()) + (0 if rack is not None else RACK_SIZE), seats)
        common: _RecordedTurn = {
            "turn": len(positions), "seat": seat, "player": turn.player, "line": turn.line,
            "board": tuple(board), "rack": rack, "recorded": turn.score, "seats": seats,
            "tile_set": tile_set, "min_bag_for_exchange": min_bag_for_exchange,
            "unseen": "".join(sorted(unseen.elements())), "bag_count": bag_count,
            "partial_rack": rack is not None and _partial(rack, bag_count, _kept_last_turn(positions, seat)),
        }
        if rack is not None:
            _check_tiles_exist(turn.line, board, rack, tiles_of)
        if turn.kind == "play":
            tiles, across, score = _read_play(turn, board, rack, tiles_of)
            boards_before[len(positions)] = board
            positions.append(Position(kind="place", tiles=tiles, across=across, score=score, **common))
            board = boardmod.place(board, [(t.row, t.col, t.board_char) for t in tiles])
            _check_tiles_exist(turn.line, board, "", tiles_of)
        elif turn.kind == "exchange":
            given = turn.tiles.upper()
            if given.isdigit():
                positions.append(Position(kind="exchange", exchanged_count=int(given), **common))
                continue
            if not given or any(ch not in ALPHABET + BLANK for ch in given) or len(given) > RACK_SIZE:
                raise GcgError(turn.line, f"cannot read the exchanged tiles {turn.tiles!r}")
            if rack is not None and Counter(given) - Counter(rack):
                missing = "".join(sorted((Counter(given) - Counter(rack)).elements()))
                raise GcgError(turn.line, f"exchanges {missing}, which is not on the rack {rack}")
            positions.append(Position(kind="exchange", exchanged=given, exchanged_count=len(given), **common))
        else:
            positions.append(Position(kind="pass", **common))
    return positions


def _kept_last_turn(positions: Sequence[Position], seat: int) -> str | None:
    """The tiles ``seat`` kept from their last turn, which their next rack must still hold (None when
    the record does not tell: no earlier turn, an unknown or partial rack, an exchange of a count)."""
    last = next((p for p in reversed(positions) if p.seat == seat), None)
    if last is None or last.rack is None or last.partial_rack:
        return None
    if last.kind == "place" and not last.withdrawn:
        return leave_after(last.rack, [rack_tile(t) for t in last.tiles])
    if last.kind == "exchange":
        return leave_after(last.rack, last.exchanged) if last.exchanged else None
    return last.rack  # a pass, or a play taken back, keeps the whole rack


def _partial(rack: str, bag_count: int, kept: str | None) -> bool:
    """True when ``rack`` cannot be the whole rack.  A rack really shorter than seven comes only once
    the bag is empty, where ``bag_count`` (an estimate: the others hold at most seven tiles each) is 0;
    a rack listing part of seven leaves the rest among the unseen tiles, which counts them in the bag."""
    if len(rack) < RACK_SIZE and bag_count > 0:
        return True
    return kept is not None and bool(Counter(kept) - Counter(rack))


def _read_play(turn: gcg.GcgTurn, board: list[str], rack: str | None,
               tile_set: TileSet) -> tuple[tuple[Tile, ...], bool, int]:
    try:
        tiles = parse_gcg_play(turn.notation, board)
        across = check_placement(board, tiles)
    except IllegalMove as exc:
        raise GcgError(turn.line, f"{turn.notation}: {exc.message}") from None
    needed = [rack_tile(t) for t in tiles]
    if rack is not None and Counter(needed) - Counter(rack):
        missing = "".join(sorted((Counter(needed) - Counter(rack)).elements()))
        raise GcgError(turn.line, f"{turn.notation} needs {missing}, which is not on the rack {rack}")
    across = _orientation(turn.position, tiles, across)
    score = score_play(board, tiles, across, tile_set).score
    return tuple(tiles), across, score


def _orientation(position: str, tiles: list[Tile], across: bool) -> bool:
    """A single tile's direction comes from the record's coordinate (row first: across)."""
    if len(tiles) == 1:
        return position[0].isdigit()
    return across


def _check_tiles_exist(line: int, board: list[str], rack: str, tile_set: TileSet) -> None:
    over = Counter(BLANK if ch.islower() else ch for row in board for ch in row if ch != boardmod.EMPTY)
    over.update(rack)
    for tile, n in sorted(over.items()):
        if n > tile_set.counts.get(tile, 0):
            name = "blanks" if tile == BLANK else f"{tile} tiles"
            raise GcgError(line, f"the board and rack hold {n} {name}; the set has {tile_set.counts.get(tile, 0)}")


# -- the analysis ----------------------------------------------------------------------------------


def _equity(value: float) -> float:
    return round(value, EQUITY_DIGITS)


# Why a turn was skipped: a stable code (pages translate it) and the reason in English (the API's).
SKIPPED = {
    "no_rack": "the rack is not recorded",
    "partial_rack": "the record gives only part of the rack",
    "unknown_exchange": "the exchanged tiles are not recorded",
}


def _skipped(head: dict[str, Any], code: str) -> dict[str, Any]:
    return {**head, "status": "skipped", "skip": code, "reason": SKIPPED[code]}


def analyse_position(position: Position, lexicon: Lexicon, *, top: int = DEFAULT_TOP,
                     simulate: random.Random | None = None, simulate_iterations: int = ITERATIONS,
                     simulate_seconds: float | None = MAX_SECONDS) -> dict[str, Any]:
    """One turn's report (see ``analyse``)."""
    head = {"turn": position.turn, "seat": position.seat, "player": position.player, "line": position.line}
    if position.rack is None:
        return _skipped(head, "no_rack")
    if position.partial_rack:
        return _skipped(head, "partial_rack")
    if position.kind == "exchange" and not position.exchanged:
        return _skipped(head, "unknown_exchange")
    tile_set = TILE_SETS[position.tile_set]
    board = list(position.board)
    situation = Situation(board=board, rack=position.rack, tile_set=tile_set, bag_count=position.bag_count,
                          unseen=position.unseen, seats=position.seats,
                          min_bag_for_exchange=position.min_bag_for_exchange)
    plays = all_plays(board, list(position.rack), lexicon, tile_set, bag_count=position.bag_count,
                      min_bag_for_exchange=position.min_bag_for_exchange)
    evaluator = Evaluator(situation)
    ranked = evaluator.ranked(plays)
    played = position.as_play()
    rejected = list(dict.fromkeys(w for w in played.words if not lexicon.contains(w)))
    phony = bool(rejected)
    score = 0 if position.withdrawn else played.score
    best_equity = _equity(ranked[0][0]) if ranked else 0.0
    best_score = max((p.score for p in plays), default=0)
    # A legal play taken back after a challenge kept the whole rack and scored nothing: a pass, in effect.
    effective = Play("pass", leave="".join(sorted(position.rack))) if position.withdrawn else played
    if phony:
        # Valued at nothing, whether it stood or was taken back: no rank, and the whole best legal
        # play (its equity and its score) is lost.
        equity, rank, points_lost = 0.0, None, best_score
    else:
        key = effective.key()
        found = next((e for e, p in ranked if p.key() == key), None)
        # Ranks and losses from the rounded equities the report shows, so its numbers agree with each other.
        equity = _equity(found if found is not None else evaluator.equity(effective))
        rank = 1 + sum(1 for e, _ in ranked if _equity(e) > equity)
        if not ranked:
            best_equity = equity
        points_lost = max(0, best_score - score)
    report: dict[str, Any] = {
        **head,
        "status": "analysed",
        "method": STATIC,
        "rack": position.rack,
        "bag": position.bag_count,
        "played": {"move": position.notation(), "score": score, "equity": equity, "valid": not phony,
                   "rejected": rejected, "withdrawn": position.withdrawn},
        "phony": phony,
        "rank": rank,
        "plays": len(ranked),
        "best": [{"move": p.notation(board), "score": p.score, "equity": _equity(e)} for e, p in ranked[:top]],
        "points_lost": points_lost,
        "equity_lost": _equity(max(0.0, best_equity - equity)),
    }
    if simulate is None or not _looks_ahead(situation, plays):
        return report
    mine = None if phony else next((p for p in plays if p.key() == effective.key()), effective)
    looked = _look_ahead(situation, plays, mine, lexicon, simulate, simulate_iterations, simulate_seconds)
    if looked is None:
        return report
    method, valued = looked
    # ``valued`` is in the Master's order, its choice first.  Ranks follow that order and losses are
    # measured from its choice, on the rounded values the report shows: equal values share a rank, and
    # rank 1 loses nothing.  A phony is valued at nothing and loses the choice's value whole.
    shown = [(_equity(v), p) for v, p in valued]
    if mine is None:
        equity, rank = 0.0, None
    else:
        at = next(i for i, (_, p) in enumerate(shown) if p.key() == mine.key())
        equity = shown[at][0]
        rank = 1 + sum(1 for v, _ in shown[:at] if v != equity)
    report.update({
        "method": method,
        "played": {**report["played"], "equity": equity},
        "rank": rank,
        "best": [{"move": p.notation(board), "score": p.score, "equity": v} for v, p in shown[:top]],
        "equity_lost": _equity(max(0.0, shown[0][0] - equity)),
    })
    return report


def _looks_ahead(situation: Situation, plays: Sequence[Play]) -> bool:
    """Whether the Master would look ahead here (``bot.best_by_simulation``): one opponent, tiles in the
    bag, a placement to make, and unseen tiles that are the bag and one rack."""
    opponent = len(situation.unseen) - situation.bag_count
    return (situation.seats == 2 and situation.bag_count > 0 and 0 <= opponent <= RACK_SIZE
            and any(p.kind == "place" for p in plays))


def _look_ahead(situation: Situation, plays: Sequence[Play], played: Play | None, lexicon: Lexicon,
                rng: random.Random, iterations: int,
                max_seconds: float | None) -> tuple[str, list[tuple[float, Play]]] | None:
    """The method and the (value, play) of the candidates the Master would weigh, best first, with
    ``played`` (None: a phony, not valued) among them; None when the played move cannot be valued that
    way (an exchange in the pre-end-game, which only weighs placements and the pass, or the time cap
    reached before every candidate of the pre-end-game was valued)."""
    if situation.bag_count <= PRE_ENDGAME_BAG:
        if played is not None and played.kind == "exchange":
            return None
        placed = [p for _, p in Evaluator(situation).top([p for p in plays if p.kind == "place"], PRE_ENDGAME_WIDTH)]
        if played is not None and played.kind == "place" and all(p.key() != played.key() for p in placed):
            placed.append(played)
        chosen = placed + [p for p in plays if p.kind == "pass"][:1]
        valued = simulation.pre_endgame_values(situation, chosen, lexicon, width=len(placed),
                                               max_seconds=max_seconds)
        return (PRE_ENDGAME, valued) if len(valued) == len(chosen) else None
    chosen = [c.play for c in simulation.candidates_of(situation, plays, simulation.WIDTH)]
    if played is not None and all(p.key() != played.key() for p in chosen):
        others = [p for p in chosen if p.kind != "place"]
        if played.kind != "place" and len(others) >= simulation.OTHER_WIDTH:
            chosen.remove(others[-1])  # at most OTHER_WIDTH are simulated: the played one takes the last place
        chosen.append(played)
    outcome = simulation.simulate(situation, chosen, lexicon, rng, width=len(chosen), iterations=iterations,
                                  max_seconds=max_seconds)
    return SIMULATION, [(c.mean, c.play) for c in outcome.ranked]


def analyse(positions: Sequence[Position], lexicon: Lexicon, *, top: int = DEFAULT_TOP,
            simulate: random.Random | None = None, simulate_iterations: int = ITERATIONS,
            simulate_seconds: float | None = MAX_SECONDS) -> dict[str, Any]:
    """Per-turn reports and a per-player summary, JSON-ready.

    Each turn: ``turn``, ``seat``, ``player``, ``line`` (GCG line or None), ``status`` ("analysed" or
    "skipped", with ``skip``: "no_rack", "partial_rack" or "unknown_exchange", and ``reason`` in
    English); analysed turns add ``method`` (how its plays are valued, below), ``rack``, ``bag``,
    ``played`` (``move`` in GCG notation, ``score``, ``equity``, ``valid``: every word in the lexicon,
    ``rejected``: the words it is not, ``withdrawn``), ``phony`` (a placement with a rejected word),
    ``rank`` (1 = best by equity; equal equity shares a rank; None for a phony), ``plays`` (how many
    legal plays there were), ``best`` (the ``top`` plays by equity: ``move``, ``score``, ``equity``),
    ``points_lost`` (the highest score available minus the score made) and ``equity_lost`` (best
    equity minus the played one's).  A phony counts as scoring nothing with equity 0, so it loses the
    best legal play's whole score and equity.

    ``method`` is "static" unless ``simulate`` gives an rng: then a two-player turn with tiles in the
    bag and a placement to make is valued as the Master bot values it, "simulation" (more than
    ``PRE_ENDGAME_BAG`` tiles in the bag) or "pre_endgame" (one or two: every bag gone through).  Its
    ``best`` are then the Master's candidates in the Master's order, its choice first, and ``equity``
    (there and in ``played``) the look-ahead's value: a play's mean over the iterations it took part
    in (a play dropped early as clearly behind comes after those still in the race, whatever its mean,
    so the values need not decrease) or its average spread over the bags.  The played move is always
    valued among them (a phony never is): ``rank`` is its place in that order (equal values share it)
    and ``equity_lost`` the first value minus its own, none below 0, so the Master's choice ranks 1 and
    loses nothing.  ``plays`` still counts every legal play.  Other turns stay "static", as does one
    whose played move the pre-end-game cannot value (an exchange, or its time cap reached first).
    ``simulate_iterations`` and ``simulate_seconds`` (None: no cap; else the thread's CPU time) cap the
    look-ahead, by default as the Master's.  Each turn simulates with an rng of its own, drawn from
    ``simulate`` in order: within the caps, the same seed gives the same report, and a turn's report
    depends on no other turn.

    Summary per seat: ``seat``, ``player``, ``turns`` analysed, ``skipped``, ``phonies``,
    ``average_equity_lost``, ``best_plays`` (turns ranked 1; a phony never is) and ``points_lost``
    (total).  Skipped turns count in ``skipped`` only, nowhere else.  The report's ``method`` is
    "simulation" when an rng was given, else "static"."""
    # Each turn draws its own rng from ``simulate``, one per position: its report does not depend on how
    # the simulations of the turns before it went.
    rngs = [None if simulate is None else random.Random(simulate.getrandbits(64)) for _ in positions]
    turns = [analyse_position(p, lexicon, top=top, simulate=rng, simulate_iterations=simulate_iterations,
                              simulate_seconds=simulate_seconds) for p, rng in zip(positions, rngs, strict=True)]
    seats = sorted({p.seat for p in positions})
    names = {p.seat: p.player for p in positions}
    summary = []
    for seat in seats:
        mine = [t for t in turns if t["seat"] == seat]
        done = [t for t in mine if t["status"] == "analysed"]
        lost = sum(t["equity_lost"] for t in done)
        summary.append({
            "seat": seat, "player": names[seat], "turns": len(done), "skipped": len(mine) - len(done),
            "phonies": sum(1 for t in done if t["phony"]),
            "average_equity_lost": _equity(lost / len(done)) if done else None,
            "best_plays": sum(1 for t in done if t["rank"] == 1),
            "points_lost": sum(t["points_lost"] for t in done),
        })
    return {"method": STATIC if simulate is None else SIMULATION, "turns": turns, "summary": summary}


def analyse_gcg(text: str, lexicon: Lexicon, *, tile_set: str = "en", top: int = DEFAULT_TOP,
                simulate: random.Random | None = None) -> dict[str, Any]:
    """``analyse`` of a GCG record; raises ``GcgError`` for a malformed or impossible record."""
    return analyse(positions_from_gcg(text, tile_set=tile_set), lexicon, top=top, simulate=simulate)


def analyse_game(seats: int, options: Mapping[str, Any], seed: int,
                 moves: Iterable[tuple[int, Mapping[str, Any]]], ctx: Context, *,
                 top: int = DEFAULT_TOP, simulate: random.Random | None = None) -> dict[str, Any]:
    """``analyse`` of a finished engine game, from its seed and engine moves (see ``positions_from_game``)."""
    if ctx is None or ctx.lexicon is None:
        raise ValueError("the analysis needs the game's lexicon")
    return analyse(positions_from_game(seats, options, seed, moves, ctx), ctx.lexicon, top=top, simulate=simulate)


# -- checking the move generator against a record ---------------------------------------------------


@dataclass(frozen=True)
class MoveCheck:
    """The move generator against one GCG record: placements ``checked`` (every word in the lexicon),
    ``skipped`` (some word is not), and ``failures`` as (line, notation, what went wrong)."""

    checked: int
    skipped: int
    failures: tuple[tuple[int | None, str, str], ...]

    @property
    def ok(self) -> bool:
        return not self.failures


def check_gcg_moves(text: str, lexicon: Lexicon, *, tile_set: str = "en") -> MoveCheck:
    """For every placement of the record whose words are all in ``lexicon``: the generator, given the
    recorded rack (or just the placed tiles when the rack is not recorded), must list that placement
    with the recorded score.  Raises ``GcgError`` for a malformed or impossible record."""
    tiles_of = TILE_SETS[tile_set]
    checked = skipped = 0
    failures = []
    for position in positions_from_gcg(text, tile_set=tile_set):
        if position.kind != "place":
            continue
        if not all(lexicon.contains(w) for w in position.words):
            skipped += 1
            continue
        checked += 1
        rack = position.rack if position.rack is not None else "".join(rack_tile(t) for t in position.tiles)
        key = frozenset(position.tiles)
        generated = next((p for p in placements(list(position.board), list(rack), lexicon, tiles_of)
                          if frozenset(p.tiles) == key), None)
        notation = position.notation()
        if generated is None:
            failures.append((position.line, notation, "not generated"))
        elif position.recorded is not None and generated.score != position.recorded:
            failures.append((position.line, notation,
                             f"generated with {generated.score}, recorded {position.recorded}"))
    return MoveCheck(checked, skipped, tuple(failures))
