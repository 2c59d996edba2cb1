"""GCG game records: parse a .gcg file into turns, and replay a record through the engine.

GCG is the Scrabble world's record format (``>nick: RACK 8D WINDY +32 32``).  ``replay`` feeds each
recorded turn to the engine with the rack as recorded (tile conservation is not checked: a record
shows only the mover's rack) and reports recorded against computed scores, for tests and ``gcg_check``.
``write`` turns a game's log into a record; ``rack_history`` recovers each turn's rack by replaying the
game from its seed, for the records that may show them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from ..base import Context, IllegalMove, State, copy_state
from . import board as boardmod
from .engine import ENGINE
from .moves import parse_gcg_play, rack_tile
from .tiles import BLANK, TILE_SETS

_TURN = re.compile(r"^>([^:]+):\s*(.*)$")
_SCORE = re.compile(r"^[+-]\d+$")
_POSITION = re.compile(r"^(\d{1,2}[A-Oa-o]|[A-Oa-o]\d{1,2})$")
_RACK = re.compile(r"^[A-Za-z?]+$")


@dataclass(frozen=True)
class GcgTurn:
    """One ``>`` line.  ``kind``: play, exchange, pass, withdrawn (``--``), end_rack (``(OPEG)``: points
    from the others' racks), rack_penalty, challenge_bonus, time_penalty or other."""

    line: int
    player: str
    rack: str
    kind: str
    score: int
    total: int
    position: str = ""
    word: str = ""
    tiles: str = ""

    @property
    def notation(self) -> str:
        return f"{self.position} {self.word}" if self.kind == "play" else self.tiles


@dataclass
class GcgGame:
    players: list[str] = field(default_factory=list)  # nicknames, seat order
    names: list[str] = field(default_factory=list)
    turns: list[GcgTurn] = field(default_factory=list)


def parse(text: str) -> GcgGame:
    """Parse GCG text; pragma lines other than #player are ignored, malformed turns raise ValueError."""
    game = GcgGame()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#player"):
            parts = line.split(maxsplit=2)
            if len(parts) < 2:
                raise ValueError(f"line {number}: a #player line names the player: '#player1 nick Full Name'")
            game.players.append(parts[1])
            game.names.append(parts[2] if len(parts) > 2 else parts[1])
        elif match := _TURN.match(line):
            game.turns.append(_parse_turn(number, match.group(1).strip(), match.group(2).split()))
    return game


class _TurnHead(TypedDict):
    """What every ``>`` line gives, whatever the move."""

    line: int
    player: str
    score: int
    total: int


def _parse_turn(number: int, player: str, tokens: list[str]) -> GcgTurn:
    if len(tokens) < 2 or not _SCORE.match(tokens[-2]) or not tokens[-1].lstrip("-").isdigit():
        raise ValueError(f"line {number}: expected '... +score total'")
    score, total, body = int(tokens[-2]), int(tokens[-1]), tokens[:-2]
    base: _TurnHead = {"line": number, "player": player, "score": score, "total": total}
    if len(body) == 1 and body[0].startswith("(") and body[0].endswith(")"):
        inner = body[0][1:-1]
        kind = {"challenge": "challenge_bonus", "time": "time_penalty"}.get(inner, "end_rack")
        return GcgTurn(rack="", kind=kind, tiles=inner if kind == "end_rack" else "", **base)
    # A rack is letters and "?" only; positions have digits and moves start with "-" or "(".
    rack, rest = (body[0], body[1:]) if body and _RACK.match(body[0]) else ("", body)
    if len(rest) == 2 and _POSITION.match(rest[0]):
        return GcgTurn(rack=rack, kind="play", position=rest[0], word=rest[1], **base)
    if rest == ["--"]:
        return GcgTurn(rack=rack, kind="withdrawn", **base)
    if rest == ["-"]:
        return GcgTurn(rack=rack, kind="pass", **base)
    if len(rest) == 1 and rest[0].startswith("-"):
        return GcgTurn(rack=rack, kind="exchange", tiles=rest[0][1:], **base)
    if len(rest) == 1 and rest[0].startswith("("):
        inner = rest[0].strip("()")
        kind = {"challenge": "challenge_bonus", "time": "time_penalty"}.get(inner, "rack_penalty")
        return GcgTurn(rack=rack, kind=kind, tiles=inner, **base)
    return GcgTurn(rack=rack, kind="other", **base)


@dataclass(frozen=True)
class TurnCheck:
    """A recorded turn next to what the engine computed (``error``: the engine refused it)."""

    turn: GcgTurn
    computed_score: int | None = None
    computed_total: int | None = None
    words: tuple[str, ...] = ()
    error: str | None = None

    @property
    def ok(self) -> bool:
        if self.error:
            return False
        if self.turn.kind in ("play", "withdrawn"):
            return self.computed_score == self.turn.score
        return True


def replay(game: GcgGame, *, tile_set: str = "en", lexicon: Any = None, challenge: str = "single",
           ) -> tuple[list[TurnCheck], State]:
    """Replay every turn; with no lexicon words are not checked and ``--`` withdraws the play directly,
    with one the next player challenges it through the engine.  Returns the checks and the final state."""
    ctx = Context(lexicon=lexicon)
    seats = {nick: i for i, nick in enumerate(game.players)}
    state = ENGINE.setup(max(2, len(game.players)), {"tile_set": tile_set, "challenge": challenge}, seed=0)
    checks = []
    first = next((t for t in game.turns if t.player in seats), None)
    if first is not None:
        state["to_move"] = seats[first.player]
    for index, turn in enumerate(game.turns):
        seat = seats.get(turn.player)
        try:
            state, check = _replay_turn(state, seat, turn, game.turns[index + 1:], ctx)
        except IllegalMove as refused:
            check = TurnCheck(turn, error=f"{refused.code}: {refused.message}")
        checks.append(check)
    return checks, state


def _replay_turn(state: State, seat: int | None, turn: GcgTurn, later: list[GcgTurn], ctx: Context,
                 ) -> tuple[State, TurnCheck]:
    if seat is None or turn.kind not in ("play", "exchange", "pass", "withdrawn", "end_rack"):
        return state, TurnCheck(turn)
    if turn.kind in ("play", "exchange", "pass"):
        state = copy_state(state)
        state["to_move"] = seat  # the record decides whose turn it is
        if turn.kind == "play":
            move = {"type": "place", "gcg": turn.notation}
            needed = [rack_tile(t) for t in parse_gcg_play(turn.notation, state["board"])]
        elif turn.kind == "exchange" and turn.tiles.isdigit():  # only the count was recorded
            needed = state["racks"][seat]["tiles"][:int(turn.tiles)]
            move = {"type": "exchange", "tiles": "".join(needed)}
        elif turn.kind == "exchange":
            move, needed = {"type": "exchange", "tiles": turn.tiles}, list(turn.tiles.upper())
        else:
            move, needed = {"type": "pass"}, []
        end_line = None  # the mover's "(RACKS)" line among the lines that follow before the next turn
        for t in later:
            if t.kind in ("play", "exchange", "pass", "withdrawn"):
                break
            if t.kind == "end_rack" and t.player == turn.player:
                end_line = t
        _set_racks(state, seat, turn.rack, needed, end_line.tiles if end_line else None)
        state = ENGINE.apply(state, seat, move, ctx)
        entry = state["log"][-1]
        score = entry.get("score", 0) if entry.get("type") == "place" else 0
        return state, TurnCheck(turn, score, state["scores"][seat], tuple(entry.get("words", ())))
    if turn.kind == "withdrawn":
        pending = state["pending"]
        if pending is None or pending["seat"] != seat:
            raise IllegalMove("NOTHING_TO_CHALLENGE", "the record withdraws a play that is not pending")
        if ctx.lexicon is not None:
            state = ENGINE.apply(state, state["to_move"], {"type": "challenge"}, ctx)
            if state["log"][-1].get("result") != "withdrawn":
                raise IllegalMove("UNKNOWN_WORD", "the record withdraws a play whose words are all valid")
        else:
            state = copy_state(state)
            ENGINE._withdraw(state)
            state["log"].append({"seat": state["to_move"], "type": "challenge", "target": seat,
                                 "result": "withdrawn", "words": [], "score": -pending["score"]})
            state["turn"] += 1
        return state, TurnCheck(turn, -pending["score"], state["scores"][seat])
    # end_rack: accept the last play so that the game ends with our rule-18 adjustment
    if state["phase"] == "ending":
        state = ENGINE.apply(state, state["to_move"], {"type": "pass"}, ctx)
    adjustment = state["log"][-1]["adjustments"][seat] if state["phase"] == "over" else None
    return state, TurnCheck(turn, adjustment, state["scores"][seat])


def _set_racks(state: State, seat: int, recorded: str, needed: list[str], others_left: str | None) -> None:
    """Give ``seat`` its recorded rack and refill the bag with everything it cannot see, except when the
    record says this play goes out: then the bag is empty and the next player holds what was left."""
    tile_set = TILE_SETS[state["options"]["tile_set"]]
    rack = [ch.upper() if ch != BLANK else BLANK for ch in recorded]
    if Counter(needed) - Counter(rack):
        rack = needed
    state["racks"][seat]["tiles"] = rack
    if others_left is not None:
        state["bag"] = []
        for r in state["racks"]:
            if r["seat"] != seat:
                r["tiles"] = []
        state["racks"][(seat + 1) % state["seats"]]["tiles"] = list(others_left.upper())
        return
    on_board = Counter(BLANK if ch.islower() else ch for line in state["board"] for ch in line
                       if ch != boardmod.EMPTY)
    pool = Counter(tile_set.counts) - on_board - Counter(rack)
    state["bag"] = sorted(pool.elements())


def rack_history(seats: int, options: dict[str, Any], seed: int, moves: list[tuple[int, dict[str, Any]]],
                 ctx: Context) -> tuple[list[dict[int, str]], State]:
    """Replay a game from its seed and engine moves ``(seat, payload)``; returns, for every entry of the
    replayed log, each seat's rack just before the move that wrote it, and the replayed state.

    The racks are secret: ``write`` shows only the seats it is told to show."""
    racks, _ends, state = turn_history(seats, options, seed, moves, ctx)
    return racks, state


def turn_history(seats: int, options: dict[str, Any], seed: int, moves: list[tuple[int, dict[str, Any]]],
                 ctx: Context) -> tuple[list[dict[int, str]], list[int], State]:
    """``rack_history`` and, for each move, how many log entries there are once it is applied (so the
    entry it wrote last is that number less one: where a ``#note`` about the move goes)."""
    state = ENGINE.setup(seats, dict(options), seed)
    racks: list[dict[int, str]] = []
    ends: list[int] = []
    for seat, move in moves:
        before = {r["seat"]: "".join(r["tiles"]) for r in state["racks"]}
        state = ENGINE.apply(state, seat, move, ctx)
        racks += [before] * (len(state["log"]) - len(racks))
        ends.append(len(state["log"]))
    return racks, ends, state


def write(state: State, names: list[str] | None = None, *, racks: list[dict[int, str]] | None = None,
          shown: frozenset[int] | set[int] = frozenset(), display_names: list[str] | None = None,
          lexicon: str | None = None, over: bool | None = None, description: str = "",
          notes: Mapping[int, Sequence[str]] | None = None) -> str:
    """A GCG record of the game so far, in the form Quackle and Woogles read.

    ``names`` are the players' nicknames by seat (spaces become underscores), ``display_names`` the
    names written on the ``#player`` lines, ``lexicon`` the ``#lexicon`` pragma.  ``racks`` (from
    ``rack_history``) gives each turn's rack, written only for the seats in ``shown``: the caller decides
    who may see what (a player their own racks while the game runs, everyone once it is over).  An
    exchange shows its tiles for a shown seat, or once the game is ``over`` (default: the engine's phase
    is over); otherwise its count.  The end of the game is written as GCG does: the player who went out
    gains the others' tiles ``(RACKS) +n``, each other player loses their own ``RACK (RACK) -n``.
    ``description`` is written as the ``#description`` pragma, and ``notes`` (by log entry index) as
    ``#note`` lines after that entry's turn: what GCG has no field for, such as a time bank drawn on.
    """
    seats = state["seats"]
    nicks = [(names[s] if names and s < len(names) else f"player{s + 1}").replace(" ", "_")
             for s in range(seats)]
    shown_names = [(display_names[s] if display_names and s < len(display_names) else nicks[s]).strip() or nicks[s]
                   for s in range(seats)]
    over = state["phase"] == "over" if over is None else over
    totals = [0] * seats
    lines = ["#character-encoding UTF-8"]
    if lexicon:
        lines.append(f"#lexicon {lexicon}")
    if description:
        lines.append(f"#description {description}")
    lines += [f"#player{s + 1} {nick} {shown_names[s]}" for s, nick in enumerate(nicks)]
    placed_rack: dict[int, str] = {}  # each seat's rack before its last placement (for a "--" line)

    def rack_at(index: int, seat: int) -> str:
        if racks is None or seat not in shown or index >= len(racks):
            return ""
        return racks[index].get(seat, "")

    def turn(seat: int, body: str, score: int, rack: str = "") -> None:
        totals[seat] += score
        lines.append(f">{nicks[seat]}: {rack + ' ' if rack else ''}{body} {score:+d} {totals[seat]}")

    for index, entry in enumerate(state["log"]):
        kind = entry.get("type")
        if kind == "place":
            placed_rack[entry["seat"]] = rack_at(index, entry["seat"])
            turn(entry["seat"], entry["gcg"], entry["score"], placed_rack[entry["seat"]])
        elif kind == "exchange":
            seat = entry["seat"]
            visible = over or seat in shown
            shown_tiles = "".join(entry["exchanged"]["tiles"]) if visible else str(entry["count"])
            turn(seat, f"-{shown_tiles}", 0, rack_at(index, seat))
        elif kind == "pass":
            turn(entry["seat"], "-", 0, rack_at(index, entry["seat"]))
        elif kind == "challenge" and entry["result"] == "withdrawn":
            turn(entry["target"], "--", entry["score"], placed_rack.get(entry["target"], ""))
        elif kind == "challenge":
            lines.append(f"#note {nicks[entry['seat']]} challenged and the play stood")
            if entry["turn_lost"]:
                turn(entry["seat"], "-", 0, rack_at(index, entry["seat"]))
        elif kind == "end":
            left = {item["seat"]: item["rack"] for item in entry["left"]}
            if entry["out"] is not None:  # the player who went out first, as GCG writes it
                others = "".join(left[s] for s in range(seats) if s != entry["out"])
                turn(entry["out"], f"({others})", entry["adjustments"][entry["out"]])
            for seat, adjustment in enumerate(entry["adjustments"]):
                if seat != entry["out"] and left[seat]:
                    turn(seat, f"{left[seat]} ({left[seat]})", adjustment)
        lines += [f"#note {note}" for note in (notes or {}).get(index, ())]
    return "\n".join(lines) + "\n"
