"""Whole Turnspell games of random choices: replayable, leak-free, JSON-clean and finite."""

from __future__ import annotations

import copy
import json

import pytest

from engines.base import Outcome, leaks, rng_for
from engines.turnspell import ENGINE

from .helpers import CTX


def replay(seats, seed, options, moves):
    """Every state from setup through the logged moves, rebuilt from the seed alone."""
    state = ENGINE.setup(seats, options, seed)
    states = [state]
    for seat, move in moves:
        state = ENGINE.apply(state, seat, move, CTX)
        states.append(state)
    return states


def check_privacy(state, log):
    for viewer in [*range(state["players"]), None]:
        assert leaks(ENGINE, state, viewer, ENGINE.view(state, viewer)) == []
        for entry in log[-state["players"]:]:
            shown = ENGINE.log_view(state, entry, viewer)
            unresolved = entry["index"] >= state["turn_first_move"] and not state["over"]
            if unresolved and entry["seat"] != viewer:
                assert shown["move"] is None
            else:
                assert shown["move"] == entry["move"]


# Views carry the whole resolution log, so checking every view after every choice grows with the
# square of a game's length: the turn limit keeps the suite quick (most games still reach 44).
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_replay_hide_their_secrets_and_end(seats, seed):
    options = {"max_turns": 50}
    state = ENGINE.setup(seats, options, seed)
    rng = rng_for(seed, "random-play-test")
    states, moves, log = [state], [], []
    while ENGINE.outcome(state) is None:
        to_act = ENGINE.to_act(state)
        assert to_act
        seat = rng.choice(sorted(to_act))
        ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), CTX)  # the default is always legal
        move = ENGINE.random_move(state, seat, rng, CTX)
        before = copy.deepcopy(state)
        after = ENGINE.apply(state, seat, move, CTX)
        assert state == before
        if len(to_act) > 1:
            assert ENGINE.turn_id(after) == ENGINE.turn_id(state)  # a hidden choice is not a new turn
        log.append({"seq": len(moves) + 2, "index": len(moves), "seat": seat, "move": move})
        moves.append([seat, move])
        state = after
        states.append(state)
        assert json.loads(json.dumps(state)) == state
        assert sum(t is not None for arm in state["spinner"] for t in arm) + len(state["bag"]) + sum(
            t is not None for board in state["boards"] for row in board for t in row
        ) == 100
        check_privacy(state, log)
        assert len(moves) <= seats * 200
    assert replay(seats, seed, options, moves) == states
    outcome = ENGINE.outcome(state)
    assert isinstance(outcome, Outcome) and outcome.scores == tuple(state["scores"])
    assert ENGINE.to_act(state) == frozenset()
    assert state["end_reason"] in ("turn_limit", "reached_44")


def test_random_play_reaches_44_well_within_200_turns():
    reasons = []
    for seed in range(6):
        state = ENGINE.setup(2, {}, seed)
        rng = rng_for(seed, "short")
        while ENGINE.outcome(state) is None:
            for seat in sorted(ENGINE.to_act(state)):
                state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng, CTX), CTX)
        reasons.append(state["end_reason"])
    assert reasons.count("reached_44") >= 4
