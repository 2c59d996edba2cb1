"""The engine contract, asked of every registered engine alike (the four games and the toy engine).

The same bad seats on every method that takes a seat, the same moves after the end, the same fixed
order of checks and the same move-shape refusals: exact codes, nothing mutated, and no refusal that
tells a bad seat a secret.  Positions come from seeded random play through ``apply`` itself.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines import registry
from engines.base import (
    ARRAY,
    BAD_MOVE,
    BAD_SEAT,
    BOOLEAN,
    GAME_OVER,
    INTEGER,
    NO_PREVIEW,
    STRING,
    Context,
    Engine,
    IllegalMove,
    Option,
    SetLexicon,
    check_option_value,
    check_options,
    find_leaks,
    flag,
    leaks,
    one_of,
    rng_for,
    set_by_server,
    short_text,
    whole_number,
)
from tests.engines.crossword.test_random_play import ENGLISH_WORDS
from tests.engines.spell.helpers import make_cards
from tests.engines.spellcrafter.helpers import CTX as SPELLCRAFTER_CTX
from tests.engines.turnspell.helpers import CTX as TURNSPELL_CTX


@dataclass(frozen=True)
class Table:
    """How to start a short game of one kind: seats, options (kept short where the rules allow) and
    the context its moves need."""

    seats: int
    options: dict[str, Any] = field(default_factory=dict)
    ctx: Context = field(default_factory=Context)


TABLES = {
    "crossword": Table(2, {}, Context(lexicon=SetLexicon(ENGLISH_WORDS.split()))),
    "turnspell": Table(2, {"max_turns": 3}, TURNSPELL_CTX),
    "spellcrafter": Table(2, {"rounds": 1}, SPELLCRAFTER_CTX),
    "spell": Table(3, {"cards": make_cards()}),
    "toy": Table(2, {"target": 8}),
}
KINDS = sorted(TABLES)
MAX_MOVES = 3000


def engine_of(kind: str) -> Engine:
    return registry.get(kind)


def play(kind: str, moves: int | None, seed: int = 1) -> dict[str, Any]:
    """A game of ``kind`` after ``moves`` random moves (None: played to its end), every move through
    ``apply``, so every random move passed its engine's schema and rules."""
    engine, table = engine_of(kind), TABLES[kind]
    state = engine.setup(table.seats, table.options, seed)
    rng = rng_for(seed, "contract")
    for _ in range(MAX_MOVES if moves is None else moves):
        if engine.is_over(state):
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        state = engine.apply(state, seat, engine.random_move(state, seat, rng, table.ctx), table.ctx)
    assert moves is not None or engine.is_over(state), f"{kind}: no end after {MAX_MOVES} moves"
    return state


def a_move(kind: str, state: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """An acting seat and a legal move for it."""
    engine = engine_of(kind)
    seat = min(engine.to_act(state))
    return seat, engine.random_move(state, seat, random.Random(3), TABLES[kind].ctx)


@pytest.fixture(scope="module", params=KINDS)
def kind(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def running(kind) -> dict[str, Any]:
    return play(kind, 3)


@pytest.fixture(scope="module")
def finished(kind) -> dict[str, Any]:
    return play(kind, None)


def bad_seats(state: dict[str, Any], engine: Engine) -> list[Any]:
    n = engine.seat_count(state)
    return [-1, n, n + 7, 0.0, 1.0, True, False, "0", [0], None]


def refusal(call, state: dict[str, Any]) -> IllegalMove:
    """The IllegalMove ``call`` raises; the state it was given must be exactly as before."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as caught:
        call()
    assert state == before, "a refused call must leave the state unchanged"
    return caught.value


def assert_tells_no_secret(engine: Engine, state: dict[str, Any], refused: IllegalMove) -> None:
    """What a refused caller receives (message and details) holds nothing hidden from a spectator."""
    told = {"message": refused.message, "details": refused.details}
    assert find_leaks(engine.hidden_from(state, None), told) == []


# --- every engine is in this table, and has the contract's shape ---------------------------------


def test_every_registered_engine_is_checked_here():
    assert set(registry.kinds()) == set(TABLES)


def test_every_engine_inherits_the_contract_and_declares_its_abilities(kind):
    engine = engine_of(kind)
    assert isinstance(engine, Engine)
    assert isinstance(engine.private_options, tuple)
    assert isinstance(engine.uses_term_deck, bool) and isinstance(engine.has_preview, bool)
    lexicon = engine.default_lexicon(TABLES[kind].options)
    assert lexicon is None or isinstance(lexicon, str)
    assert engine.move_schema and all(isinstance(t, str) for t in engine.move_schema)


def test_an_engine_without_preview_answers_no_preview(kind, running):
    engine = engine_of(kind)
    if engine.has_preview:
        pytest.skip(f"{kind} has a preview")
    seat, move = a_move(kind, running)
    assert refusal(lambda: engine.preview(running, seat, move, TABLES[kind].ctx), running).code == NO_PREVIEW


# --- declared options ----------------------------------------------------------------------------


def test_every_engine_declares_its_options_each_with_a_default_that_fits_it(kind):
    schema = engine_of(kind).options_schema
    assert isinstance(schema, Mapping)
    for name, option in schema.items():
        assert isinstance(name, str) and isinstance(option, Option), name
        assert option.kind in (STRING, INTEGER, BOOLEAN, ARRAY), name
        if option.default is not None:
            check_option_value(name, option.default, option)


def test_the_declared_defaults_are_the_ones_setup_uses(kind):
    engine, table = engine_of(kind), TABLES[kind]
    defaults = {name: o.default for name, o in engine.options_schema.items() if o.default is not None}
    assert engine.setup(table.seats, {**defaults, **table.options}, 5) == engine.setup(table.seats, table.options, 5)


def test_the_options_every_engine_is_played_with_here_fit_its_declaration(kind):
    check_options(engine_of(kind).options_schema, TABLES[kind].options, game=kind, set_by_server=True)


def test_an_engines_private_options_are_set_by_the_server(kind):
    engine = engine_of(kind)
    assert all(engine.options_schema[name].by_server for name in engine.private_options)


@pytest.mark.parametrize(("options", "named"), [
    ({"nonsense": 1}, "nonsense"),
    ({"count": True}, "count"), ({"count": "7"}, "count"), ({"count": 7.0}, "count"), ({"count": 11}, "count"),
    ({"mode": "sideways"}, "mode"), ({"mode": 1}, "mode"), ({"mode": None}, "mode"),
    ({"side": 2}, "side"), ({"side": False}, "side"),
    ({"casual": "no"}, "casual"), ({"casual": 0}, "casual"), ({"casual": "true"}, "casual"),
    ({"casual": None}, "casual"),
    ({"code": ""}, "code"), ({"code": "x" * 17}, "code"), ({"code": ["en"]}, "code"),
    ({"cards": []}, "cards"),
    ({"x" * 100_000: 1}, "x" * 37 + "..."),
])
def test_an_option_outside_its_declaration_is_refused_naming_it(options, named):
    schema = {"count": whole_number(1, 10, default=5), "mode": one_of("a", "b", default="a"),
              "side": one_of(0, 1, default=None, nullable=True), "casual": flag(default=False),
              "code": short_text(16), "cards": set_by_server()}
    with pytest.raises(IllegalMove) as refused:
        check_options(schema, options, game="Toy")
    assert refused.value.code == BAD_MOVE
    assert refused.value.details == {"option": named}
    assert len(refused.value.message) < 300


def test_options_inside_their_declaration_pass_and_the_server_may_set_its_own():
    schema = {"count": whole_number(1, 10, default=5), "side": one_of(0, 1, default=None, nullable=True),
              "casual": flag(default=False), "cards": set_by_server()}
    check_options(schema, {}, game="Toy")
    check_options(schema, {"count": 10, "side": None, "casual": True}, game="Toy")
    check_options(schema, {"side": 1, "cards": [{"id": 1}]}, game="Toy", set_by_server=True)
    with pytest.raises(IllegalMove):
        check_options(schema, ["count"], game="Toy")


def test_the_registry_refuses_an_engine_that_does_not_inherit_the_contract():
    class Stray:
        kind = "stray"

    with pytest.raises(TypeError):
        registry.register(Stray())
    assert "stray" not in registry.kinds()


# --- bad seats -----------------------------------------------------------------------------------


def test_a_move_for_a_bad_seat_is_bad_seat(kind, running):
    engine = engine_of(kind)
    _, move = a_move(kind, running)
    for seat in bad_seats(running, engine):
        refused = refusal(lambda s=seat: engine.apply(running, s, move, TABLES[kind].ctx), running)
        assert refused.code == BAD_SEAT, seat
        assert_tells_no_secret(engine, running, refused)


def test_views_for_a_bad_seat_are_refused_and_the_spectator_is_none(kind, running):
    engine = engine_of(kind)
    entry = {"seq": 2, "index": 0, "seat": 0, "move": a_move(kind, running)[1]}
    for seat in bad_seats(running, engine):
        if seat is None:
            continue
        for call in (
            lambda s=seat: engine.view(running, s),
            lambda s=seat: engine.log_view(running, entry, s),
            lambda s=seat: engine.hidden_from(running, s),
        ):
            refused = refusal(call, running)
            assert refused.code == BAD_SEAT, seat
            assert_tells_no_secret(engine, running, refused)
    spectator = engine.view(running, None)
    assert leaks(engine, running, None, spectator) == []
    assert leaks(engine, running, None, engine.log_view(running, entry, None)) == []


def test_automatic_moves_and_refusals_for_a_bad_seat_are_bad_seat(kind, running):
    engine = engine_of(kind)
    ctx = TABLES[kind].ctx
    for seat in bad_seats(running, engine):
        assert refusal(lambda s=seat: engine.timeout_move(running, s), running).code == BAD_SEAT, seat
        assert refusal(lambda s=seat: engine.random_move(running, s, random.Random(1), ctx), running).code == BAD_SEAT
        assert engine.not_acting_error(running, seat).code == BAD_SEAT, seat


def test_a_preview_for_a_bad_seat_or_a_spectator_is_bad_seat(kind, running):
    engine = engine_of(kind)
    if not engine.has_preview:
        pytest.skip(f"{kind} has no preview")
    _, move = a_move(kind, running)
    for seat in bad_seats(running, engine):
        refused = refusal(lambda s=seat: engine.preview(running, s, move, TABLES[kind].ctx), running)
        assert refused.code == BAD_SEAT, seat


def test_a_float_seat_never_reaches_the_state(kind, running):
    # 0.0 == 0 and hashes alike, so a float seat used to pass "seat in to_act" and be written back.
    engine = engine_of(kind)
    seat, move = a_move(kind, running)
    refused = refusal(lambda: engine.apply(running, float(seat), move, TABLES[kind].ctx), running)
    assert refused.code == BAD_SEAT
    assert engine.apply(running, seat, move, TABLES[kind].ctx) != running


# --- after the end -------------------------------------------------------------------------------


def test_any_move_once_over_is_game_over(kind, finished):
    engine = engine_of(kind)
    ctx = TABLES[kind].ctx
    assert engine.to_act(finished) == frozenset() and engine.outcome(finished) is not None
    some_type = next(iter(engine.move_schema))
    moves = [{"type": t} for t in engine.move_schema] + [{}, None, {"type": some_type, "pad": "x"}]
    seats = [*range(engine.seat_count(finished)), *bad_seats(finished, engine)]
    for seat in seats:
        for move in moves:
            refused = refusal(lambda s=seat, m=move: engine.apply(finished, s, m, ctx), finished)
            assert refused.code == GAME_OVER, (seat, move)
        assert engine.not_acting_error(finished, seat).code == GAME_OVER
        assert refusal(lambda s=seat: engine.timeout_move(finished, s), finished).code == GAME_OVER
        randomly = refusal(lambda s=seat: engine.random_move(finished, s, random.Random(1), ctx), finished)
        assert randomly.code == GAME_OVER
        if engine.has_preview:
            refused = refusal(lambda s=seat: engine.preview(finished, s, moves[0], ctx), finished)
            assert refused.code == GAME_OVER


def test_every_seat_and_the_spectator_still_see_a_finished_game_without_leaks(kind, finished):
    engine = engine_of(kind)
    for seat in [None, *range(engine.seat_count(finished))]:
        assert leaks(engine, finished, seat, engine.view(finished, seat)) == []


# --- the order of checks -------------------------------------------------------------------------


def test_a_seat_that_may_not_act_hears_so_before_anything_about_its_move(kind):
    engine = engine_of(kind)
    state = play(kind, 0)
    rng = random.Random(5)
    while not set(range(engine.seat_count(state))) - engine.to_act(state):
        seat = min(engine.to_act(state))
        state = engine.apply(state, seat, engine.random_move(state, seat, rng, TABLES[kind].ctx), TABLES[kind].ctx)
    waiting = min(set(range(engine.seat_count(state))) - engine.to_act(state))
    expected = engine.not_acting_error(state, waiting).code
    assert expected not in (BAD_MOVE, BAD_SEAT, GAME_OVER)
    for move in ({"type": "nonsense"}, None, {"type": next(iter(engine.move_schema)), "pad": "x" * 10_000}):
        refused = refusal(lambda m=move: engine.apply(state, waiting, m, TABLES[kind].ctx), state)
        assert refused.code == expected, move


def test_a_bad_seat_hears_so_before_anything_about_its_move(kind, running):
    engine = engine_of(kind)
    refused = refusal(lambda: engine.apply(running, -1, {"type": "nonsense"}, TABLES[kind].ctx), running)
    assert refused.code == BAD_SEAT


# --- move shapes ---------------------------------------------------------------------------------


def _string_key(engine: Engine) -> tuple[str, str] | None:
    """A move type and one of its top-level keys that holds a string, if the schema has one."""
    for move_type, keys in engine.move_schema.items():
        for key, spec in keys.items():
            if STRING in spec.kinds:
                return move_type, key
    return None


def shape_refusal(kind: str, state: dict[str, Any], move: Any) -> IllegalMove:
    engine = engine_of(kind)
    seat = min(engine.to_act(state))
    refused = refusal(lambda: engine.apply(state, seat, move, TABLES[kind].ctx), state)
    assert refused.code == BAD_MOVE, refused.message
    return refused


def test_a_legal_move_with_an_unknown_key_is_refused_by_name(kind, running):
    _, move = a_move(kind, running)
    refused = shape_refusal(kind, running, {**move, "pad": "x"})
    assert '"pad"' in refused.message or "'pad'" in refused.message


def test_a_padded_move_of_a_megabyte_is_refused_and_the_refusal_is_short(kind, running):
    move_type = next(iter(engine_of(kind).move_schema))
    refused = shape_refusal(kind, running, {"type": move_type, "pad": "x" * 2**20})
    assert "pad" in refused.message and len(refused.message) < 200


def test_an_oversized_string_is_refused_by_name(kind, running):
    found = _string_key(engine_of(kind))
    if found is None:
        pytest.skip(f"{kind} has no string in its moves")
    move_type, key = found
    refused = shape_refusal(kind, running, {"type": move_type, key: "A" * 5000})
    assert key in refused.message and len(refused.message) < 200


def test_a_nul_character_is_refused_by_name(kind, running):
    found = _string_key(engine_of(kind))
    if found is None:
        pytest.skip(f"{kind} has no string in its moves")
    move_type, key = found
    refused = shape_refusal(kind, running, {"type": move_type, key: "A\x00"})
    assert key in refused.message and "NUL" in refused.message


def test_floats_and_unknown_types_are_refused(kind, running):
    move_type = next(iter(engine_of(kind).move_schema))
    shape_refusal(kind, running, {"type": "no-such-move"})
    shape_refusal(kind, running, {"type": 1})
    keys = engine_of(kind).move_schema[move_type]
    if keys:
        shape_refusal(kind, running, {"type": move_type, next(iter(keys)): 1.5})


def test_automatic_moves_fit_their_own_schema_and_are_legal_all_game_long(kind):
    engine, table = engine_of(kind), TABLES[kind]
    state = engine.setup(table.seats, table.options, 2)
    rng = rng_for(2, "contract")
    for _ in range(MAX_MOVES):
        if engine.is_over(state):
            break
        for seat in sorted(engine.to_act(state)):
            timeout = engine.timeout_move(state, seat)
            engine.check_move_shape(timeout)
            engine.apply(state, seat, timeout, table.ctx)  # a missed deadline always plays a legal move
        seat = rng.choice(sorted(engine.to_act(state)))
        move = engine.random_move(state, seat, rng, table.ctx)
        engine.check_move_shape(move)
        state = engine.apply(state, seat, move, table.ctx)
    assert engine.is_over(state)


def test_every_move_type_of_the_schema_is_accepted_in_play(kind):
    # Crossword challenges only in a challenge game; the others play every type in their default game.
    engine, table = engine_of(kind), TABLES[kind]
    options = {**table.options, "challenge": "single"} if kind == "crossword" else table.options
    accepted: set[str] = set()
    for seed in range(1, 11):
        state = engine.setup(table.seats, options, seed)
        rng = rng_for(seed, "variety")
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.to_act(state)))
            move = engine.random_move(state, seat, rng, table.ctx)
            state = engine.apply(state, seat, move, table.ctx)
            accepted.add(move["type"])
        if accepted == set(engine.move_schema):
            break
    assert accepted == set(engine.move_schema)
