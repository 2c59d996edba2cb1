"""The rules of Spell, the cooperative letter-by-letter guessing game (rules/spell.txt, spell.md).

Each round one seat is the question mark: it picks a number for a term card it never sees, and the
others write a clue word for that secret term one letter at a time across up to five clue boards of
seven fields, declaring privately which word they mean.  After every letter or crossed-out field the
question mark has one guess at the clue word; a board closes on a right guess or when it has no free
field left, and each closed board earns one guess at the secret term.  Five rounds; the table scores
together.

Pure rules: term cards arrive in the setup options (the database is not known here), randomness comes
from the game's seed, and nothing secret leaves through ``view`` or ``log_view``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping
from typing import Any, TypeGuard

from ..base import (
    Context,
    Engine,
    IllegalMove,
    OptionSchema,
    Outcome,
    State,
    bad_move,
    boolean,
    contains_value,
    copy_state,
    integer,
    one_of,
    rng_for,
    scalar,
    set_by_server,
    short_text,
    text,
    whole_number,
)
from . import terms
from .scoring import BOARDS_PER_ROUND, free_fields, round_score

# Refusal codes of this game (BAD_MOVE, NOT_YOUR_TURN and GAME_OVER come from base).
NOT_A_PREFIX = "NOT_A_PREFIX"
BOARD_FULL = "BOARD_FULL"
NOT_A_LETTER = "NOT_A_LETTER"
NO_PENDING_RULING = "NO_PENDING_RULING"

ROUNDS = 5
TERMS_PER_SIDE = 5
MAX_WORD_LENGTH = 40
CROSSED = "#"  # a crossed-out field in a board's "fields" picture

# Phases: whose decision the game waits for.
PICK = "pick"  # the question mark names a number 1-5
WRITE = "write"  # the next writer writes a letter or crosses out
GUESS_CLUE = "guess_clue"  # the question mark guesses the clue word
RULE = "rule"  # the last writer rules on that guess
GUESS_TERM = "guess_term"  # a board closed: the question mark guesses the term
OVER = "over"

# Which move types each phase accepts.
PHASE_MOVES = {
    PICK: ("pick",),
    WRITE: ("write", "cross_out"),
    GUESS_CLUE: ("guess_clue",),
    RULE: ("rule",),
    GUESS_TERM: ("guess_term",),
    OVER: (),
}
# The keys each move may carry (bounds on size only; the rules check lengths and letters).  A letter
# may be any scalar here: whatever is not one letter is refused by the rules as NOT_A_LETTER.
MOVE_SCHEMA = {
    "pick": {"number": integer()},
    "write": {"letter": scalar(8), "clue": text(200, nullable=True)},
    "cross_out": {},
    "guess_clue": {"word": text(200, nullable=True)},
    "rule": {"right": boolean()},
    "guess_term": {"word": text(200, nullable=True)},
}

# What of a raw move payload anybody may see; a write's clue is shown only to those allowed.
PUBLIC_MOVE_KEYS = {
    "pick": ("number",),
    "write": ("letter",),
    "cross_out": (),
    "guess_clue": ("word",),
    "rule": ("right",),
    "guess_term": ("word",),
}

# Results of a clue guess.
RIGHT, WRONG, PASSED, PENDING = "right", "wrong", "passed", "pending"
# Why a board closed.
CLOSED_RIGHT, CLOSED_FULL = "right", "full"


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate_cards(raw: Any) -> list[dict[str, Any]]:
    """A clean copy of the term cards from the setup options."""
    if not isinstance(raw, list) or len(raw) < ROUNDS:
        raise bad_move(f"Spell needs a list of at least {ROUNDS} term cards in options['cards'].")
    cards = []
    seen_ids = set()
    for n, card in enumerate(raw):
        if not isinstance(card, Mapping) or not _is_int(card.get("id")):
            raise bad_move(f"Card {n} needs an integer id.")
        if card["id"] in seen_ids:
            raise bad_move(f"Card id {card['id']} occurs twice.")
        seen_ids.add(card["id"])
        sides = card.get("sides")
        if not isinstance(sides, list) or len(sides) != 2:
            raise bad_move(f"Card {card['id']} needs two sides.")
        clean_sides = []
        for side in sides:
            if not isinstance(side, list) or len(side) != TERMS_PER_SIDE:
                raise bad_move(f"Each side of card {card['id']} needs {TERMS_PER_SIDE} terms.")
            if not all(isinstance(t, str) and terms.normalise(t) for t in side):
                raise bad_move(f"Card {card['id']} has an empty or non-text term.")
            clean_sides.append([t.strip() for t in side])
        alternatives = card.get("alternatives") or {}
        if not isinstance(alternatives, Mapping):
            raise bad_move(f"The alternatives of card {card['id']} must map a term to a list of words.")
        clean_alternatives = {}
        for term, alts in alternatives.items():
            if not isinstance(term, str) or not isinstance(alts, list):
                raise bad_move(f"The alternatives of card {card['id']} must map a term to a list of words.")
            if not all(isinstance(a, str) and terms.normalise(a) for a in alts):
                raise bad_move(f"Card {card['id']} has an empty or non-text alternative.")
            clean_alternatives[term.strip()] = [a.strip() for a in alts]
        cards.append({"id": card["id"], "sides": clean_sides, "alternatives": clean_alternatives})
    return cards


def _new_board() -> dict[str, Any]:
    # Letters fill fields from the left and crossing out takes the rightmost free field, so a board
    # is always: letters, free fields, crossed fields.
    return {"letters": [], "crossed": 0, "actions": [], "guesses": [], "closed": None, "word": None}


def _last_write(board: Mapping[str, Any]) -> dict[str, Any] | None:
    """The action that wrote the board's last letter: its writer rules, its clue is the word to guess."""
    for action in reversed(board["actions"]):
        if action["type"] == "write":
            return action
    return None


def _guess_word(move: Mapping[str, Any]) -> str:
    """The guessed text; an empty word is a pass (a guess that counts as wrong)."""
    word = move.get("word", "")
    if word is None:
        word = ""
    if not isinstance(word, str):
        raise bad_move("A guess needs a word (text).")
    word = " ".join(word.split())
    if len(word) > MAX_WORD_LENGTH:
        raise bad_move(f"A guess may have at most {MAX_WORD_LENGTH} characters.")
    if word and not terms.normalise(word):
        raise bad_move("A guess needs letters.")
    return word


def _fork(state: State) -> State:
    """A copy for ``apply`` to change.  Only the current round is ever changed in place; the cards,
    finished rounds and logged events are never touched again, so sharing them is safe and spares
    deep-copying a whole game on every move."""
    return copy_state(state, append_only=("used_cards", "history", "round_scores", "log"), shared=("cards",))


class SpellEngine(Engine):
    kind = "spell"
    min_seats = 2
    max_seats = 6
    cooperative = True
    list_order = 4
    move_schema = MOVE_SCHEMA
    # The cards are drawn by the server from the site's deck in ``language`` (``uses_term_deck``).
    options_schema: OptionSchema = {
        "language": short_text(8, default="en"),
        "side": one_of(0, 1, default=None, nullable=True),  # None: drawn each round
        "first_guesser": whole_number(0, max_seats - 1, default=0),
        "cards": set_by_server(),
    }
    # Setup options that never leave the server: the term cards hold every secret term, drawn by
    # the server from the site's term deck.
    private_options = ("cards",)
    uses_term_deck = True

    # ----------------------------------------------------------------- setup and turns

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if not _is_int(seats) or not self.min_seats <= seats <= self.max_seats:
            raise bad_move(f"Spell is for {self.min_seats} to {self.max_seats} players.")
        if not isinstance(options, Mapping):
            raise bad_move("Options must be a mapping.")
        cards = _validate_cards(options.get("cards"))
        language = options.get("language", "en")
        if not isinstance(language, str) or not language:
            raise bad_move("options['language'] must be a language code such as 'en'.")
        side = options.get("side")
        if side is not None and not (_is_int(side) and side in (0, 1)):
            raise bad_move("options['side'] must be 0, 1 or absent (drawn each round).")
        first = options.get("first_guesser", 0)
        if not _is_int(first) or not 0 <= first < seats:
            raise bad_move("options['first_guesser'] must be a seat.")
        state: State = {
            "seed": seed,
            "seats": seats,
            "language": language,
            "side": side,
            "first_guesser": first,
            "cards": cards,
            "used_cards": [],
            "phase": PICK,
            "round": None,
            "history": [],
            "round_scores": [],
            "moves": 0,
            "log": [],
        }
        self._start_round(state, 1)
        return state

    def seat_count(self, state: State) -> int:
        return state["seats"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == OVER

    def to_act(self, state: State) -> frozenset[int]:
        phase = state["phase"]
        rnd = state["round"]
        if phase == OVER:
            return frozenset()
        if phase == WRITE:
            return frozenset({rnd["writer"]})
        if phase == RULE:
            return frozenset({rnd["pending"]["ruler"]})
        return frozenset({rnd["guesser"]})

    def turn_id(self, state: State) -> str:
        number = state["round"]["number"] if state["round"] else ROUNDS
        return f"r{number}.{state['phase']}.{state['moves']}"

    # ----------------------------------------------------------------- moves

    def apply(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> State:
        self.check_move(state, seat, move)
        kind = move["type"]
        phase = state["phase"]
        if kind == "rule" and phase != RULE:
            raise IllegalMove(NO_PENDING_RULING, "No guess is waiting for a ruling.")
        if kind not in PHASE_MOVES[phase]:
            raise bad_move(f"Now expected: {' or '.join(PHASE_MOVES[phase])}, not {kind}.")
        new = _fork(state)
        getattr(self, f"_move_{kind}")(new, seat, move)
        new["moves"] += 1
        return new

    def _move_pick(self, st: State, seat: int, move: Mapping[str, Any]) -> None:
        number = move.get("number")
        if not _is_int(number) or not 1 <= number <= TERMS_PER_SIDE:
            raise bad_move(f"Pick a number from 1 to {TERMS_PER_SIDE}.")
        rnd = st["round"]
        rnd["pick"] = number
        rnd["term"] = st["cards"][rnd["card"]]["sides"][rnd["side"]][number - 1]
        st["log"].append({"seat": seat, "type": "pick", "round": rnd["number"], "number": number})
        st["phase"] = WRITE

    def _move_write(self, st: State, seat: int, move: Mapping[str, Any]) -> None:
        letter = move.get("letter")
        if not isinstance(letter, str) or len(letter.strip()) != 1 or not letter.strip().isalpha():
            raise IllegalMove(NOT_A_LETTER, "Write exactly one letter.")
        letter = letter.strip()
        # "ß".upper() is "SS": keep such a letter as written rather than turn it into two.
        letter = letter.upper() if len(letter.upper()) == 1 else letter
        rnd = st["round"]
        board = rnd["boards"][-1]
        if free_fields(board) == 0:
            raise IllegalMove(BOARD_FULL, "This clue board has no free field left.")
        clue = move.get("clue")
        if not isinstance(clue, str) or not clue.strip():
            raise bad_move("Declare the clue word you mean with your letter.")
        clue = clue.strip()
        if len(clue) > MAX_WORD_LENGTH or not clue.isalpha() or len(terms.normalise(clue)) < 2:
            raise bad_move("A clue word is one word of at least two letters.")
        written = "".join(board["letters"]) + letter
        if not terms.extends(written, clue):
            raise IllegalMove(
                NOT_A_PREFIX, f"The board would read {written}, which is not the start of {clue.upper()}."
            )
        if terms.is_term(clue, rnd["term"], self._alternatives(st, rnd)):
            raise bad_move("The clue word may not be the secret term itself.")
        board["letters"].append(letter)
        # "index" ties the action to its raw move in the game's move log (see log_view).
        board["actions"].append(
            {"seat": seat, "type": "write", "letter": letter, "clue": clue.upper(), "index": st["moves"]}
        )
        st["log"].append(
            {
                "seat": seat,
                "type": "write",
                "round": rnd["number"],
                "board": len(rnd["boards"]) - 1,
                "letter": letter,
            }
        )
        self._after_action(st)

    def _move_cross_out(self, st: State, seat: int, move: Mapping[str, Any]) -> None:
        rnd = st["round"]
        board = rnd["boards"][-1]
        if free_fields(board) == 0:
            raise IllegalMove(BOARD_FULL, "This clue board has no free field left to cross out.")
        board["crossed"] += 1
        board["actions"].append({"seat": seat, "type": "cross_out"})
        st["log"].append(
            {"seat": seat, "type": "cross_out", "round": rnd["number"], "board": len(rnd["boards"]) - 1}
        )
        self._after_action(st)

    def _after_action(self, st: State) -> None:
        rnd = st["round"]
        rnd["writer"] = self._next_writer(st, rnd["writer"])
        st["phase"] = GUESS_CLUE

    def _move_guess_clue(self, st: State, seat: int, move: Mapping[str, Any]) -> None:
        word = _guess_word(move)
        rnd = st["round"]
        board = rnd["boards"][-1]
        last = _last_write(board)
        guess = {"word": word, "result": WRONG, "ruled_by": None}
        board["guesses"].append(guess)
        event = {
            "seat": seat,
            "type": "guess_clue",
            "round": rnd["number"],
            "board": len(rnd["boards"]) - 1,
            "word": word,
        }
        st["log"].append(event)
        if not word:
            guess["result"] = event["result"] = PASSED
            self._after_wrong(st)
        elif last is None:
            # Nothing written yet (only crossed-out fields): there is no clue word to be right about.
            event["result"] = WRONG
            self._after_wrong(st)
        elif terms.same_word(word, last["clue"]):
            guess["result"] = event["result"] = RIGHT
            self._close_board(st, CLOSED_RIGHT, word)
        else:
            guess["result"] = event["result"] = PENDING
            rnd["pending"] = {"word": word, "ruler": last["seat"]}
            st["phase"] = RULE

    def _move_rule(self, st: State, seat: int, move: Mapping[str, Any]) -> None:
        right = move.get("right")
        if not isinstance(right, bool):
            raise bad_move("A ruling needs right: true or false.")
        rnd = st["round"]
        board = rnd["boards"][-1]
        guess = board["guesses"][-1]
        guess["result"] = RIGHT if right else WRONG
        guess["ruled_by"] = seat
        rnd["pending"] = None
        st["log"].append(
            {
                "seat": seat,
                "type": "rule",
                "round": rnd["number"],
                "board": len(rnd["boards"]) - 1,
                "word": guess["word"],
                "right": right,
            }
        )
        if right:
            self._close_board(st, CLOSED_RIGHT, guess["word"])
        else:
            self._after_wrong(st)

    def _after_wrong(self, st: State) -> None:
        board = st["round"]["boards"][-1]
        if free_fields(board) == 0:
            # The rulebook: the last writer reveals the word and the question mark still gets a term guess.
            last = _last_write(board)
            self._close_board(st, CLOSED_FULL, last["clue"] if last else None)
        else:
            st["phase"] = WRITE

    def _close_board(self, st: State, reason: str, word: str | None) -> None:
        rnd = st["round"]
        board = rnd["boards"][-1]
        board["closed"] = reason
        board["word"] = word
        st["log"].append(
            {
                "seat": None,
                "type": "board_closed",
                "round": rnd["number"],
                "board": len(rnd["boards"]) - 1,
                "reason": reason,
                "word": word,
            }
        )
        st["phase"] = GUESS_TERM

    def _move_guess_term(self, st: State, seat: int, move: Mapping[str, Any]) -> None:
        word = _guess_word(move)
        rnd = st["round"]
        right = bool(word) and terms.is_term(word, rnd["term"], self._alternatives(st, rnd))
        rnd["term_guesses"].append({"word": word, "right": right, "board": len(rnd["boards"]) - 1})
        st["log"].append(
            {"seat": seat, "type": "guess_term", "round": rnd["number"], "word": word, "right": right}
        )
        if right:
            self._end_round(st, found=True)
        elif len(rnd["boards"]) >= BOARDS_PER_ROUND:
            self._end_round(st, found=False)
        else:
            rnd["boards"].append(_new_board())
            st["phase"] = WRITE

    # ----------------------------------------------------------------- rounds

    def _start_round(self, st: State, number: int) -> None:
        seats = st["seats"]
        guesser = (st["first_guesser"] + number - 1) % seats
        rng = rng_for(st["seed"], "round", number)
        remaining = [i for i in range(len(st["cards"])) if i not in st["used_cards"]]
        card = rng.choice(remaining)
        side = st["side"] if st["side"] is not None else rng.randrange(2)
        st["used_cards"].append(card)
        st["round"] = {
            "number": number,
            "guesser": guesser,
            "card": card,
            "side": side,
            "pick": None,
            "term": None,
            "boards": [_new_board()],
            # Writers go clockwise from the question mark's left, skipping them, across boards.
            "writer": (guesser + 1) % seats,
            "pending": None,
            "term_guesses": [],
            "found": None,
            "score": None,
        }
        st["phase"] = PICK
        st["log"].append({"seat": None, "type": "round_start", "round": number, "guesser": guesser})

    def _end_round(self, st: State, found: bool) -> None:
        rnd = st["round"]
        rnd["found"] = found
        rnd["score"] = round_score(rnd["boards"], found)
        st["history"].append(rnd)
        st["round_scores"].append(rnd["score"])
        st["log"].append(
            {
                "seat": None,
                "type": "round_end",
                "round": rnd["number"],
                "term": rnd["term"],
                "found": found,
                "score": rnd["score"],
            }
        )
        if rnd["number"] >= ROUNDS:
            st["round"] = None
            st["phase"] = OVER
            st["log"].append({"seat": None, "type": "game_end", "team_score": sum(st["round_scores"])})
        else:
            self._start_round(st, rnd["number"] + 1)

    def _next_writer(self, st: State, seat: int) -> int:
        nxt = (seat + 1) % st["seats"]
        return (nxt + 1) % st["seats"] if nxt == st["round"]["guesser"] else nxt

    def _alternatives(self, st: State, rnd: Mapping[str, Any]) -> list[str]:
        if rnd["term"] is None:
            return []
        wanted = terms.normalise(rnd["term"])
        for term, alts in st["cards"][rnd["card"]]["alternatives"].items():
            if terms.normalise(term) == wanted:
                return alts
        return []

    # ----------------------------------------------------------------- what each seat sees

    def _is_clue_giver(self, state: State, seat: int | None) -> bool:
        rnd = state["round"]
        # Every caller has checked ``seat`` (a seat or None, the spectator).
        return rnd is not None and seat is not None and seat != rnd["guesser"]

    def _clue_visible(
        self,
        state: State,
        rnd: Mapping[str, Any],
        board: Mapping[str, Any],
        action: Mapping[str, Any],
        seat: int | None,
    ) -> bool:
        """A declared word is seen by its writer, by the other clue-givers once its board has closed,
        and by everyone once its round is over."""
        if rnd is not state["round"]:
            return True
        if seat is not None and seat == action["seat"]:
            return True
        return bool(board["closed"]) and self._is_clue_giver(state, seat)

    def _board_view(
        self, state: State, rnd: Mapping[str, Any], board: Mapping[str, Any], seat: int | None
    ) -> dict[str, Any]:
        actions = []
        my_clue = None
        for action in board["actions"]:
            shown = {"seat": action["seat"], "type": action["type"]}
            if action["type"] == "write":
                shown["letter"] = action["letter"]
                if self._clue_visible(state, rnd, board, action, seat):
                    shown["clue"] = action["clue"]
                if seat is not None and action["seat"] == seat:
                    my_clue = action["clue"]
            actions.append(shown)
        free = free_fields(board)
        last = _last_write(board)
        return {
            "fields": list(board["letters"]) + [None] * free + [CROSSED] * board["crossed"],
            "free": free,
            "actions": actions,
            "last_writer": last["seat"] if last else None,
            "my_clue": my_clue,
            "guesses": [dict(g) for g in board["guesses"]],
            "closed": board["closed"],
            "word": board["word"],
        }

    def _round_view(self, state: State, rnd: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        finished = rnd is not state["round"]
        sees_term = finished or self._is_clue_giver(state, seat)
        return {
            "number": rnd["number"],
            "guesser": rnd["guesser"],
            "pick": rnd["pick"],
            "term": rnd["term"] if sees_term else None,
            "boards": [self._board_view(state, rnd, b, seat) for b in rnd["boards"]],
            "writer": None if finished else rnd["writer"],
            "pending": dict(rnd["pending"]) if rnd["pending"] else None,
            "term_guesses": [dict(g) for g in rnd["term_guesses"]],
            # What the round would score if the term were named now ("the round's score so far").
            "at_stake": round_score(rnd["boards"], True) if not finished else rnd["score"],
            "found": rnd["found"],
            "score": rnd["score"],
        }

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.check_viewer(state, seat)
        rnd = state["round"]
        if rnd is None:
            role = "player" if seat is not None else "spectator"
        elif self._is_clue_giver(state, seat):
            role = "clue_giver"
        elif seat == rnd["guesser"]:
            role = "question_mark"
        else:
            role = "spectator"
        ends = [i for i, e in enumerate(state["log"]) if e["type"] == "round_end"]
        start = ends[-1] if ends else 0
        return {
            "kind": self.kind,
            "seats": state["seats"],
            "language": state["language"],
            "rounds": ROUNDS,
            "phase": state["phase"],
            "turn": self.turn_id(state),
            "to_act": sorted(self.to_act(state)),
            "you": seat,
            "role": role,
            "round": self._round_view(state, rnd, seat) if rnd else None,
            "history": [self._round_view(state, r, seat) for r in state["history"]],
            "round_scores": list(state["round_scores"]),
            "team_score": sum(state["round_scores"]),
            # The state's log carries no secrets (declared words live only in the boards).  Earlier
            # rounds are told in full by "history", so the log starts at the last round's end.
            "log_start": start,
            "log": [dict(e) for e in state["log"][start:]],
        }

    def log_view(self, state: State, entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        self.check_viewer(state, seat)
        move = entry.get("move")
        shown: dict[str, Any] = {}
        if isinstance(move, Mapping) and move.get("type") in PUBLIC_MOVE_KEYS:
            kind = move["type"]
            shown["type"] = kind
            for key in PUBLIC_MOVE_KEYS[kind]:
                if key in move:
                    shown[key] = move[key]
            if kind == "write" and "clue" in move and self._logged_clue_visible(state, entry, seat):
                shown["clue"] = move["clue"]
        return {
            "seq": entry.get("seq"),
            "index": entry.get("index"),
            "seat": entry.get("seat"),
            "move": shown,
        }

    def _logged_clue_visible(self, state: State, entry: Mapping[str, Any], seat: int | None) -> bool:
        """Whether ``seat`` may see the clue of the logged write ``entry``.  The write is found by its
        move index; without one, the clue shows only if every write of that word by that writer is
        visible to ``seat``."""
        writer, clue, index = entry.get("seat"), entry["move"]["clue"], entry.get("index")
        if seat is not None and seat == writer:
            return True
        if not isinstance(clue, str):
            return False
        wanted = terms.normalise(clue)
        found = False
        for rnd in [*state["history"], *([state["round"]] if state["round"] else [])]:
            for board in rnd["boards"]:
                for action in board["actions"]:
                    if action["type"] != "write":
                        continue
                    if _is_int(index):
                        if action["index"] == index:
                            return self._clue_visible(state, rnd, board, action, seat)
                        continue
                    if action["seat"] == writer and terms.normalise(action["clue"]) == wanted:
                        found = True
                        if not self._clue_visible(state, rnd, board, action, seat):
                            return False
        return found

    def _known_texts(self, state: State, seat: int | None) -> list[str]:
        """Every text ``seat`` is entitled to see, worked out from the state and not from ``view``."""
        known: list[str] = []
        for rnd in [*state["history"], *([state["round"]] if state["round"] else [])]:
            finished = rnd is not state["round"]
            if finished or self._is_clue_giver(state, seat):
                known.append(rnd["term"])
            known.extend(g["word"] for g in rnd["term_guesses"])
            for board in rnd["boards"]:
                known.extend(g["word"] for g in board["guesses"])
                known.append(board["word"])
                for action in board["actions"]:
                    if action["type"] == "write" and self._clue_visible(state, rnd, board, action, seat):
                        known.append(action["clue"])
        return [t for t in known if t]

    def hidden_from(self, state: State, seat: int | None) -> list[Any]:
        """The current card's terms (all of them for the question mark and spectators; a clue-giver
        sees the secret term) and the declared words ``seat`` may not see yet.  A secret that occurs
        in a text the seat may see anyway (its own guess FISHING holds FISH) is left out: the leak
        check could not tell the two apart."""
        self.check_viewer(state, seat)
        rnd = state["round"]
        if rnd is None:
            return []
        # Other cards never reach a view at all, so the current card is what there is to check.
        card = state["cards"][rnd["card"]]
        secrets: list[str] = [t for side in card["sides"] for t in side]
        for board in rnd["boards"]:
            for action in board["actions"]:
                if action["type"] == "write" and not self._clue_visible(state, rnd, board, action, seat):
                    secrets.append(action["clue"])
        known = self._known_texts(state, seat)
        hidden: list[Any] = []
        for secret in secrets:
            if secret not in hidden and not contains_value(known, secret):
                hidden.append(secret)
        return hidden

    # ----------------------------------------------------------------- results

    def scores(self, state: State) -> list[int]:
        return [sum(state["round_scores"])] * state["seats"]

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != OVER:
            return None
        total = sum(state["round_scores"])
        seats = state["seats"]
        return Outcome(scores=(total,) * seats, ranks=(1,) * seats, reason="finished", team_score=total)

    def timeout_move(self, state: State, seat: int) -> dict[str, Any]:
        self.check_in_play(state, seat)
        phase = state["phase"]
        if phase == PICK:
            return {"type": "pick", "number": 1}
        if phase == WRITE:
            return {"type": "cross_out"}
        if phase == RULE:
            return {"type": "rule", "right": False}
        # A missed guess is skipped: an empty word counts as wrong.
        return {"type": phase, "word": ""}

    def random_move(self, state: State, seat: int, rng: random.Random, ctx: Context) -> dict[str, Any]:
        """A random legal move.  Like a real table it peeks at the state (the declared word, the term)
        now and then, so that random games also find words and terms."""
        self.check_acting(state, seat)
        phase = state["phase"]
        rnd = state["round"]
        if phase == PICK:
            return {"type": "pick", "number": rng.randint(1, TERMS_PER_SIDE)}
        if phase == RULE:
            return {"type": "rule", "right": rng.random() < 0.2}
        if phase == WRITE:
            board = rnd["boards"][-1]
            written = "".join(board["letters"])
            clue = None if rng.random() < 0.15 else _random_word(rng, ctx, written)
            if (
                clue is None
                or not clue.startswith(written)
                or terms.is_term(clue, rnd["term"], self._alternatives(state, rnd))
            ):
                return {"type": "cross_out"}
            return {"type": "write", "letter": clue[len(written)], "clue": clue}
        roll = rng.random()
        if phase == GUESS_CLUE:
            last = _last_write(rnd["boards"][-1])
            if last is not None and roll < 0.15:
                return {"type": "guess_clue", "word": last["clue"].lower()}
            word = _random_word(rng, ctx, "") if roll < 0.6 else ""
            return {"type": "guess_clue", "word": word or ""}
        if roll < 0.35:
            return {"type": "guess_term", "word": rnd["term"] + rng.choice(["", "s"])}
        word = _random_word(rng, ctx, "") if roll < 0.85 else ""
        return {"type": "guess_term", "word": word or ""}


def _random_word(rng: random.Random, ctx: Context, prefix: str) -> str | None:
    """An upper-case word longer than ``prefix`` that starts with it: from the lexicon when there is
    one (walking its prefixes), else made-up letters.  None when the lexicon knows no such word."""
    lexicon = ctx.lexicon if ctx is not None else None
    if lexicon is None:
        extra = rng.randint(max(1, 2 - len(prefix)), 6)
        return prefix + "".join(rng.choice(string.ascii_uppercase) for _ in range(extra))
    word = prefix.lower()
    if not lexicon.has_prefix(word):
        return None
    for _ in range(MAX_WORD_LENGTH):
        done = len(word) > max(len(prefix), 1) and lexicon.contains(word)
        options = [c for c in string.ascii_lowercase if lexicon.has_prefix(word + c)]
        if done and (not options or rng.random() < 0.4):
            return word.upper()
        if not options:
            return None
        word += rng.choice(options)
    return None
