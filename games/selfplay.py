"""Self-play: complete games with random legal moves, checked after every move.

After each move: replaying the log from the seed reproduces the state exactly, the state survives a
JSON round trip, and no seat's view (nor the spectator's), nor any log entry as that seat sees it,
holds a secret hidden from that seat.  Framework-free, so the engine tests can use it too.

The replay is a second chain of states from a fresh ``setup`` advanced one logged move at a time
(``apply`` is pure, so this is the full replay's state at every step) and replayed once more from
scratch when the game ends.  The whole log is re-checked after every move, because what a seat may
see changes as play goes on; that makes the check quadratic in the length of a game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from engines.base import Context, Engine, IllegalMove, find_leaks, rng_for

MAX_MOVES = 5000


@dataclass
class SelfPlayResult:
    seed: int
    moves: int = 0
    outcome: dict | None = None
    failures: list[str] = field(default_factory=list)


def _views_clean(engine: Engine, state: dict, log: list[dict], seats: int) -> list[str]:
    problems = []
    for seat in [*range(seats), None]:
        secrets = engine.hidden_from(state, seat)
        view = engine.view(state, seat)
        json.dumps(view)  # a view must be JSON-serialisable; this raises if not
        found = find_leaks(secrets, view)
        if found:
            problems.append(f"view of seat {seat} leaks {found!r}")
        shown = [engine.log_view(state, entry, seat) for entry in log]
        json.dumps(shown)
        if find_leaks(secrets, shown):
            # Name the entries: only on failure, so a clean log costs one walk.
            for entry, one in zip(log, shown, strict=True):
                found = find_leaks(secrets, one)
                if found:
                    problems.append(f"log entry {entry['index']} as seat {seat} sees it leaks {found!r}")
    return problems


Chooser = Callable[[dict, int, random.Random, Context], dict]


def play_one(
    engine: Engine, *, seats: int, options: dict, seed: int, ctx: Context, check_every_move: bool = True,
    chooser: Chooser | None = None,
) -> SelfPlayResult:
    """One checked game; ``chooser(state, seat, rng, ctx)`` picks the moves (default: the engine's
    ``random_move``; ``engines.bots`` gives bot players)."""
    result = SelfPlayResult(seed=seed)
    choose = chooser or engine.random_move
    state = engine.setup(seats, options, seed)
    rng = rng_for(seed, "selfplay")
    replayed = engine.setup(seats, options, seed)
    log: list[dict] = []
    while engine.outcome(state) is None:
        if result.moves >= MAX_MOVES:
            result.failures.append(f"no outcome after {MAX_MOVES} moves")
            return result
        to_act = sorted(engine.to_act(state))
        if not to_act:
            result.failures.append("nobody is to act but the game has no outcome")
            return result
        seat = rng.choice(to_act)
        move = choose(state, seat, rng, ctx)
        try:
            state = engine.apply(state, seat, move, ctx)
        except IllegalMove as exc:
            result.failures.append(f"the chosen move {move!r} is illegal: {exc.code} {exc.message}")
            return result
        log.append({"seq": len(log) + 2, "index": len(log), "seat": seat, "move": move})
        result.moves += 1
        if json.loads(json.dumps(state)) != state:
            result.failures.append(f"state after move {result.moves} does not survive a JSON round trip")
        over = engine.outcome(state) is not None
        if check_every_move:
            replayed = engine.apply(replayed, seat, move, ctx)
            if replayed != state:
                result.failures.append(f"replay differs from the played state after move {result.moves}")
        if over:
            from_scratch = engine.setup(seats, options, seed)
            for entry in log:
                from_scratch = engine.apply(from_scratch, entry["seat"], entry["move"], ctx)
            if from_scratch != state:
                result.failures.append(f"replay from the seed differs from the final state after move {result.moves}")
        if check_every_move or over:
            result.failures.extend(_views_clean(engine, state, log, seats))
        if result.failures:
            return result
    result.outcome = engine.outcome(state).to_json()
    return result


def play_many(
    engine: Engine,
    *,
    games: int,
    seed: int,
    options: dict,
    ctx: Context,
    seats_for: Callable[[int], int] | None = None,
    chooser: Chooser | None = None,
) -> Iterator[SelfPlayResult]:
    for number in range(games):
        game_seed = rng_for(seed, "game", number).randrange(2**62)
        span = engine.max_seats - engine.min_seats + 1
        seats = seats_for(number) if seats_for else engine.min_seats + number % span
        yield play_one(engine, seats=seats, options=options, seed=game_seed, ctx=ctx, chooser=chooser)
