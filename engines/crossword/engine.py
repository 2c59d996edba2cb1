"""The Crossword engine: Scrabble rules (crossword.md) as a pure, seeded state machine.

State (JSON): seed, seats, options, board (15 strings), racks [{"seat", "tiles"}], bag (list, drawn from
the end), scores, to_move, phase ("play" | "ending" | "over"), turn (moves applied, salts the RNG),
scoreless (consecutive scoreless turns), pending (the last play while it can still be challenged),
end (how it finished) and the public log.  Knows nothing of Django, users or clocks.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..base import (
    ARRAY,
    STRING,
    Context,
    Engine,
    IllegalMove,
    OptionSchema,
    Outcome,
    State,
    Value,
    array,
    bad_move,
    boolean,
    copy_state,
    integer,
    json_tree_copy,
    lexicon_option,
    object_of,
    one_of,
    ranks_from_scores,
    rng_for,
    text,
    whole_number,
)
from . import board as boardmod
from . import movegen
from .moves import (
    BAG_TOO_SMALL,
    NOTHING_TO_CHALLENGE,
    RACK_SIZE,
    TILE_NOT_ON_RACK,
    UNKNOWN_WORD,
    Tile,
    check_placement,
    parse_move,
    rack_tile,
)
from .scoring import Scored, score_play
from .tiles import BLANK, TILE_SETS, TileSet

CHALLENGE_MODES = ("void", "single", "double")
DEFAULT_MIN_BAG_FOR_EXCHANGE = 7
SCORELESS_TURNS_TO_END = 6
# How scoreless turns end a game, per rule set; a game's rule set is its tile set's (the Dutch tiles come
# with the Dutch rulebook).  "tournament": six in a row end it whatever the bag holds, the English
# tournament rule.  "rule9": rule 9 of the Dutch rulebook ends a game only once the bag is empty and
# a player is out or no one can form a word; six scoreless turns in a row stand for "no one can form
# a word" (crossword.md), and count only once no one can draw any more: the bag holds fewer tiles
# than an exchange needs (with the default of seven, an empty bag or a bag no one may exchange from).
END_RULES = {"en": "tournament", "nl": "rule9"}
# The options a game may be created with.  The lexicon defaults to the tile set's language (the server
# fills it in and checks that it is loaded: ``default_lexicon``).
OPTIONS_SCHEMA: OptionSchema = {
    "tile_set": one_of(*TILE_SETS, default="en"),
    "lexicon": lexicon_option(),
    "challenge": one_of(*CHALLENGE_MODES, default="void"),
    "min_bag_for_exchange": whole_number(1, 100, default=DEFAULT_MIN_BAG_FOR_EXCHANGE),
}

# The keys each move may carry (size bounds, not rules: eight tiles are refused by the rack rule).
_TILE = object_of({"row": integer(), "col": integer(), "letter": text(8), "blank": boolean()})
MOVE_SCHEMA = {
    "place": {"tiles": array(_TILE, 15, nullable=True), "gcg": text(80)},
    # A string of rack tiles ("AE?"), or a list of them.
    "exchange": {"tiles": Value(frozenset({STRING, ARRAY}), max_len=16, items=text(16))},
    "pass": {},
    "challenge": {},
}


def _tile_dict(t: Tile) -> dict[str, Any]:
    return {"row": t.row, "col": t.col, "letter": t.letter, "blank": t.blank}


def _tile_of(d: Mapping[str, Any]) -> Tile:
    return Tile(d["row"], d["col"], d["letter"], d["blank"])


def _take(rack: list[str], tiles: list[str]) -> list[str] | None:
    """The rack without ``tiles`` (one occurrence each), or None when a tile is missing."""
    left = list(rack)
    for tile in tiles:
        if tile not in left:
            return None
        left.remove(tile)
    return left


def _without(rack: list[str], tiles: list[str]) -> list[str]:
    """The rack without ``tiles``, which the move's checks have already found on it."""
    left = _take(rack, tiles)
    assert left is not None, "the move's checks found every tile on the rack"
    return left


def _missing(rack: list[str], tiles: list[str]) -> list[str]:
    """The tiles not on ``rack`` (each as often as it is short), sorted; empty for every legal play."""
    if _take(rack, tiles) is not None:  # the common case, without building two Counters
        return []
    short = Counter(tiles) - Counter(rack)
    return sorted(short.elements())


def _draw(state: State, count: int) -> list[str]:
    bag = state["bag"]
    return [bag.pop() for _ in range(min(count, len(bag)))]


class CrosswordEngine(Engine):
    kind = "crossword"
    min_seats = 2
    max_seats = 4
    move_schema = MOVE_SCHEMA
    options_schema = OPTIONS_SCHEMA
    has_preview = True
    list_order = 1
    exports_gcg = True
    analysable = True
    bot_levels = ("beginner", "casual", "club", "expert", "master")

    bot_module = "engines.crossword.bot"

    def bot_ladder(self) -> list[tuple[dict[str, Any], dict[str, dict[str, Any]]]]:
        """Per tile set, from ``data/ladder.json`` (written by ``bench/bot_strength.py --ladder``):
        the matches are played in void mode."""
        return [({"tile_set": code, "challenge": "void"}, steps) for code, steps in _ladder().items()]

    def default_lexicon(self, options: Mapping[str, Any]) -> str:
        """The lexicon a game gets when its options name none: the tile set's language."""
        return options.get("tile_set", "en")

    # -- setup -------------------------------------------------------------------------------------

    def setup(self, seats: int, options: Mapping[str, Any] | None, seed: int) -> State:
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise bad_move(f"Crossword is for {self.min_seats} to {self.max_seats} players.")
        if type(seed) is not int:
            raise bad_move("The seed must be an integer.")
        opts = self._options(options or {})
        tile_set = TILE_SETS[opts["tile_set"]]
        first, rounds = self._starting_draw(tile_set, seats, seed)
        bag = tile_set.full_bag()
        rng_for(seed, "bag").shuffle(bag)
        state: State = {
            "seed": seed,
            "seats": seats,
            "options": opts,
            "board": boardmod.empty_board(),
            "racks": [{"seat": s, "tiles": []} for s in range(seats)],
            "bag": bag,
            "scores": [0] * seats,
            "to_move": first,
            "phase": "play",
            "turn": 0,
            "scoreless": 0,
            "pending": None,
            "end": None,
            "log": [{"type": "start", "draws": rounds, "first": first}],
        }
        for i in range(seats):  # the starting player draws first, then clockwise
            seat = (first + i) % seats
            state["racks"][seat]["tiles"] = _draw(state, RACK_SIZE)
        return state

    @staticmethod
    def _options(options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise bad_move("Options must be an object.")
        tile_set = options.get("tile_set", "en")
        if tile_set not in TILE_SETS:
            raise bad_move(f"Unknown tile set {tile_set!r}; choose one of {sorted(TILE_SETS)}.")
        challenge = options.get("challenge", "void")
        if challenge not in CHALLENGE_MODES:
            raise bad_move(f"Unknown challenge setting {challenge!r}; "
                           f"choose one of {', '.join(CHALLENGE_MODES)}.")
        min_bag = options.get("min_bag_for_exchange", DEFAULT_MIN_BAG_FOR_EXCHANGE)
        if type(min_bag) is not int or not 1 <= min_bag <= 100:
            raise bad_move("min_bag_for_exchange must be a whole number from 1 to 100.")
        opts = {"tile_set": tile_set, "challenge": challenge, "min_bag_for_exchange": min_bag}
        if "lexicon" in options:
            opts["lexicon"] = options["lexicon"]
        return opts

    @staticmethod
    def _starting_draw(tile_set: TileSet, seats: int, seed: int) -> tuple[int, list[list[dict[str, Any]]]]:
        """Rule 0: each player draws a tile; nearest the start of the alphabet begins (a blank beats A).
        Players who tie draw again; all tiles go back afterwards."""
        contenders = list(range(seats))
        rounds: list[list[dict[str, Any]]] = []
        while len(contenders) > 1:
            pile = tile_set.full_bag()
            rng_for(seed, "starting-draw", len(rounds)).shuffle(pile)
            draws: list[dict[str, Any]] = [{"seat": s, "tile": pile[i]} for i, s in enumerate(contenders)]
            rounds.append(draws)
            best = min(d["tile"] for d in draws)  # "?" sorts before "A"
            contenders = [d["seat"] for d in draws if d["tile"] == best]
        return contenders[0], rounds

    # -- turn order --------------------------------------------------------------------------------

    def seat_count(self, state: State) -> int:
        return state["seats"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state["phase"] == "over" else frozenset({state["to_move"]})

    def turn_id(self, state: State) -> str:
        return f"t{state['turn']}"

    # -- moves -------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> State:
        self.check_move(state, seat, move)
        parsed = parse_move(move, state["board"])
        kind = parsed["type"]
        if state["phase"] == "ending" and kind not in ("challenge", "pass"):
            raise bad_move("The last play went out: challenge it or pass to accept it.")
        lexicon = ctx.lexicon if ctx is not None else None
        if kind == "place":
            new = self._place(state, seat, parsed["tiles"], lexicon)
        elif kind == "exchange":
            new = self._exchange(state, seat, parsed["tiles"])
        elif kind == "challenge":
            new = self._challenge(state, seat, lexicon)
        else:
            new = self._pass(state, seat)
        new["turn"] += 1
        return new

    def evaluate(self, state: State, seat: int, tiles: list[Tile], lexicon: Any) -> tuple[bool, Scored]:
        """Check a placement for ``seat`` against geometry, rack and (void mode) the lexicon; no state change.

        With no lexicon the words are not checked (GCG replay with word checking off).
        """
        board = state["board"]
        across = check_placement(board, tiles)
        rack = state["racks"][seat]["tiles"]
        needed = [rack_tile(t) for t in tiles]
        missing = _missing(rack, needed)
        if missing:
            raise IllegalMove(TILE_NOT_ON_RACK, f"Not on your rack: {' '.join(missing)}.", tiles=missing)
        scored = score_play(board, tiles, across, TILE_SETS[state["options"]["tile_set"]])
        if state["options"]["challenge"] == "void" and lexicon is not None:
            unknown = list(dict.fromkeys(w.plain for w in scored.words if not lexicon.contains(w.plain)))
            if unknown:
                raise IllegalMove(UNKNOWN_WORD, f"Not in the word list: {', '.join(unknown)}.", words=unknown)
        return across, scored

    def preview(self, state: State, seat: int | None, move: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
        """The words a placement would form and its score, exactly as ``apply`` would count them.

        Pure and secret-free: nothing is drawn, so the answer never depends on the bag.  Allowed when it is
        not the seat's turn (planning ahead); words are checked only where ``apply`` checks them (void mode),
        so a challenge game's preview never tells a player whether a word is valid.
        """
        self.check_move(state, seat, move, acting=False)
        assert seat is not None  # check_move refused anything but a seat
        parsed = parse_move(move, state["board"])
        if parsed["type"] != "place":
            raise bad_move("Only a placement can be previewed.")
        lexicon = ctx.lexicon if ctx is not None else None
        across, scored = self.evaluate(state, seat, parsed["tiles"], lexicon)
        return {
            "words": [{"word": w.plain, "text": w.text, "score": w.score, "across": w.across,
                       "start": boardmod.gcg_position(w.row, w.col, w.across)} for w in scored.words],
            "bingo": scored.bingo,
            "score": scored.score,
            "across": across,
        }

    def _place(self, state: State, seat: int, tiles: list[Tile], lexicon: Any) -> State:
        across, scored = self.evaluate(state, seat, tiles, lexicon)
        s = self._copy(state)
        rack = s["racks"][seat]
        rack["tiles"] = _without(rack["tiles"], [rack_tile(t) for t in tiles])
        s["board"] = boardmod.place(s["board"], [(t.row, t.col, t.board_char) for t in tiles])
        drawn = _draw(s, len(tiles))
        rack["tiles"] += drawn
        score = scored.score
        s["scores"][seat] += score
        main = scored.words[0]
        entry = {
            "seat": seat,
            "type": "place",
            "gcg": self._gcg_text(s["board"], tiles, main.row, main.col, main.across),
            "tiles": [_tile_dict(t) for t in tiles],
            "words": [w.plain for w in scored.words],
            "score": score,
            "bingo": scored.bingo,
            "total": s["scores"][seat],
        }
        s["log"].append(entry)
        scoreless_before, s["scoreless"] = s["scoreless"], 0
        went_out = not rack["tiles"] and not s["bag"]
        s["pending"] = None
        if s["options"]["challenge"] != "void":
            s["pending"] = {
                "seat": seat,
                "tiles": entry["tiles"],
                "words": entry["words"],
                "score": score,
                "drawn": drawn,
                "scoreless_before": scoreless_before,
            }
        s["to_move"] = (seat + 1) % s["seats"]
        if went_out:
            if s["pending"] is None:
                self._finish(s, "out", seat)
            else:
                s["phase"] = "ending"  # the next player may still challenge the last play
        return s

    @staticmethod
    def _copy(state: State) -> State:
        return copy_state(state, append_only=("log",))

    @staticmethod
    def _gcg_text(board: list[str], tiles: list[Tile], row: int, col: int, across: bool) -> str:
        new = {(t.row, t.col) for t in tiles}
        letters = []
        r, c = row, col
        while boardmod.on_board(r, c) and board[r][c] != boardmod.EMPTY:
            letters.append(board[r][c] if (r, c) in new else ".")
            r, c = (r, c + 1) if across else (r + 1, c)
        return f"{boardmod.gcg_position(row, col, across)} {''.join(letters)}"

    def _exchange(self, state: State, seat: int, tiles: list[str]) -> State:
        needed = max(state["options"]["min_bag_for_exchange"], len(tiles))
        if len(state["bag"]) < needed:
            raise IllegalMove(BAG_TOO_SMALL, f"An exchange needs at least {needed} tiles in the bag; "
                                             f"there are {len(state['bag'])}.")
        rack = state["racks"][seat]["tiles"]
        missing = _missing(rack, tiles)
        if missing:
            raise IllegalMove(TILE_NOT_ON_RACK, f"Not on your rack: {' '.join(missing)}.", tiles=missing)
        s = self._copy(state)
        rack = s["racks"][seat]
        rack["tiles"] = _without(rack["tiles"], tiles) + _draw(s, len(tiles))
        s["bag"].extend(tiles)  # rule 7: draw first, then mix the old tiles in
        rng_for(s["seed"], "exchange", s["turn"]).shuffle(s["bag"])
        s["log"].append({"seat": seat, "type": "exchange", "count": len(tiles),
                         "exchanged": {"seat": seat, "tiles": list(tiles)}})
        return self._scoreless_turn(s, seat)

    def _pass(self, state: State, seat: int) -> State:
        s = self._copy(state)
        if s["phase"] == "ending":
            s["log"].append({"seat": seat, "type": "accept", "target": s["pending"]["seat"]})
            self._finish(s, "out", s["pending"]["seat"])
            return s
        s["log"].append({"seat": seat, "type": "pass"})
        return self._scoreless_turn(s, seat)

    def _scoreless_turn(self, s: State, seat: int) -> State:
        s["pending"] = None
        s["scoreless"] += 1
        s["to_move"] = (seat + 1) % s["seats"]
        if self._scoreless_ends(s):
            self._finish(s, "scoreless", None)
        return s

    @staticmethod
    def _scoreless_ends(s: State) -> bool:
        """Whether the scoreless turns so far end the game under its rule set (``END_RULES``)."""
        if s["scoreless"] < SCORELESS_TURNS_TO_END:
            return False
        if END_RULES.get(s["options"]["tile_set"], "tournament") == "tournament":
            return True
        return len(s["bag"]) < s["options"]["min_bag_for_exchange"]

    def _challenge(self, state: State, seat: int, lexicon: Any) -> State:
        pending = state["pending"]
        if state["options"]["challenge"] == "void":
            raise IllegalMove(NOTHING_TO_CHALLENGE, "This game checks words as they are played; "
                                                    "there are no challenges.")
        if pending is None:
            raise IllegalMove(NOTHING_TO_CHALLENGE, "There is no play to challenge now.")
        invalid = [] if lexicon is None else [w for w in pending["words"] if not lexicon.contains(w)]
        invalid = list(dict.fromkeys(invalid))
        s = self._copy(state)
        if invalid:
            self._withdraw(s)
            s["log"].append({"seat": seat, "type": "challenge", "target": pending["seat"],
                             "result": "withdrawn", "words": invalid, "score": -pending["score"]})
            if self._scoreless_ends(s):
                self._finish(s, "scoreless", None)
            return s  # the challenger now makes their own move
        double = s["options"]["challenge"] == "double"
        s["log"].append({"seat": seat, "type": "challenge", "target": pending["seat"], "result": "valid",
                         "turn_lost": double})
        s["pending"] = None
        if s["phase"] == "ending":
            self._finish(s, "out", pending["seat"])
        elif double:
            s["scoreless"] += 1
            s["to_move"] = (seat + 1) % s["seats"]
            if self._scoreless_ends(s):
                self._finish(s, "scoreless", None)
        return s

    def _withdraw(self, s: State) -> None:
        """Undo the pending play (rule 8): tiles back to the rack, the tiles drawn for it back into the
        bag (shuffled with the move's own salt, so the player cannot know the next draw), score undone,
        and the turn counts as scoreless."""
        pending = s["pending"]
        seat = pending["seat"]
        tiles = [_tile_of(d) for d in pending["tiles"]]
        s["board"] = boardmod.place(s["board"], [(t.row, t.col, boardmod.EMPTY) for t in tiles])
        rack = s["racks"][seat]
        rack["tiles"] = _without(rack["tiles"], pending["drawn"]) + [rack_tile(t) for t in tiles]
        s["bag"].extend(pending["drawn"])
        rng_for(s["seed"], "challenge", s["turn"]).shuffle(s["bag"])
        s["scores"][seat] -= pending["score"]
        s["scoreless"] = pending["scoreless_before"] + 1
        s["pending"] = None
        s["phase"] = "play"

    def _finish(self, s: State, reason: str, out_seat: int | None) -> None:
        """Rule 18: each player loses their rack's value; the player who went out gains all of it."""
        tile_set = TILE_SETS[s["options"]["tile_set"]]
        left = [sum(tile_set.value(t) for t in r["tiles"]) for r in s["racks"]]
        adjustments = [-v for v in left]
        if out_seat is not None:
            adjustments[out_seat] += sum(left)
        s["scores"] = [score + adj for score, adj in zip(s["scores"], adjustments, strict=True)]
        s["phase"] = "over"
        s["pending"] = None
        s["to_move"] = None
        s["end"] = {"reason": reason, "out": out_seat}
        s["log"].append({
            "type": "end",
            "reason": reason,
            "out": out_seat,
            "left": [{"seat": r["seat"], "rack": "".join(r["tiles"])} for r in s["racks"]],
            "adjustments": adjustments,
            "scores": list(s["scores"]),
        })

    # -- what each seat sees -----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.check_viewer(state, seat)
        tile_set = TILE_SETS[state["options"]["tile_set"]]
        own = state["racks"][seat]["tiles"] if seat is not None else []
        pending = state["pending"]
        return {
            "seat": seat,
            "seats": state["seats"],
            "tile_set": tile_set.code,
            "values": dict(tile_set.values),
            "challenge": state["options"]["challenge"],
            "min_bag_for_exchange": state["options"]["min_bag_for_exchange"],
            "board": list(state["board"]),
            "rack": list(own) if seat is not None else None,
            "rack_counts": [len(r["tiles"]) for r in state["racks"]],
            "bag_count": len(state["bag"]),
            "unseen": self._unseen(state, tile_set, own),
            "scores": list(state["scores"]),
            "to_move": state["to_move"],
            "phase": state["phase"],
            "scoreless_turns": state["scoreless"],
            "challengeable": None if pending is None else {
                "seat": pending["seat"], "words": list(pending["words"]), "score": pending["score"],
                "tiles": [dict(t) for t in pending["tiles"]],
            },
            "can_challenge": pending is not None and seat == state["to_move"],
            "end": None if state["end"] is None else dict(state["end"]),
            "log": [self._entry_for(entry, seat) for entry in state["log"]],
        }

    @staticmethod
    def _unseen(state: State, tile_set: TileSet, own: list[str]) -> str:
        """Tiles this seat cannot see (bag plus other racks together), as players track them."""
        on_board = Counter(BLANK if ch.islower() else ch for line in state["board"] for ch in line
                           if ch != boardmod.EMPTY)
        unseen = Counter(tile_set.counts) - on_board - Counter(own)
        return "".join(sorted(unseen.elements()))

    @staticmethod
    def _entry_for(entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        shown = json_tree_copy(dict(entry))
        if shown.get("type") == "exchange" and shown.get("seat") != seat:
            shown.pop("exchanged", None)
        return shown

    def log_view(self, state: State, entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        self.check_viewer(state, seat)
        move = entry.get("move")
        shown = json_tree_copy(dict(entry))
        if isinstance(move, Mapping) and move.get("type") == "exchange" and entry.get("seat") != seat:
            tiles = move.get("tiles")
            count = len(tiles.strip().removeprefix("-")) if isinstance(tiles, str) else (
                len(tiles) if isinstance(tiles, list) else 0)
            shown["move"] = {"type": "exchange", "count": count}
        return shown

    def hidden_from(self, state: State, seat: int | None) -> list[Any]:
        self.check_viewer(state, seat)
        secrets: list[Any] = []
        if state["phase"] != "over":  # the racks are shown once the game ends (as GCG does)
            secrets += [r for r in state["racks"] if r["seat"] != seat]
        if state["bag"]:
            secrets.append(state["bag"])
        pending = state["pending"]
        if pending and pending["seat"] != seat and pending["drawn"]:
            secrets.append(pending["drawn"])
        secrets += [e["exchanged"] for e in state["log"]
                    if e.get("type") == "exchange" and e["seat"] != seat]
        return secrets

    # -- results -----------------------------------------------------------------------------------

    def scores(self, state: State) -> list[int]:
        return list(state["scores"])

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = tuple(state["scores"])
        return Outcome(scores, ranks_from_scores(scores), reason=state["end"]["reason"])

    # -- automatic moves ---------------------------------------------------------------------------

    def timeout_move(self, state: State, seat: int) -> dict[str, Any]:
        self.check_in_play(state, seat)
        return {"type": "pass"}

    def random_move(self, state: State, seat: int, rng: random.Random, ctx: Context) -> dict[str, Any]:
        self.check_acting(state, seat)
        may_challenge = state["pending"] is not None and state["options"]["challenge"] != "void"
        if state["phase"] == "ending":
            return {"type": "challenge"} if may_challenge and rng.random() < 0.3 else {"type": "pass"}
        if may_challenge and rng.random() < 0.15:
            return {"type": "challenge"}
        lexicon = ctx.lexicon if ctx is not None else None
        rack = state["racks"][seat]["tiles"]
        if lexicon is not None:
            candidates = movegen.generate(state["board"], rack, lexicon, rng)
            rng.shuffle(candidates)
            for tiles in candidates[:20]:
                try:
                    self.evaluate(state, seat, tiles, lexicon)
                except IllegalMove:  # should not happen; never offer a refused move
                    continue
                return {"type": "place", "tiles": [_tile_dict(t) for t in tiles]}
        bag = len(state["bag"])
        if rack and bag >= state["options"]["min_bag_for_exchange"]:
            count = rng.randint(1, min(len(rack), bag))
            return {"type": "exchange", "tiles": "".join(rng.sample(rack, count))}
        return {"type": "pass"}


ENGINE = CrosswordEngine()


@cache
def _ladder() -> dict[str, dict[str, dict[str, Any]]]:
    path = Path(__file__).parent / "data" / "ladder.json"
    return json.loads(path.read_text("utf-8")) if path.is_file() else {}
