"""Turnspell rules: simultaneous choices on a spinning board, 4-letter words, first to 44.

Every seat chooses at once.  A choice is validated the moment it arrives against what that seat
sees — its own board and the tiles at its own arm — and stored, unrevealed, in ``state["pending"]``.
No one else's choice can invalidate it: players take only from their own arm and play only on
their own board, so the check at choice time is the check at resolution.  When the last choice of
the turn arrives the turn resolves, always in seat order, so the result never depends on the order
in which the choices arrived.  Resolution: all placements, scoring, returns, scored tiles back to
the bag, clears; then empty arm spaces refill from the bag (seeded by the turn); then the board
turns one arm clockwise.

Pure rules: no Django, no clock, no global random.  The lexicon arrives in the Context.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from ..base import (
    ALREADY_CHOSEN,
    Context,
    Engine,
    IllegalMove,
    OptionSchema,
    Outcome,
    State,
    bad_move,
    copy_state,
    integer,
    json_copy,
    lexicon_option,
    object_of,
    ranks_from_scores,
    rng_for,
    text,
    whole_number,
)
from . import board as geo
from .tiles import BLANK, LETTERS, VALUES, back_to_bag, full_bag, return_penalty

if TYPE_CHECKING:
    import random  # only the type of the RNG a caller passes in; never the global one

NO_SUCH_TILE = "NO_SUCH_TILE"
CELL_TAKEN = "CELL_TAKEN"
CANNOT_AFFORD_RETURN = "CANNOT_AFFORD_RETURN"
NOTHING_TO_CLEAR = "NOTHING_TO_CLEAR"
BLANK_NEEDS_LETTER = "BLANK_NEEDS_LETTER"

# Exactly the 52 ASCII letters: str.upper() maps some other characters onto A-Z.
LETTERS_SET = frozenset(LETTERS) | frozenset(LETTERS.lower())

TARGET = 44
DEFAULT_MAX_TURNS = 200
MAX_TURNS = 1000

# The options a game may be created with (the words are English: ``default_lexicon``).
OPTIONS_SCHEMA: OptionSchema = {
    "max_turns": whole_number(1, MAX_TURNS, default=DEFAULT_MAX_TURNS),
    "lexicon": lexicon_option(),
}

REASON_TARGET = "reached_44"
REASON_TILES = "tiles_exhausted"
REASON_TURNS = "turn_limit"

# The keys each choice may carry; a clear names its line by "row" or "col".
MOVE_SCHEMA = {
    "place": {
        "take": integer(),
        "row": integer(),
        "col": integer(),
        "letter": text(8, nullable=True),
        "return": object_of({"row": integer(), "col": integer()}, nullable=True),
    },
    "clear": {"row": integer(nullable=True), "col": integer(nullable=True)},
}


def _index(move: Mapping[str, Any], key: str, limit: int = geo.SIZE) -> int:
    value = move.get(key)
    # bool is an int in Python; a client sending true/false is a bug, not index 1/0.
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit:
        raise bad_move(f'"{key}" must be an integer from 0 to {limit - 1}.')
    return value


def _lexicon(ctx: Context | None) -> Any:
    if ctx is None or ctx.lexicon is None:
        raise ValueError("Turnspell needs the game's lexicon in the Context to score words.")
    return ctx.lexicon


class TurnspellEngine(Engine):
    kind = "turnspell"
    min_seats = 2
    max_seats = 4
    list_order = 2
    auto_play_level = "club"
    move_schema = MOVE_SCHEMA
    options_schema = OPTIONS_SCHEMA
    bot_levels = ("club",)

    bot_module = "engines.turnspell.bot"

    def default_lexicon(self, options: Mapping[str, Any]) -> str:
        """Turnspell uses the English tile set, so English words."""
        return "en"

    # ------------------------------------------------------------------ setup and reading
    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if not isinstance(seats, int) or isinstance(seats, bool) or seats not in geo.SEAT_ARMS:
            raise bad_move("Turnspell is for 2 to 4 players.")
        options = dict(options or {})
        max_turns = options.get("max_turns", DEFAULT_MAX_TURNS)
        if not isinstance(max_turns, int) or isinstance(max_turns, bool) or not 1 <= max_turns <= MAX_TURNS:
            raise bad_move(f'"max_turns" must be an integer from 1 to {MAX_TURNS}.')
        bag = full_bag()
        rng_for(seed, "setup").shuffle(bag)
        spinner = [[bag.pop() for _ in range(geo.SIZE)] for _ in range(geo.ARMS)]
        return {
            "kind": self.kind,
            "seed": seed,
            "players": seats,
            "seat_arms": list(geo.SEAT_ARMS[seats]),
            "spinner": spinner,
            "bag": bag,
            "boards": [geo.empty_board() for _ in range(seats)],
            "scores": [0] * seats,
            "turn": 1,
            "max_turns": max_turns,
            # One slot per seat, so the state is the same whatever order the choices came in.
            "pending": [None] * seats,
            # Choices applied so far, and how many came before this turn: log_view hides the rest.
            "moves": 0,
            "turn_first_move": 0,
            "log": [],
            "over": False,
            "end_reason": None,
        }

    def seat_count(self, state: State) -> int:
        return state["players"]

    def is_over(self, state: State) -> bool:
        return state["over"]

    def to_act(self, state: State) -> frozenset[int]:
        if state["over"]:
            return frozenset()
        return frozenset(s for s, p in enumerate(state["pending"]) if p is None)

    def turn_id(self, state: State) -> str:
        return str(state["turn"])

    def scores(self, state: State) -> list[int]:
        return list(state["scores"])

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = tuple(state["scores"])
        return Outcome(scores=scores, ranks=ranks_from_scores(scores), reason=state["end_reason"])

    def waiting_error(self, state: State, seat: int) -> IllegalMove:
        # Everyone chooses at once, so a seat of a running game that is not to act has chosen already.
        return IllegalMove(ALREADY_CHOSEN, f"Seat {seat} has already chosen this turn.")

    # ------------------------------------------------------------------ moves
    def apply(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> State:
        self.check_move(state, seat, move)
        choice = self._check_choice(state, seat, move, ctx)
        new = copy_state(state, append_only=("log",))
        new["pending"][seat] = {"seat": seat, "turn": state["turn"], "choice": choice}
        new["moves"] += 1
        if all(p is not None for p in new["pending"]):
            self._resolve(new, _lexicon(ctx))
        return new

    def _check_choice(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
        """The normalised choice of a move that fits the schema, or IllegalMove.  Sees only this
        seat's board and arm."""
        if move["type"] == "place":
            return self._check_place(state, seat, move, ctx)
        return self._check_clear(state, seat, move)

    def _check_place(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
        take = _index(move, "take")
        row, col = _index(move, "row"), _index(move, "col")
        letter = move.get("letter")
        if letter is not None and not (isinstance(letter, str) and letter in LETTERS_SET):
            raise bad_move('"letter" must be one letter A-Z.')
        ret = move.get("return")
        if ret is not None:
            if not isinstance(ret, Mapping):
                raise bad_move('"return" must be {"row": r, "col": c}.')
            ret_row, ret_col = _index(ret, "row"), _index(ret, "col")

        arm = state["seat_arms"][seat]
        tile = state["spinner"][arm][take]
        if tile is None:
            raise IllegalMove(NO_SUCH_TILE, f"There is no tile at space {take} of your arm.")
        board = state["boards"][seat]
        if board[row][col] is not None:
            raise IllegalMove(CELL_TAKEN, f"Row {row}, column {col} of your board is taken.")
        if tile == BLANK:
            if letter is None:
                raise IllegalMove(BLANK_NEEDS_LETTER, "Say which letter the blank stands for.")
            placed = letter.lower()
        else:
            if letter is not None and letter.upper() != tile:
                raise bad_move(f'That tile is {tile}; "letter" only names a blank.')
            placed = tile
        choice: dict[str, Any] = {"type": "place", "take": take, "row": row, "col": col}
        if tile == BLANK:
            choice["letter"] = placed.upper()
        if ret is None:
            return choice

        if (ret_row, ret_col) == (row, col):
            raise bad_move("You may return another tile, not the one you are placing.")
        to_return = board[ret_row][ret_col]
        if to_return is None:
            raise IllegalMove(NOTHING_TO_CLEAR, f"Row {ret_row}, column {ret_col} of your board is empty.")
        after = [list(r) for r in board]
        after[row][col] = placed
        words = geo.completed_words(after, row, col, _lexicon(ctx))
        if any([ret_row, ret_col] in w["cells"] for w in words):
            raise bad_move("That tile scores in your new word and goes back to the bag anyway.")
        penalty = return_penalty(to_return)
        # Scoring comes before returns, so this placement's points count toward the penalty.
        available = state["scores"][seat] + geo.placement_score(words)
        if available < penalty:
            raise IllegalMove(
                CANNOT_AFFORD_RETURN,
                f"Returning that tile costs {penalty} points and you would have {available}.",
                penalty=penalty,
            )
        choice["return"] = {"row": ret_row, "col": ret_col}
        return choice

    def _check_clear(self, state: State, seat: int, move: Mapping[str, Any]) -> dict[str, Any]:
        has_row, has_col = move.get("row") is not None, move.get("col") is not None
        if has_row == has_col:
            raise bad_move('A clear names exactly one of "row" or "col".')
        kind = "row" if has_row else "col"
        index = _index(move, kind)
        if all(t is None for t in geo.line_tiles(state["boards"][seat], kind, index)):
            raise IllegalMove(NOTHING_TO_CLEAR, f"Your {'row' if has_row else 'column'} {index} is empty.")
        return {"type": "clear", kind: index}

    # ------------------------------------------------------------------ resolution
    def _resolve(self, state: State, lexicon: Any) -> None:
        """Reveal and carry out every choice of the turn, in seat order, then refill and rotate."""
        seats = range(state["players"])
        choices = [state["pending"][s]["choice"] for s in seats]
        boards, scores, bag, spinner = state["boards"], state["scores"], state["bag"], state["spinner"]
        records: list[dict[str, Any]] = [{"seat": s, **choices[s]} for s in seats]
        placing = [s for s in seats if choices[s]["type"] == "place"]

        for s in placing:
            c = choices[s]
            arm = state["seat_arms"][s]
            tile = spinner[arm][c["take"]]
            spinner[arm][c["take"]] = None
            boards[s][c["row"]][c["col"]] = c["letter"].lower() if tile == BLANK else tile
            records[s]["tile"] = tile
        scored_cells: dict[int, list[list[int]]] = {}
        for s in placing:
            c = choices[s]
            words = geo.completed_words(boards[s], c["row"], c["col"], lexicon)
            points = geo.placement_score(words)
            scores[s] += points
            scored_cells[s] = [cell for w in words for cell in w["cells"]]
            records[s]["words"] = [{"word": w["word"], "line": w["line"], "index": w["index"],
                                    "score": w["score"]} for w in words]
            records[s]["points"] = points
            records[s]["doubled"] = len(words) == 2
        for s in placing:
            ret = choices[s].get("return")
            if ret is None:
                continue
            tile = boards[s][ret["row"]][ret["col"]]
            penalty = return_penalty(tile)
            boards[s][ret["row"]][ret["col"]] = None
            scores[s] -= penalty
            bag.append(back_to_bag(tile))
            records[s]["return"] = {**ret, "tile": tile, "penalty": penalty}
        for s in placing:
            for r, c in scored_cells[s]:
                # The shared tile of two words is one tile: it goes back once.
                if boards[s][r][c] is not None:
                    bag.append(back_to_bag(boards[s][r][c]))
                    boards[s][r][c] = None
        for s in seats:
            c = choices[s]
            if c["type"] != "clear":
                continue
            kind = "row" if "row" in c else "col"
            cleared = []
            for r, col in geo.line_cells(kind, c[kind]):
                if boards[s][r][col] is not None:
                    cleared.append(boards[s][r][col])
                    bag.append(back_to_bag(boards[s][r][col]))
                    boards[s][r][col] = None
            records[s]["tiles"] = cleared

        rng = rng_for(state["seed"], "refill", state["turn"])
        refilled = 0
        for arm in range(geo.ARMS):
            for space in range(geo.SIZE):
                if spinner[arm][space] is None and bag:
                    spinner[arm][space] = bag.pop(rng.randrange(len(bag)))
                    refilled += 1
        state["spinner"] = geo.rotate(spinner)

        entry: dict[str, Any] = {"type": "turn", "turn": state["turn"], "choices": records,
                                 "scores": list(scores), "refilled": refilled}
        state["turn"] += 1
        state["pending"] = [None] * state["players"]
        state["turn_first_move"] = state["moves"]
        reason = self._end_reason(state)
        if reason is not None:
            state["over"] = True
            state["end_reason"] = reason
            entry["end"] = reason
        state["log"].append(entry)

    @staticmethod
    def _end_reason(state: State) -> str | None:
        if max(state["scores"]) >= TARGET:
            return REASON_TARGET
        if not state["bag"] and all(t is None for arm in state["spinner"] for t in arm):
            return REASON_TILES
        if state["turn"] - 1 >= state["max_turns"]:
            return REASON_TURNS
        return None

    # ------------------------------------------------------------------ what each seat sees
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.check_viewer(state, seat)
        mine = seat
        outcome = self.outcome(state)
        to_act = sorted(self.to_act(state))
        return {
            "kind": self.kind,
            "players": state["players"],
            "seat": mine,
            "seat_arms": list(state["seat_arms"]),
            "my_arm": None if mine is None else state["seat_arms"][mine],
            "spinner": [list(arm) for arm in state["spinner"]],
            "boards": [[list(r) for r in b] for b in state["boards"]],
            "scores": list(state["scores"]),
            "target": TARGET,
            "tile_values": dict(VALUES),
            "turn": state["turn"],
            "turn_id": self.turn_id(state),
            "max_turns": state["max_turns"],
            "bag_count": len(state["bag"]),
            # Who has chosen is public; what they chose is not, until the turn resolves.
            "chosen": [p is not None for p in state["pending"]],
            "to_act": to_act,
            "waiting_for": len(to_act),
            "my_choice": None if mine is None else json_copy(state["pending"][mine]),
            "log": json_copy(state["log"]),
            "over": state["over"],
            "end_reason": state["end_reason"],
            "outcome": None if outcome is None else outcome.to_json(),
        }

    def log_view(self, state: State, entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """A raw move-log entry; another seat's choice stays hidden while its turn is unresolved.

        A choice is unresolved when its seat still has a pending choice and the entry lies in the
        current turn: its ``index`` (position among engine moves, counted from 0 like
        ``state["moves"]``) is at least ``state["turn_first_move"]``.  Without an index, ``seq`` is
        used the same way, which can only err toward hiding an already revealed entry.
        """
        self.check_viewer(state, seat)
        mover, seq = entry.get("seat"), entry.get("seq")
        position = entry.get("index", seq)
        unresolved = (
            not state["over"]
            and mover != seat
            and self.is_seat(state, mover)
            and state["pending"][mover] is not None
            and (not isinstance(position, int) or position >= state["turn_first_move"])
        )
        shown: dict[str, Any] = {key: entry[key] for key in ("seq", "index") if key in entry}
        shown["seat"] = mover
        if unresolved:
            return {**shown, "move": None, "hidden": True}
        return {**shown, "move": json_copy(dict(entry.get("move") or {}))}

    def hidden_from(self, state: State, seat: int | None) -> list[Any]:
        self.check_viewer(state, seat)
        secrets: list[Any] = []
        if state["bag"]:
            secrets.append(state["bag"])  # its order is the future draws
        secrets.extend(p for s, p in enumerate(state["pending"]) if p is not None and s != seat)
        return secrets

    # ------------------------------------------------------------------ default and random choices
    def timeout_move(self, state: State, seat: int) -> dict[str, Any]:
        """Place the first letter at your arm (a blank as E) on your first empty cell; if you
        cannot place, clear your fullest row."""
        self.check_in_play(state, seat)
        arm = state["spinner"][state["seat_arms"][seat]]
        board = state["boards"][seat]
        empty = [(r, c) for r in range(geo.SIZE) for c in range(geo.SIZE) if board[r][c] is None]
        takes = [i for i, t in enumerate(arm) if t is not None]
        if empty and takes:
            take = next((i for i in takes if arm[i] != BLANK), takes[0])
            row, col = empty[0]
            move = {"type": "place", "take": take, "row": row, "col": col}
            if arm[take] == BLANK:
                move["letter"] = "E"
            return move
        counts = [sum(t is not None for t in row) for row in board]
        return {"type": "clear", "row": counts.index(max(counts))}

    def random_move(self, state: State, seat: int, rng: random.Random, ctx: Context) -> dict[str, Any]:
        """A random legal choice that usually completes a word when it can, otherwise often grows a
        line whose letters so far begin a word, and clears lines that can no longer become one."""
        self.check_acting(state, seat)
        lexicon = ctx.lexicon if ctx is not None else None
        arm = state["spinner"][state["seat_arms"][seat]]
        board = state["boards"][seat]
        empty = [(r, c) for r in range(geo.SIZE) for c in range(geo.SIZE) if board[r][c] is None]
        takes = [i for i, t in enumerate(arm) if t is not None]
        lines = [(k, i) for k in ("row", "col") for i in range(geo.SIZE)
                 if any(t is not None for t in geo.line_tiles(board, k, i))]
        if not (empty and takes) or (lines and rng.random() < 0.03):
            return self._random_clear(board, lines, lexicon, rng)

        options: list[tuple[dict[str, Any], str]] = []  # (move, the tile as it would lie on the board)
        for take in takes:
            letters = LETTERS if arm[take] == BLANK else arm[take]
            for row, col in empty:
                for letter in letters:
                    move: dict[str, Any] = {"type": "place", "take": take, "row": row, "col": col}
                    if arm[take] == BLANK:
                        move["letter"] = letter
                    options.append((move, letter.lower() if arm[take] == BLANK else letter))
        if lexicon is None:
            return rng.choice(options)[0]

        scoring, growing = [], []
        for move, placed in options:
            after = [list(r) for r in board]
            after[move["row"]][move["col"]] = placed
            words = geo.completed_words(after, move["row"], move["col"], lexicon)
            if words:
                scoring.append((move, after, words))
            elif (self._grows_word(after, "row", move["row"], move["col"], lexicon)
                  or self._grows_word(after, "col", move["col"], move["row"], lexicon)):
                growing.append((move, after, words))
        if scoring and rng.random() < 0.95:
            move, after, words = rng.choice(scoring)
        elif growing and rng.random() < 0.85:
            move, after, words = rng.choice(growing)
        elif lines and rng.random() < 0.5:
            return self._random_clear(board, lines, lexicon, rng)
        else:
            move, placed = rng.choice(options)
            after = [list(r) for r in board]
            after[move["row"]][move["col"]] = placed
            words = geo.completed_words(after, move["row"], move["col"], lexicon)
        if rng.random() < 0.05:
            self._maybe_add_return(state, seat, move, after, words, rng)
        return move

    @staticmethod
    def _grows_word(board: geo.Board, kind: str, index: int, pos: int, lexicon: Any) -> bool:
        """The tile at ``pos`` of the line extends the line's leading letters, and they still begin
        a word (the cheap test a Lexicon offers, with no pattern search)."""
        tiles = geo.line_tiles(board, kind, index)
        if any(t is None for t in tiles[:pos]) or any(t is not None for t in tiles[pos + 1:]):
            return False
        # The check above leaves no gap before ``pos``, and the tile at ``pos`` was just placed.
        return lexicon.has_prefix("".join(cast(list[str], tiles[: pos + 1])).upper())

    @staticmethod
    def _random_clear(board: geo.Board, lines: list[tuple[str, int]], lexicon: Any,
                      rng: random.Random) -> dict[str, Any]:
        """Clear a line, preferring one whose leading letters begin no word."""
        def dead(kind: str, index: int) -> bool:
            prefix = ""
            for t in geo.line_tiles(board, kind, index):
                if t is None:
                    break
                prefix += t.upper()
            tiles = geo.line_tiles(board, kind, index)
            return (lexicon is not None and not lexicon.has_prefix(prefix)) or prefix == "" \
                or (None not in tiles and lexicon is not None and not lexicon.contains(prefix))
        stuck = [line for line in lines if dead(*line)]
        kind, index = rng.choice(stuck or lines)
        return {"type": "clear", kind: index}

    @staticmethod
    def _maybe_add_return(state: State, seat: int, move: dict[str, Any], after: geo.Board,
                          words: list[dict[str, Any]], rng: random.Random) -> None:
        budget = state["scores"][seat] + geo.placement_score(words)
        in_words = [cell for w in words for cell in w["cells"]]
        candidates = [[r, c] for r in range(geo.SIZE) for c in range(geo.SIZE)
                      if (tile := after[r][c]) is not None and (r, c) != (move["row"], move["col"])
                      and [r, c] not in in_words and return_penalty(tile) <= budget]
        if candidates:
            r, c = rng.choice(candidates)
            move["return"] = {"row": r, "col": c}
