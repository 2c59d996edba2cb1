"""Seeded random play: complete games replay exactly, survive JSON, never leak, and always finish."""

import json

import pytest

from engines.base import leaks, rng_for
from engines.spellcrafter import ENGINE, find_word
from engines.spellcrafter.deck import DECK_IDS

from .helpers import CTX, LEXICON, card_ids, crafting_position, word

MAX_MOVES = 400


def all_cards(state):
    cards = list(state["deck"]) + list(state["discard"])
    for p in state["players"]:
        cards += p["hand"] + p["picks"]
    return cards + ([state["jumper"]] if state["jumper"] else [])


def play_game(seats, seed, timeouts=False, check_leaks=True):
    """Play a whole game, each step's seats acting in a random order, checking every position.
    Returns the moves and the state after each of them."""
    state = ENGINE.setup(seats, {}, seed=seed)
    rng = rng_for(seed, "test-driver")
    moves, states = [], []
    while ENGINE.outcome(state) is None:
        assert len(moves) < MAX_MOVES, "game did not terminate"
        seat = rng.choice(sorted(ENGINE.to_act(state)))
        if timeouts and rng.random() < 0.3:
            move = ENGINE.timeout_move(state, seat)
        else:
            move = ENGINE.random_move(state, seat, rng, CTX)
        state = ENGINE.apply(state, seat, move, CTX)
        moves.append((seat, move))
        states.append(state)
        assert json.loads(json.dumps(state)) == state
        assert sorted(all_cards(state)) == sorted(DECK_IDS)
        if check_leaks:
            for viewer in [*range(seats), None]:
                assert leaks(ENGINE, state, viewer, ENGINE.view(state, viewer)) == [], viewer
    return moves, states


def assert_replays(seats, seed, moves, states):
    """Replaying the move log from the seed reproduces every intermediate state exactly."""
    replayed = ENGINE.setup(seats, {}, seed=seed)
    for (seat, move), expected in zip(moves, states, strict=True):
        replayed = ENGINE.apply(replayed, seat, json.loads(json.dumps(move)), CTX)
        assert replayed == expected
    outcome = ENGINE.outcome(replayed)
    assert outcome is not None and len(outcome.ranks) == seats and min(outcome.ranks) == 1
    assert ENGINE.to_act(replayed) == frozenset()


@pytest.mark.parametrize("seats,seed,timeouts", [(2, 1, False), (3, 2, True), (4, 3, False), (5, 4, True)])
def test_random_games_never_leak_a_secret_and_replay_exactly(seats, seed, timeouts):
    moves, states = play_game(seats, seed, timeouts)
    assert_replays(seats, seed, moves, states)


@pytest.mark.parametrize("seed", range(20))
def test_many_random_games_finish_and_replay_exactly(seed):
    seats = 2 + seed % 4
    moves, states = play_game(seats, 1000 + seed, timeouts=seed % 3 == 0, check_leaks=False)
    assert_replays(seats, 1000 + seed, moves, states)


def test_random_play_crafts_real_words():
    words = []
    for seed in range(6):
        _, states = play_game(3, 100 + seed, check_leaks=False)
        words += [r["word"] for rec in states[-1]["history"] for r in rec["results"] if r["word"]]
    assert words and all(LEXICON.contains(w) for w in words)


def test_find_word_prefers_the_best_scoring_word():
    taken = set()
    picks = card_ids("gZ gO gN gK gS fC +", taken)
    entries = find_word(picks, card_ids("tT", taken)[0], LEXICON)
    assert "".join(e["letter"] for e in entries) == "ZONKS"
    assert entries[0]["double"] == "double-1"  # on the Z, the most valuable letter


def test_find_word_uses_a_wild_when_it_helps():
    state = crafting_position(["fC ?", "fA"], jumper="tT")
    entries = find_word(state["players"][0]["picks"], state["jumper"], LEXICON)
    assert len(entries) == 3 and any(e["card"] == "wild-1" for e in entries)
    move = ENGINE.random_move(state, 0, rng_for(1), CTX)
    assert ENGINE.apply(state, 0, move, CTX)["players"][0]["craft"] is not None


def test_find_word_returns_nothing_without_a_word():
    assert find_word(card_ids("tQ sX gZ"), None, LEXICON) == []


def test_random_move_crafts_the_found_word():
    state = crafting_position(["gC gA gT", "fA"])
    move = ENGINE.random_move(state, 0, rng_for(1), CTX)
    assert move == word(state, 0, "gC gA gT")
