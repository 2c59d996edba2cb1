"""The contract every game engine fulfils, and the small pieces engines share.

An engine is pure rules: JSON-serialisable state in, move in, new state out. Nothing below
``games/engines`` imports Django, reads the clock or touches the global ``random``; randomness
comes from the game's seed (see ``rng_for``), the lexicon and anything else from outside arrives
in a ``Context``.  The move service (``games/services.py``) is the only caller that persists what
an engine returns.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

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

    def __iter__(self):
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


def ranks_from_scores(scores: Iterable[int]) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4): a higher score ranks first, equal scores share."""
    scores = list(scores)
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


def rng_for(seed: int, *salt: Any) -> random.Random:
    """A private RNG derived from the game's seed and a salt such as the move number.

    String seeding is deterministic across processes and Python versions (it hashes with SHA-512),
    so replaying a move log from the seed reproduces the same draws.
    """
    return random.Random(":".join(str(part) for part in (seed, *salt)))


def clone(state: State) -> State:
    """A deep copy, so that ``apply`` never mutates its input."""
    return copy.deepcopy(state)


class Engine(Protocol):
    """The rules of one game kind.  See DESIGN.md, "The engine contract"."""

    kind: str
    min_seats: int
    max_seats: int
    # True for cooperative games: every seat shares the outcome and no Elo is computed.
    cooperative: bool

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        """The initial state; options are validated here (raise IllegalMove(BAD_MOVE, ...))."""

    def to_act(self, state: State) -> frozenset[int]:
        """Seats that must still act now: one in turn-based play, several when simultaneous;
        empty once the game is over."""

    def turn_id(self, state: State) -> str:
        """A public marker of the current decision point.  A hidden choice in a simultaneous
        phase must not change it, so a client that saw this turn is not stale."""

    def apply(self, state: State, seat: int, move: Mapping[str, Any], ctx: Context) -> State:
        """The state after ``seat`` plays ``move``; raises IllegalMove and never mutates ``state``."""

    def not_acting_error(self, state: State, seat: int) -> IllegalMove:
        """The refusal for a seat that is not in ``to_act`` (NOT_YOUR_TURN, ALREADY_CHOSEN ...)."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see.  Everything sent to clients is built from this."""

    def log_view(self, state: State, entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """One move-log entry as ``seat`` may see it (hides e.g. exchanged tiles or private picks):
        the entry with its ``move`` filtered.

        ``entry`` is ``{"seq", "index", "seat", "move"}``: ``index`` is the entry's 0-based position
        among the engine moves applied since setup, ``move`` the raw payload; ``state`` is current."""

    def hidden_from(self, state: State, seat: int | None) -> list[Any]:
        """Secret values ``seat`` must never receive: other racks, the bag, hands, the term...
        Used by tests and ``selfplay`` to check that no view leaks them."""

    def scores(self, state: State) -> list[int]:
        """Current public score of each seat."""

    def outcome(self, state: State) -> Outcome | None:
        """Final scores and ranks once over, else None."""

    def timeout_move(self, state: State, seat: int) -> dict[str, Any]:
        """The move a missed deadline plays for ``seat``."""

    def random_move(self, state: State, seat: int, rng: random.Random, ctx: Context) -> dict[str, Any]:
        """A random legal move for ``seat`` (self-play and tests)."""


def not_your_turn(seat: int) -> IllegalMove:
    return IllegalMove(NOT_YOUR_TURN, f"Seat {seat} is not to act now.")


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
