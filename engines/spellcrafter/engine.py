"""Spellcrafter rules: dealing, simultaneous drafting, simultaneous crafting, scoring rounds, the end.

Pure and seeded: the state is a JSON dict, randomness comes from ``rng_for(state["seed"], ...)`` and the
lexicon arrives in the ``Context``.  Nothing here knows about Django, players' names or clocks.

Seats sit in a circle; passing *left* hands your cards to the next seat (seat + 1), *right* to the
previous one.  Hands, picks, pending words and the deck order are secrets; a round's words and picks
become public when the round is scored.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import (
    ALREADY_CHOSEN,
    UNKNOWN_WORD,
    Context,
    Engine,
    IllegalMove,
    OptionSchema,
    Outcome,
    State,
    array,
    bad_move,
    copy_state,
    json_copy,
    lexicon_option,
    object_of,
    ranks_from_scores,
    rng_for,
    text,
    whole_number,
)
from .deck import CARDS, DECK_IDS, DOUBLE, LETTER, WILD, card
from .scoring import INSTANT_WIN_SCORE, score_word
from .wordsearch import find_word

KIND = "spellcrafter"

NOT_IN_HAND = "NOT_IN_HAND"
NOT_YOURS = "NOT_YOURS"
CARD_USED_TWICE = "CARD_USED_TWICE"
TOO_SHORT = "TOO_SHORT"
WILD_NEEDS_LETTER = "WILD_NEEDS_LETTER"
DOUBLE_WITHOUT_LETTER = "DOUBLE_WITHOUT_LETTER"

HAND_SIZE = 8
PICKS_PER_ROUND = 7
MIN_WORD = 3
DEFAULT_ROUNDS = 4
MAX_ROUNDS = 8

# The options a game may be created with (the deck's letters are English: ``default_lexicon``).
OPTIONS_SCHEMA: OptionSchema = {
    "rounds": whole_number(1, MAX_ROUNDS, default=DEFAULT_ROUNDS),
    "lexicon": lexicon_option(),
}

DRAFT = "draft"
CRAFT = "craft"
OVER = "over"

LEFT = "left"
RIGHT = "right"

# The keys each move may carry.  A word lists its cards in order: a card id, the letter a Wild
# stands for, and a Double attached to it (bounds on size only: the rules count the cards).
_CRAFTED = object_of({"card": text(32), "letter": text(8, nullable=True), "double": text(32, nullable=True)})
MOVE_SCHEMA = {
    "pick": {"card": text(32)},
    "craft": {"cards": array(_CRAFTED, 32)},
}


def direction_of(round_no: int) -> str:
    """Left in odd rounds (1 and 3), right in even ones (2 and 4)."""
    return LEFT if round_no % 2 == 1 else RIGHT


# --- dealing -------------------------------------------------------------------------------------


def _draw(state: State) -> str:
    """Top card of the deck, reshuffling the discards into a new deck when it has run out."""
    if not state["deck"]:
        state["reshuffles"] += 1
        deck = list(state["discard"])
        rng_for(state["seed"], "reshuffle", state["reshuffles"]).shuffle(deck)
        state["deck"], state["discard"] = deck, []
        state["log"].append({"type": "reshuffle", "round": state["round"], "cards": len(deck)})
    return state["deck"].pop()


def _deal_round(state: State) -> None:
    """Start ``state["round"]``: 8 cards to each seat one at a time, then a jumper that must be a letter."""
    n = state["seats"]
    for player in state["players"]:
        player.update(hand=[], picks=[], chosen=False, craft=None)
    for _ in range(HAND_SIZE):
        for seat in range(n):
            state["players"][seat]["hand"].append(_draw(state))
    burned: list[str] = []
    jumper = _draw(state)
    while CARDS[jumper]["kind"] != LETTER:
        # A special card turned up as jumper goes face up onto the discards and another is drawn.
        burned.append(jumper)
        state["discard"].append(jumper)
        jumper = _draw(state)
    state.update(jumper=jumper, burned=burned, phase=DRAFT, step=1)
    state["log"].append({
        "type": "deal", "round": state["round"], "jumper": jumper, "burned": burned,
        "direction": direction_of(state["round"]),
    })


# --- validation ----------------------------------------------------------------------------------


def _parse_letter(raw: Any, index: int) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or len(raw) != 1 or not raw.isascii() or not raw.isalpha():
        raise bad_move(f"Letter {index + 1}: 'letter' must be a single letter A-Z.")
    return raw.upper()


def _parse_craft(state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> list[dict[str, Any]]:
    """Validate a craft move's cards and return its normalised entries (checks run in a fixed order:
    shape, ownership, reuse, card kinds; ``_check_word`` then checks length and lexicon)."""
    raw_cards = move.get("cards")
    if not isinstance(raw_cards, list):
        raise bad_move("'cards' must be a list of letters in word order.")
    parsed: list[tuple[str, str | None, str | None]] = []
    for i, raw in enumerate(raw_cards):
        if not isinstance(raw, Mapping):
            raise bad_move(f"Letter {i + 1} must be an object with a 'card'.")
        card_id, double_id = raw.get("card"), raw.get("double")
        if not isinstance(card_id, str):
            raise bad_move(f"Letter {i + 1}: 'card' must be a card id.")
        if double_id is not None and not isinstance(double_id, str):
            raise bad_move(f"Letter {i + 1}: 'double' must be a card id.")
        parsed.append((card_id, _parse_letter(raw.get("letter"), i), double_id))

    picks = state["players"][seat]["picks"]
    jumper = state["jumper"]
    seen: set[str] = set()
    for card_id, _, double_id in parsed:
        for used in (card_id, double_id):
            if used is None:
                continue
            if used not in picks and used != jumper:
                raise IllegalMove(NOT_YOURS, f"You did not pick {used}.", card=used)
            if used in seen:
                raise IllegalMove(CARD_USED_TWICE, f"{used} is used more than once.", card=used)
            seen.add(used)

    entries: list[dict[str, Any]] = []
    for i, (card_id, letter, double_id) in enumerate(parsed):
        kind = CARDS[card_id]["kind"]
        if kind == DOUBLE:
            raise IllegalMove(DOUBLE_WITHOUT_LETTER, f"A Double is not a letter: attach {card_id} to one.")
        if kind == WILD:
            if letter is None:
                raise IllegalMove(WILD_NEEDS_LETTER, f"Say which letter {card_id} stands for.", card=card_id)
        elif letter is not None and letter != CARDS[card_id]["letter"]:
            raise bad_move(f"Letter {i + 1}: {card_id} is a {CARDS[card_id]['letter']}, not {letter}.")
        else:
            letter = CARDS[card_id]["letter"]
        if double_id is not None and CARDS[double_id]["kind"] != DOUBLE:
            raise bad_move(f"Letter {i + 1}: {double_id} is not a Double card.")
        entries.append({"card": card_id, "letter": letter, "double": double_id})
    return entries


def _check_word(entries: list[dict[str, Any]], ctx: Context, **details: Any) -> None:
    """The last checks of a craft: long enough and in the lexicon (no word at all is always fine)."""
    if not entries:
        return
    if len(entries) < MIN_WORD:
        raise IllegalMove(TOO_SHORT, f"A word needs at least {MIN_WORD} letters.", **details)
    word = "".join(e["letter"] for e in entries)
    if ctx is None or ctx.lexicon is None:
        raise bad_move("No lexicon is available to check the word.")
    if not ctx.lexicon.contains(word):
        raise IllegalMove(UNKNOWN_WORD, f"{word} is not in the lexicon.", words=[word], **details)


# --- the engine ----------------------------------------------------------------------------------


class SpellcrafterEngine(Engine):
    """The Spellcrafter rules behind the Engine contract."""

    kind = KIND
    min_seats = 2
    max_seats = 5
    list_order = 3
    auto_play_level = "club"
    move_schema = MOVE_SCHEMA
    options_schema = OPTIONS_SCHEMA
    has_preview = True
    bot_levels = ("club",)

    bot_module = "engines.spellcrafter.bot"

    def default_lexicon(self, options: Mapping[str, Any]) -> str:
        """Our deck carries English letters and values, so English words."""
        return "en"

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        lo, hi = self.min_seats, self.max_seats
        if isinstance(seats, bool) or not isinstance(seats, int) or not lo <= seats <= hi:
            raise bad_move(f"Spellcrafter needs {self.min_seats}-{self.max_seats} players.")
        if not isinstance(options, Mapping):
            raise bad_move("Options must be an object.")
        rounds = options.get("rounds", DEFAULT_ROUNDS)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
            raise bad_move(f"'rounds' must be a whole number from 1 to {MAX_ROUNDS}.")
        deck = list(DECK_IDS)
        rng_for(seed, "deck").shuffle(deck)
        state: State = {
            "kind": KIND,
            "seed": seed,
            "seats": seats,
            "rounds": rounds,
            "round": 1,
            "phase": DRAFT,
            "step": 1,
            "deck": deck,
            "discard": [],
            "reshuffles": 0,
            "jumper": None,
            "burned": [],
            "players": [
                {"hand": [], "picks": [], "chosen": False, "craft": None, "score": 0} for _ in range(seats)
            ],
            "history": [],
            "result": None,
            "log": [],
        }
        _deal_round(state)
        return state

    # --- whose move ---

    def seat_count(self, state: State) -> int:
        return state["seats"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == OVER

    def to_act(self, state: State) -> frozenset[int]:
        if state["phase"] == DRAFT:
            return frozenset(i for i, p in enumerate(state["players"]) if not p["chosen"])
        if state["phase"] == CRAFT:
            return frozenset(i for i, p in enumerate(state["players"]) if p["craft"] is None)
        return frozenset()

    def turn_id(self, state: State) -> str:
        # Only public resolutions move it: a hidden pick or word leaves the turn as the others saw it.
        if state["phase"] == OVER:
            return f"over-{state['round']}"
        if state["phase"] == CRAFT:
            return f"r{state['round']}-craft"
        return f"r{state['round']}-pick{state['step']}"

    def waiting_error(self, state: State, seat: int) -> IllegalMove:
        # Everyone acts at once, so a seat of a running game that is not to act has chosen already.
        if state["phase"] == DRAFT:
            return IllegalMove(ALREADY_CHOSEN, "You have already picked this time; waiting for the others.")
        return IllegalMove(ALREADY_CHOSEN, "You have already crafted this round; waiting for the others.")

    # --- moves ---

    def apply(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> State:
        self.check_move(state, seat, move)
        if move["type"] == "pick":
            if state["phase"] != DRAFT:
                raise bad_move("Drafting is over: craft a word (or none).")
            card_id = move.get("card")
            if not isinstance(card_id, str):
                raise bad_move("'card' must be a card id.")
            if card_id not in state["players"][seat]["hand"]:
                raise IllegalMove(NOT_IN_HAND, f"{card_id} is not in the hand you hold.", card=card_id)
            new = self._copy(state)
            self._pick(new, seat, card_id)
            return new
        if state["phase"] != CRAFT:
            raise bad_move("Pick a card first: crafting starts after drafting.")
        entries = _parse_craft(state, seat, move, ctx)
        _check_word(entries, ctx)
        new = self._copy(state)
        self._craft(new, seat, entries)
        return new

    @staticmethod
    def _copy(state: State) -> State:
        # Log lines and scored rounds are written once and never changed.
        return copy_state(state, append_only=("log", "history"))

    def preview(self, state: State, seat: int | None, move: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
        """What a word (a craft move) would score, checked exactly as ``apply`` checks it, for the live
        score on the page.  Needs no turn: a player may plan while drafting (with the picks so far) or
        after crafting.  A word too short or not in the lexicon is refused with its code, and the
        refusal's details carry ``scored`` (what it would be worth) so the page can still show it.
        Reads only the seat's own picks and the public jumper, so it reveals nothing."""
        self.check_move(state, seat, move, acting=False)
        assert seat is not None  # check_move refused anything but a seat
        if move["type"] != "craft":
            raise bad_move("Only a word (a craft move) can be previewed.")
        entries = _parse_craft(state, seat, move, ctx)
        scored = score_word(entries)
        summary = {key: scored[key] for key in ("word", "score", "flush", "straight", "multiplier", "base", "length")}
        _check_word(entries, ctx, scored=summary)
        return summary

    def _pick(self, state: State, seat: int, card_id: str) -> None:
        player = state["players"][seat]
        player["hand"].remove(card_id)
        player["picks"].append(card_id)
        player["chosen"] = True
        state["log"].append({"seat": seat, "type": "pick", "round": state["round"], "step": state["step"]})
        if not self.to_act(state):
            self._resolve_pick(state)

    def _resolve_pick(self, state: State) -> None:
        players = state["players"]
        n = state["seats"]
        for player in players:
            player["chosen"] = False
        if state["step"] < PICKS_PER_ROUND:
            hands = [p["hand"] for p in players]
            shift = 1 if direction_of(state["round"]) == LEFT else -1
            for seat in range(n):
                players[(seat + shift) % n]["hand"] = hands[seat]
            state["log"].append({"type": "pass", "round": state["round"], "step": state["step"],
                                 "direction": direction_of(state["round"])})
            state["step"] += 1
            return
        # The card left over after the seventh pick is discarded unseen by the others.
        for player in players:
            state["discard"].extend(player["hand"])
            player["hand"] = []
        state["phase"] = CRAFT
        state["log"].append({"type": "discard_last", "round": state["round"], "cards": n})

    def _craft(self, state: State, seat: int, entries: list[dict[str, Any]]) -> None:
        state["players"][seat]["craft"] = entries
        state["log"].append({"seat": seat, "type": "craft", "round": state["round"]})
        if not self.to_act(state):
            self._resolve_round(state)

    def _resolve_round(self, state: State) -> None:
        players = state["players"]
        results = []
        for seat, player in enumerate(players):
            scored = score_word(player["craft"])
            player["score"] += scored["score"]
            results.append({"seat": seat, "cards": player["craft"], "picks": list(player["picks"]),
                            "total": player["score"], **scored})
        record = {"round": state["round"], "jumper": state["jumper"], "burned": state["burned"],
                  "results": results}
        state["history"].append(record)
        # The words themselves are in the round table (history); the log just marks the moment.
        state["log"].append({"type": "round_scored", "round": state["round"],
                             "scores": [r["score"] for r in results]})
        # Everything on the table goes face up onto the discards.
        for player in players:
            state["discard"].extend(player["picks"])
            player.update(picks=[], craft=None, chosen=False)
        state["discard"].append(state["jumper"])

        best = max(r["score"] for r in results)
        if best >= INSTANT_WIN_SCORE:
            winners = [r["seat"] for r in results if r["score"] == best]
            self._finish(state, "instant_win", winners)
        elif state["round"] >= state["rounds"]:
            keys = self._final_keys(state)
            top = max(keys)
            self._finish(state, "finished", [s for s, k in enumerate(keys) if k == top])
        else:
            state["round"] += 1
            _deal_round(state)

    def _final_keys(self, state: State) -> list[list[int]]:
        # Highest total, then the longest word of the final round.
        last = state["history"][-1]["results"]
        return [[p["score"], last[s]["length"]] for s, p in enumerate(state["players"])]

    def _finish(self, state: State, reason: str, winners: list[int]) -> None:
        state["phase"] = OVER
        state["jumper"] = None
        state["result"] = {"reason": reason, "winners": winners}
        state["log"].append({"type": "game_over", "reason": reason, "winners": winners,
                             "scores": self.scores(state)})

    # --- reading ---

    def scores(self, state: State) -> list[int]:
        return [p["score"] for p in state["players"]]

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        scores = self.scores(state)
        winners = result["winners"]
        keys: list[tuple[int, ...]]
        if result["reason"] == "instant_win":
            # The instant winners share first place whatever the totals; the rest rank by total below them.
            keys = [(1, 0, 0) if s in winners else (0, scores[s], 0) for s in range(state["seats"])]
        else:
            keys = [tuple(k) for k in self._final_keys(state)]
        return Outcome(scores=tuple(scores), ranks=ranks_from_scores(keys), reason=result["reason"])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        self.check_viewer(state, seat)
        me = seat
        acting = self.to_act(state)
        players = [
            {
                "seat": s,
                "score": p["score"],
                "hand_count": len(p["hand"]),
                "picks_count": len(p["picks"]),
                "has_chosen": state["phase"] != OVER and s not in acting,
            }
            for s, p in enumerate(state["players"])
        ]
        view: dict[str, Any] = {
            "kind": KIND,
            "seats": state["seats"],
            "rounds": state["rounds"],
            "round": state["round"],
            "phase": state["phase"],
            "step": state["step"] if state["phase"] == DRAFT else None,
            "direction": direction_of(state["round"]),
            "jumper": card(state["jumper"]) if state["jumper"] else None,
            "deck_count": len(state["deck"]),
            "discard_count": len(state["discard"]),
            "players": players,
            "waiting_for": len(acting),
            "to_act": sorted(acting),
            "turn_id": self.turn_id(state),
            "history": json_copy(state["history"]),
            # The state's log is written public by construction (picks and words are logged without cards
            # until the round is scored), so every seat sees the same entries; one copy of all of them.
            "log": json_copy(state["log"]),
            "result": json_copy(state["result"]),
            "seat": me,
        }
        if me is not None:
            mine = state["players"][me]
            view["hand"] = [card(c) for c in mine["hand"]]
            view["picks"] = [card(c) for c in mine["picks"]]
            view["my_word"] = json_copy(mine["craft"])
        return view

    def log_view(self, state: State, entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        self.check_viewer(state, seat)
        move = entry.get("move")
        if entry.get("seat") == seat or state["phase"] == OVER or not isinstance(move, Mapping):
            shown: Any = json_copy(move) if isinstance(move, Mapping) else move
        else:
            # Others learn only that a choice was made; the round table reveals it once scored.
            shown = {"type": move.get("type")}
        return {"seq": entry.get("seq"), "seat": entry.get("seat"), "move": shown}

    def hidden_from(self, state: State, seat: int | None) -> list[Any]:
        self.check_viewer(state, seat)
        # Cards once shown face up (jumpers, burned cards, a scored round's picks): their ids come back
        # after the discards are reshuffled, so seeing one of them alone proves nothing.
        public: set[str] = set(state["burned"])
        for record in state["history"]:
            public.add(record["jumper"])
            public.update(record["burned"])
            for result in record["results"]:
                public.update(result["picks"])

        def secret_list(cards: list[Any]) -> bool:
            # A one-card list of a public card equals, say, an earlier round's burned list by chance.
            return bool(cards) and not (len(cards) == 1 and isinstance(cards[0], str) and cards[0] in public)

        secrets: list[Any] = []
        if secret_list(state["deck"]):
            secrets.append(state["deck"])
        for s, p in enumerate(state["players"]):
            if s == seat:
                continue
            secrets.extend(x for x in (p["hand"], p["picks"], p["craft"]) if secret_list(x or []))
        # Single cards of the other seats too (a leak of one card, not just a whole hand).
        for s, p in enumerate(state["players"]):
            if s != seat:
                secrets.extend(c for c in p["hand"] + p["picks"] if c not in public)
        return secrets

    # --- automatic moves ---

    def timeout_move(self, state: State, seat: int) -> dict[str, Any]:
        self.check_in_play(state, seat)
        if state["phase"] == DRAFT:
            hand = state["players"][seat]["hand"]
            rng = rng_for(state["seed"], "timeout", state["round"], state["step"], seat)
            return {"type": "pick", "card": rng.choice(hand)}
        return {"type": "craft", "cards": []}

    def random_move(self, state: State, seat: int, rng: random.Random, ctx: Context) -> dict[str, Any]:
        self.check_acting(state, seat)
        player = state["players"][seat]
        if state["phase"] == DRAFT:
            return {"type": "pick", "card": rng.choice(player["hand"])}
        entries = find_word(player["picks"], state["jumper"], ctx.lexicon)
        return {"type": "craft", "cards": [craft_entry(e) for e in entries]}


def craft_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """One letter of a craft move as a client would send it (letter only for a Wild, double if any)."""
    out: dict[str, Any] = {"card": entry["card"]}
    if CARDS[entry["card"]]["kind"] == WILD:
        out["letter"] = entry["letter"]
    if entry.get("double"):
        out["double"] = entry["double"]
    return out
