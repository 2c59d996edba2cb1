"""The contract every game engine fulfils, and the small pieces engines share.

An engine is pure rules: JSON-serialisable state in, move in, new state out. Nothing below
``engines`` imports Django, reads the clock or touches the global ``random``; randomness
comes from the game's seed (see ``rng_for``), the lexicon and anything else from outside arrives
in a ``Context``.  The move service (``games/services.py``) is the only caller that persists what
an engine returns.
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

import orjson

State = dict[str, Any]


class IllegalMove(Exception):
    """A refused move or bad input: a value, not a crash.

    ``code`` is stable (clients and tests match on it); ``message`` says exactly what is wrong;
    ``details`` may carry structured extras (for example the unknown words).
    """

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.details = details


# Codes shared by every engine; engines define their own beside their rules.
BAD_MOVE = "BAD_MOVE"
NOT_YOUR_TURN = "NOT_YOUR_TURN"
GAME_OVER = "GAME_OVER"
# A seat of a simultaneous phase that has already made its hidden choice for this turn.
ALREADY_CHOSEN = "ALREADY_CHOSEN"
# A word the game's lexicon does not hold (``details["words"]`` names them).
UNKNOWN_WORD = "UNKNOWN_WORD"
# Not a seat of the game (-1, 1.0, True, "0" ...).  The move service passes only seats from the
# database, so a player never meets it; it guards the contract.
BAD_SEAT = "BAD_SEAT"
NO_PREVIEW = "NO_PREVIEW"


@runtime_checkable
class Lexicon(Protocol):
    """What the rules may ask of a word list.  Words are compared case-insensitively."""

    code: str
    version: int

    def contains(self, word: str) -> bool: ...

    def has_prefix(self, prefix: str) -> bool: ...

    def words(self) -> Iterable[str] | None:
        """Optional ability: every word (any order), or None when this lexicon cannot list them.

        Searches that walk words letter by letter build a word graph from it once (``wordgraph``);
        without it they fall back to ``has_prefix``/``contains``, which is correct but slower."""
        return None


class SetLexicon:
    """A tiny in-memory lexicon for engine tests and examples (not for production use)."""

    def __init__(self, words: Iterable[str], code: str = "test", version: int = 1) -> None:
        self.code = code
        self.version = version
        self._words = frozenset(w.lower() for w in words)
        self._prefixes = frozenset(w[:i] for w in self._words for i in range(len(w) + 1))

    def contains(self, word: str) -> bool:
        return word.lower() in self._words

    def has_prefix(self, prefix: str) -> bool:
        return prefix.lower() in self._prefixes

    def words(self) -> Iterable[str]:
        return sorted(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._words))


@dataclass(frozen=True)
class Context:
    """What a move needs from outside the state: the game's lexicon and any extras."""

    lexicon: Lexicon | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """Final result once a game is over.

    ``scores`` and ``ranks`` are indexed by seat; rank 1 is first and tied seats share a rank.
    ``team_score`` is set by cooperative games (Spell), whose seats all share one result.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str = "finished"
    team_score: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "reason": self.reason,
            "team_score": self.team_score,
        }


@dataclass(frozen=True)
class Transition:
    """What one move did, as the services record it: the new state, who acts next, the turn marker,
    the public scores and the outcome (None while the game goes on).  ``Engine.transition`` makes it,
    so a recorder asks the engine once per move."""

    state: State
    to_act: frozenset[int]
    turn_id: str
    scores: list[int]
    outcome: Outcome | None


# A score to rank by: a number, or a tuple of numbers compared in order (ties broken by the later ones).
_Key = TypeVar("_Key", int, tuple[int, ...])


def ranks_from_scores(scores: Iterable[_Key]) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4): a higher score ranks first, equal scores share."""
    scores = list(scores)
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


def rng_for(seed: int, *salt: Any) -> random.Random:
    """A private RNG derived from the game's seed and a salt such as the move number.

    String seeding is deterministic across processes and Python versions (it hashes with SHA-512),
    so replaying a move log from the seed reproduces the same draws.
    """
    return random.Random(":".join(str(part) for part in (seed, *salt)))


def bad_move(message: str, **details: Any) -> IllegalMove:
    """The refusal of a malformed move or bad input (code BAD_MOVE), shared by every engine."""
    return IllegalMove(BAD_MOVE, message, **details)


def not_your_turn(seat: int) -> IllegalMove:
    return IllegalMove(NOT_YOUR_TURN, f"Seat {seat} is not to act now.")


def _shown(value: Any, limit: int = 40) -> str:
    """``repr`` of a client's value for a message, cut short: a refusal never echoes a megabyte."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- copies --------------------------------------------------------------------------------------


# orjson's round trip, with non-string keys made strings as json makes them; what it refuses (a subclass
# of str, int, dict or list, a date, a dataclass, an integer past 64 bits) takes json's.
_COPY_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATETIME
                 | orjson.OPT_PASSTHROUGH_DATACLASS)


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data (states, views and moves are JSON by contract).  orjson's round trip is
    about four times faster than the standard library's, itself several times faster than
    ``copy.deepcopy``, which every move and view would pay."""
    try:
        return orjson.loads(orjson.dumps(value, option=_COPY_OPTIONS))
    except TypeError:  # orjson.JSONEncodeError is one
        return json.loads(json.dumps(value))


def json_tree_copy(value: Any) -> Any:
    """A deep copy of data that is already JSON-shaped (dicts with string keys, lists, tuples as lists,
    scalars): for the many small pieces a view copies (every entry of a game's log), about three times
    faster than the round trip of ``json_copy``, which wins on whole states."""
    if type(value) is dict:
        return {key: json_tree_copy(item) for key, item in value.items()}
    if type(value) in (list, tuple):
        return [json_tree_copy(item) for item in value]
    return value


def copy_state(state: State, *, append_only: Iterable[str] = (), shared: Iterable[str] = ()) -> State:
    """A copy of ``state`` that ``apply`` may change freely, so that it never mutates its input.

    Every value is deep-copied except the lists named in ``append_only`` (copied, but their entries
    shared: entries such as log lines are written once and never changed, and deep-copying a long log
    on every move was most of a move's cost) and the values named in ``shared`` (not copied at all:
    never changed after setup, such as Spell's term cards).
    """
    append_only, shared = frozenset(append_only), frozenset(shared)
    new: State = {}
    for key, value in state.items():
        if key in shared or not isinstance(value, (dict, list)):
            new[key] = value
        elif key in append_only:
            new[key] = list(value)
        else:
            new[key] = json_copy(value)
    return new


# --- move schemas --------------------------------------------------------------------------------

# The JSON kinds a value of a move may have (JSON Schema's names, so messages read naturally).
STRING, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL = "string", "integer", "boolean", "array", "object", "null"
_ARTICLE: dict[str | None, str] = {
    STRING: "a string", INTEGER: "an integer", BOOLEAN: "true or false", ARRAY: "a list", OBJECT: "an object",
    NULL: "null",
}
# Compact JSON size of a whole move; each engine may set its own ``max_move_bytes``.
MAX_MOVE_BYTES = 4096
# Integers beyond 64 bits are refused: no rule needs them and not every store keeps them.
_INT_LIMIT = 2**63


@dataclass(frozen=True)
class Value:
    """What one key of a move (or one item or key inside it) may hold.

    ``kinds``: the JSON kinds allowed (STRING, INTEGER, ... ; an integer is never a boolean or a
    float, and floats are never allowed).  ``max_len``: the most characters of a string or items of a
    list, a size bound against abuse rather than a rule (the rules refuse a too-long word with their own
    code).  ``items``: what each item of a list holds.  ``keys``: the only keys an object may have.
    A key may always be absent; the rules say which keys a move needs.
    """

    kinds: frozenset[str]
    max_len: int = 0
    items: Value | None = None
    keys: Mapping[str, Value] | None = None


def _kinds(*kinds: str, nullable: bool) -> frozenset[str]:
    return frozenset(kinds) | ({NULL} if nullable else frozenset())


def text(max_len: int, *, nullable: bool = False) -> Value:
    """A string of at most ``max_len`` characters."""
    return Value(_kinds(STRING, nullable=nullable), max_len=max_len)


def integer(*, nullable: bool = False) -> Value:
    """A whole number (never true/false, never 1.0); the rules check its range."""
    return Value(_kinds(INTEGER, nullable=nullable))


def boolean() -> Value:
    return Value(frozenset({BOOLEAN}))


def scalar(max_len: int) -> Value:
    """Any string (of at most ``max_len`` characters), integer, boolean or null: for a value whose
    every wrong form the rules refuse with their own code (Spell's NOT_A_LETTER)."""
    return Value(frozenset({STRING, INTEGER, BOOLEAN, NULL}), max_len=max_len)


def array(items: Value, max_len: int, *, nullable: bool = False) -> Value:
    """A list of at most ``max_len`` items, each as ``items`` says."""
    return Value(_kinds(ARRAY, nullable=nullable), max_len=max_len, items=items)


def object_of(keys: Mapping[str, Value], *, nullable: bool = False) -> Value:
    """An object with no keys but ``keys``."""
    return Value(_kinds(OBJECT, nullable=nullable), keys=dict(keys))


# Per move type (the value of "type"), the other keys a move may have.
MoveSchema = Mapping[str, Mapping[str, Value]]


# Exact types first (the common case, one lookup); other mappings count as objects.
_KIND_OF_TYPE = {type(None): NULL, bool: BOOLEAN, int: INTEGER, str: STRING, list: ARRAY, dict: OBJECT}


def _kind_of(value: Any) -> str | None:
    kind = _KIND_OF_TYPE.get(type(value))
    if kind is None and isinstance(value, Mapping):
        return OBJECT
    return kind  # None for a float, a tuple, anything else that is not a move's JSON


def _named(path: tuple[str | int, ...]) -> str:
    """A key's path for a message: ``tiles[2].letter``.  Built only for a refusal."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _check_value(value: Any, spec: Value, path: tuple[str | int, ...]) -> None:
    kind = _kind_of(value)
    if kind not in spec.kinds:
        wanted = " or ".join(sorted(_ARTICLE[k] for k in spec.kinds))
        found = _ARTICLE.get(kind, "a number with a fraction" if isinstance(value, float) else "not JSON")
        raise bad_move(f'"{_named(path)}" must be {wanted}, not {found}.', key=_named(path))
    if kind == STRING:
        if len(value) > spec.max_len:
            raise bad_move(f'"{_named(path)}" is longer than {spec.max_len} characters.', key=_named(path))
        if "\x00" in value:
            raise bad_move(f'"{_named(path)}" contains a NUL character.', key=_named(path))
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate ("\ud800") is no text and no store keeps it
                raise bad_move(f'"{_named(path)}" is not valid Unicode text.', key=_named(path)) from None
    elif kind == INTEGER:
        if not -_INT_LIMIT <= value < _INT_LIMIT:
            raise bad_move(f'"{_named(path)}" is too large a number.', key=_named(path))
    elif kind == ARRAY:
        if len(value) > spec.max_len:
            raise bad_move(f'"{_named(path)}" has more than {spec.max_len} items.', key=_named(path))
        items = spec.items
        assert items is not None, "array() always declares its items"
        for index, item in enumerate(value):
            _check_value(item, items, (*path, index))
    elif kind == OBJECT:
        _check_keys(value, spec.keys or {}, path)


def _check_keys(obj: Mapping[Any, Any], keys: Mapping[str, Value], path: tuple[str | int, ...],
                move_type: str = "") -> None:
    """Each key of ``obj`` known and its value as declared.  ``path`` leads to ``obj`` (empty for the
    move itself, whose "type" is checked already and named by ``move_type`` in messages)."""
    for key, value in obj.items():
        if not path and key == "type":
            continue
        if not isinstance(key, str) or key not in keys:
            where = f'in "{_named(path)}"' if path else f"in a {move_type} move"
            raise bad_move(f"Unknown key {_shown(key)} {where}.", key=_shown(key))
        _check_value(value, keys[key], (*path, key))


def _compact_json(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON: orjson's bytes, which are the standard library's
    ``separators=(",", ":"), ensure_ascii=False`` for a move that passed the key checks (string keys, no
    floats, no lone surrogates), for less; the standard library for what orjson refuses."""
    try:
        return orjson.dumps(value)
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def check_move_shape(schema: MoveSchema, move: Any, *, max_bytes: int = MAX_MOVE_BYTES) -> None:
    """Refuse (BAD_MOVE, the message naming the key) a move that does not fit ``schema``: not an
    object, an unknown "type", an unknown key, a value of the wrong JSON kind or over its size bound, a
    NUL character or a lone surrogate in a string, an integer beyond 64 bits, or more than
    ``max_bytes`` as compact JSON.  What the values mean is left to the rules."""
    if not isinstance(move, Mapping):
        raise bad_move('A move must be a JSON object with a "type".')
    move_type = move.get("type")
    if type(move_type) is not str or move_type not in schema:
        raise bad_move(f"Unknown move type {_shown(move_type)}; expected one of {', '.join(schema)}.", key="type")
    # The values are checked first, each against its bound, so that the size below is cheap to take.
    _check_keys(move, schema[move_type], (), move_type)
    size = len(_compact_json(move))
    if size > max_bytes:
        raise bad_move(f"The move is {size} bytes as JSON; at most {max_bytes} are allowed.", size=size)


# --- option schemas ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One setup option a game kind declares (see ``Engine.options_schema``).

    ``kind``: its JSON kind (STRING, INTEGER, BOOLEAN or ARRAY; an integer is never a boolean).
    ``choices``: the only values allowed, when there is such a list.  ``low``/``high``: the bounds of an
    integer.  ``max_len``: the most characters of a string.  ``nullable``: null is allowed too (and
    means the default).  ``default``: what the rules use when the option is absent (None: nothing, as
    for a lexicon the server fills in).  ``by_server``: the server sets it before setup (Spell's term
    cards); a creator who sends it is refused.
    """

    kind: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    max_len: int = 0
    nullable: bool = False
    by_server: bool = False


def one_of(*choices: Any, default: Any, nullable: bool = False) -> Option:
    """One of ``choices``, all of one JSON kind (strings, or integers)."""
    kind = STRING if all(type(c) is str for c in choices) else INTEGER
    return Option(kind, default=default, choices=tuple(choices), nullable=nullable)


def whole_number(low: int, high: int, *, default: int | None) -> Option:
    """An integer from ``low`` to ``high``."""
    return Option(INTEGER, default=default, low=low, high=high)


def flag(*, default: bool) -> Option:
    """true or false, nothing else ("no", 0, "true" are refused)."""
    return Option(BOOLEAN, default=default)


def short_text(max_len: int, *, default: str | None = None) -> Option:
    """A string of 1 to ``max_len`` characters, such as a lexicon or language code; what it must name
    is checked where that is known (the server knows which lexicons are loaded)."""
    return Option(STRING, default=default, max_len=max_len)


def lexicon_option() -> Option:
    """The code of a word list (at most 16 characters, as the site stores codes).  Without it the game
    takes the engine's ``default_lexicon``; the server checks that the list is loaded."""
    return short_text(16)


def set_by_server(kind: str = ARRAY) -> Option:
    """An option only the server writes, before setup (never taken from a creator)."""
    return Option(kind, by_server=True)


# Option name -> what it may hold.
OptionSchema = Mapping[str, Option]


def _option_error(message: str, name: Any) -> IllegalMove:
    """A refusal naming the option in ``details["option"]`` (a client's long name cut short)."""
    named = (name if len(name) <= 40 else name[:37] + "...") if isinstance(name, str) else _shown(name)
    return bad_move(message, option=named)


def check_option_value(name: str, value: Any, option: Option) -> None:
    """Refuse (BAD_MOVE, naming the option) a value outside ``option``'s declaration."""
    if value is None and option.nullable:
        return
    kind = _kind_of(value)
    if kind != option.kind:
        found = _ARTICLE.get(kind, "a number with a fraction" if isinstance(value, float) else "not JSON")
        raise _option_error(f'Option "{name}" must be {_ARTICLE[option.kind]}, not {found}.', name)
    if option.choices and value not in option.choices:
        allowed = ", ".join(str(c) for c in option.choices)
        raise _option_error(f'Option "{name}" cannot be {_shown(value)}; choose one of {allowed}.', name)
    if kind == INTEGER and option.low is not None and option.high is not None and not (
            option.low <= value <= option.high):
        raise _option_error(f'Option "{name}" must be a whole number from {option.low} to {option.high}.', name)
    if kind == STRING and option.max_len and not 1 <= len(value) <= option.max_len:
        raise _option_error(f'Option "{name}" must have 1 to {option.max_len} characters.', name)


def check_options(schema: OptionSchema, options: Any, *, game: str, set_by_server: bool = False) -> None:
    """Refuse (BAD_MOVE, ``details["option"]`` naming the option) options that do not fit ``schema``:
    not an object, a name the game does not declare, a value outside its declaration, or (unless
    ``set_by_server``) an option only the server sets.  Absent options take their defaults."""
    if not isinstance(options, Mapping):
        raise bad_move("Options must be a JSON object.")
    for name, value in options.items():
        option = schema.get(name) if isinstance(name, str) else None
        if option is None:
            known = ", ".join(sorted(n for n, o in schema.items() if not o.by_server)) or "none"
            raise _option_error(f"{game} has no option {_shown(name)}; its options are: {known}.", name)
        if option.by_server and not set_by_server:
            raise _option_error(f'Option "{name}" is set by the server; leave it out.', name)
        check_option_value(name, value, option)


# --- the contract --------------------------------------------------------------------------------


class Engine(ABC):
    """The rules of one game kind; every engine inherits this class (see DESIGN.md, "The engine
    contract").  The abstract methods are required; every optional ability is declared here with its
    default, so callers ask the engine and never probe it with ``hasattr``.

    **Seats.** A seat is an ``int`` from 0 to ``seat_count(state) - 1``: never a bool, a float or a
    string.  Every method that takes a seat refuses any other value with BAD_SEAT; where a viewer is
    meant (``view``, ``log_view``, ``hidden_from``) ``None`` is the spectator.

    **The order of checks.** Every engine checks a move in this order, so that the same bad move gets
    the same code in every game (``check_move`` runs steps 1-3 at the top of ``apply``):

    1. the game is over                       -> GAME_OVER
    2. the seat is valid (type and range)     -> BAD_SEAT
       and must act now                       -> ``not_acting_error`` (NOT_YOUR_TURN, ALREADY_CHOSEN ...)
    3. the move has the shape of ``move_schema`` -> BAD_MOVE (``check_move_shape``)
    4. the rules                              -> the engine's own codes

    ``preview`` runs the same steps without "must act now".  ``timeout_move`` runs steps 1-2 without
    "must act now" too (the move service decides, under the game's lock, whether the seat still acts;
    a sweep holding a stale row must get a move, not a crash), ``random_move`` runs steps 1-2; the
    moves both return fit the engine's own schema.
    """

    kind: str
    min_seats: int
    max_seats: int
    # True for cooperative games: every seat shares the outcome and no Elo is computed.
    cooperative: bool = False
    # Per move type, the keys a move may carry (see ``Value``); required of every engine.
    move_schema: MoveSchema
    # The largest move as compact JSON, in bytes.
    max_move_bytes: int = MAX_MOVE_BYTES
    # Option name -> what it may hold (see ``Option``); required of every engine, ``{}`` for none.  A
    # new game is refused (BAD_OPTIONS) any option not declared here or outside its declaration, so
    # that what a game stores, and every lobby shows, is bounded.  Setup may still check more.
    options_schema: OptionSchema

    # -- optional abilities, with their defaults ---------------------------------------------------

    # Setup options that never leave the server (Spell's term cards hold every secret term).
    private_options: tuple[str, ...] = ()
    # True when setup needs term cards in ``options["cards"]``, drawn by the server from the site's
    # term deck before setup (Spell); the engine never sees the database.
    uses_term_deck: bool = False
    # True when ``preview`` is implemented.
    has_preview: bool = False
    # Where the site lists this game among the others (lower first; equal places by kind).
    list_order: int = 100
    # True when a game can be written as a GCG record (the Crossword record format).
    exports_gcg: bool = False
    # True when a finished game can be analysed turn by turn (best plays, equity lost).
    analysable: bool = False
    # The bot level that plays the seat of a player who resigned or forfeited a game of three or more, so
    # the others finish a real game; None: the timeout move plays it.
    auto_play_level: str | None = None
    # The levels of this game's bots, weakest first; empty: no bot plays it.
    bot_levels: tuple[str, ...] = ()
    # The module of this game's bots, loaded on a bot's first move (pages never need it): its
    # ``choose(view, lexicon, level, rng, *, common_word)`` returns the move the bot plays.
    bot_module: str | None = None

    def bot_choose(self, view: Mapping[str, Any], lexicon: Lexicon, level: str, rng: random.Random, *,
                   common_word: Callable[[str], bool] | None = None) -> dict[str, Any]:
        """The ``level`` bot's move from a seat's own ``view`` (``engines.bots.choose_move`` checks the
        level and the seat first); ``common_word(word)`` tells which words are common. Raises ValueError
        when it has no move to offer."""
        if self.bot_module is None:
            raise ValueError(f"there is no bot for {self.kind!r}")
        choose = importlib.import_module(self.bot_module).choose
        return cast(dict[str, Any], choose(view, lexicon, level, rng, common_word=common_word))

    def bot_ladder(self) -> list[tuple[dict[str, Any], dict[str, dict[str, Any]]]]:
        """The bots' measured strength, per set of options the matches were played with: for each level
        above the weakest, the level ``below``, the ``games`` played, the level's ``wins`` (a fraction)
        and the average ``score`` of each (``score_below``).  Empty: not measured."""
        return []

    def default_lexicon(self, options: Mapping[str, Any]) -> str | None:
        """The lexicon a game gets when its options name none (None: the game needs no word list).
        Games with a lexicon are rated per lexicon ("crossword:nl")."""
        return None

    def preview(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
        """What ``move`` would count (words, score) as ``apply`` would count it, changing nothing and
        revealing nothing; allowed when it is not the seat's turn.  Only when ``has_preview``."""
        raise IllegalMove(NO_PREVIEW, "This kind of game has no move preview.")

    def is_over(self, state: State) -> bool:
        """True once the game has ended by its rules."""
        return self.outcome(state) is not None

    def waiting_error(self, state: State, seat: int) -> IllegalMove:
        """The refusal for a valid seat of a running game that is not to act now; simultaneous
        games tell a seat that has already chosen (ALREADY_CHOSEN)."""
        return not_your_turn(seat)

    # -- the shared checks -------------------------------------------------------------------------

    def is_seat(self, state: State, seat: Any) -> bool:
        """True for an ``int`` (not a bool) from 0 to ``seat_count(state) - 1``."""
        return type(seat) is int and 0 <= seat < self.seat_count(state)

    def check_seat(self, state: State, seat: Any) -> None:
        """Refuse (BAD_SEAT) anything that is not a seat of this game."""
        if not self.is_seat(state, seat):
            raise self._bad_seat(state, seat)

    def _bad_seat(self, state: State, seat: Any) -> IllegalMove:
        last = self.seat_count(state) - 1
        return IllegalMove(BAD_SEAT, f"{_shown(seat)} is not a seat of this game: seats are 0 to {last}.")

    def check_viewer(self, state: State, seat: Any) -> None:
        """Refuse (BAD_SEAT) a viewer that is neither a seat nor None (the spectator)."""
        if seat is not None:
            self.check_seat(state, seat)

    def check_in_play(self, state: State, seat: Any) -> None:
        """Step 1 and the first half of step 2: the game runs and ``seat`` is a seat of it (which
        need not act now)."""
        if self.is_over(state):
            raise IllegalMove(GAME_OVER, "The game is over.")
        self.check_seat(state, seat)

    def check_acting(self, state: State, seat: Any) -> None:
        """Steps 1-2 of the order: the game runs, ``seat`` is a seat and must act now."""
        self.check_in_play(state, seat)
        if seat not in self.to_act(state):
            raise self.waiting_error(state, seat)

    def check_move_shape(self, move: Any) -> None:
        """Step 3 of the order: ``move`` fits ``move_schema`` and ``max_move_bytes``."""
        check_move_shape(self.move_schema, move, max_bytes=self.max_move_bytes)

    def check_move(self, state: State, seat: Any, move: Any, *, acting: bool = True) -> None:
        """Steps 1-3 of the order; ``acting=False`` (a preview) skips "must act now"."""
        if acting:
            self.check_acting(state, seat)
        else:
            self.check_in_play(state, seat)
        self.check_move_shape(move)

    def transition(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> Transition:
        """``apply``, and what the new state says for the record (``Transition``)."""
        new = self.apply(state, seat, move, ctx)
        return self.transition_to(new)

    def transition_to(self, state: State) -> Transition:
        """The ``Transition`` that leads to ``state`` (a game's first state, say)."""
        return Transition(state, self.to_act(state), str(self.turn_id(state)), self.scores(state),
                          self.outcome(state))

    def not_acting_error(self, state: State, seat: Any) -> IllegalMove:
        """The refusal for a seat that is not in ``to_act``: GAME_OVER once over, BAD_SEAT for
        anything that is not a seat, else ``waiting_error``."""
        if self.is_over(state):
            return IllegalMove(GAME_OVER, "The game is over.")
        if not self.is_seat(state, seat):
            return self._bad_seat(state, seat)
        return self.waiting_error(state, seat)

    # -- required ----------------------------------------------------------------------------------

    @abstractmethod
    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        """The initial state; options are validated here (raise IllegalMove(BAD_MOVE, ...)).  Options
        absent take the defaults of ``options_schema``; keys it does not declare are ignored here
        (the game-creation service refuses them before any game is stored)."""

    @abstractmethod
    def seat_count(self, state: State) -> int:
        """How many seats the game has."""

    @abstractmethod
    def to_act(self, state: State) -> frozenset[int]:
        """Seats that must still act now: one in turn-based play, several when simultaneous;
        empty once the game is over."""

    @abstractmethod
    def turn_id(self, state: State) -> str:
        """A public marker of the current decision point.  A hidden choice in a simultaneous
        phase must not change it, so a client that saw this turn is not stale."""

    @abstractmethod
    def apply(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> State:
        """The state after ``seat`` plays ``move``; raises IllegalMove and never mutates ``state``.
        Starts with ``self.check_move(state, seat, move)``."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see.  Everything sent to clients is built from this."""

    @abstractmethod
    def log_view(self, state: State, entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """One move-log entry as ``seat`` may see it (hides e.g. exchanged tiles or private picks):
        the entry with its ``move`` filtered.

        ``entry`` is ``{"seq", "index", "seat", "move"}``: ``index`` is the entry's 0-based position
        among the engine moves applied since setup, ``move`` the raw payload; ``state`` is current."""

    @abstractmethod
    def hidden_from(self, state: State, seat: int | None) -> list[Any]:
        """Secret values ``seat`` must never receive: other racks, the bag, hands, the term...
        Used by tests and ``selfplay`` to check that no view leaks them."""

    @abstractmethod
    def scores(self, state: State) -> list[int]:
        """Current public score of each seat."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """Final scores and ranks once over, else None."""

    @abstractmethod
    def timeout_move(self, state: State, seat: int) -> dict[str, Any]:
        """The move a missed deadline plays for ``seat`` (a seat of a running game; see above)."""

    @abstractmethod
    def random_move(self, state: State, seat: int, rng: random.Random, ctx: Context) -> dict[str, Any]:
        """A random legal move for ``seat``, which must be to act (self-play and tests)."""


def contains_value(tree: Any, secret: Any) -> bool:
    """True when ``secret`` occurs in ``tree`` as an equal sub-value, or, for strings of four or
    more characters, inside any string of the tree.  The leak check behind every engine's tests."""
    if tree == secret:
        return True
    if isinstance(secret, str) and len(secret) >= 4 and isinstance(tree, str) and secret in tree:
        return True
    if isinstance(tree, Mapping):
        return any(contains_value(v, secret) for v in tree.values())
    if isinstance(tree, (list, tuple)):
        return any(contains_value(v, secret) for v in tree)
    return False


def _json_needle(secret: Any) -> str | None:
    """The text ``secret`` must leave in a tree's canonical JSON if the tree contains it, or None
    when that is not certain (numbers and booleans compare equal across types: ``1 == 1.0 == True``)."""

    def plain(value: Any) -> bool:
        if isinstance(value, str) or value is None:
            return True
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return all(plain(v) for v in value)
        return False

    if not plain(secret):
        return None
    if isinstance(secret, str) and len(secret) >= 4:
        # Inside any string: JSON escapes each character on its own, so the escaped secret without
        # its quotes occurs in the escaped string.
        return json.dumps(secret)[1:-1]
    return json.dumps(secret, sort_keys=True)


def find_leaks(secrets: Iterable[Any], tree: Any) -> list[Any]:
    """The ``secrets`` that occur in ``tree``, exactly as ``contains_value`` finds them.

    Fast for many secrets and big trees: the tree is serialised once, and a secret whose JSON text is
    absent from it cannot be inside; a secret whose text is present is confirmed with
    ``contains_value``, so the answer never differs from the slow check."""
    secrets = list(secrets)
    if not secrets:
        return []
    try:
        text = json.dumps(tree, sort_keys=True)
    except (TypeError, ValueError):
        return [s for s in secrets if contains_value(tree, s)]
    found = []
    for secret in secrets:
        needle = _json_needle(secret)
        if needle is not None and needle not in text:
            continue
        if contains_value(tree, secret):
            found.append(secret)
    return found


def leaks(engine: Engine, state: State, seat: int | None, view: Any) -> list[Any]:
    """The secrets hidden from ``seat`` that ``view`` nevertheless contains (empty when clean)."""
    json.dumps(view)  # a view must be JSON-serialisable; this raises if not
    return find_leaks(engine.hidden_from(state, seat), view)
