"""Random complete games: replay, JSON round-trips and, at every step, no secret in any view or log entry."""

import copy
import json
import random

import pytest

from engines.base import Context, SetLexicon, leaks
from engines.spell import ENGINE

from .helpers import make_cards

SYLLABLES = "ba be bo da di du ka ko ku la li lo ma me mi na no nu pa pe po ra ri ro sa se su ta to".split()


def generated_words(count=400, seed=7):
    rng = random.Random(seed)
    words = set()
    while len(words) < count:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4))))
    return sorted(words)


LEXICON_CTX = Context(lexicon=SetLexicon(generated_words()))
PLAIN_CTX = Context()
MAX_MOVES = 5 * 5 * (7 * 3 + 1) + 5


def replay(seats, options, seed, moves, ctx):
    state = ENGINE.setup(seats, options, seed)
    for seat, move in moves:
        state = ENGINE.apply(state, seat, move, ctx)
    return state


def assert_nothing_leaks(state, moves):
    entries = [{"seq": n + 1, "index": n, "seat": seat, "move": move} for n, (seat, move) in enumerate(moves)]
    for seat in [None, *range(state["seats"])]:
        assert leaks(ENGINE, state, seat, ENGINE.view(state, seat)) == [], seat
        logged = [ENGINE.log_view(state, entry, seat) for entry in entries]
        assert leaks(ENGINE, state, seat, logged) == [], seat


# Every seat count, with and without a lexicon; each step checks every view and every logged move,
# so a game costs time quadratic in its length.
GAMES = [(2, True), (3, False), (4, True), (5, False), (6, True)]


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_random_games_replay_round_trip_keep_their_secrets_and_finish(game):
    seats, with_lexicon = GAMES[game]
    ctx = LEXICON_CTX if with_lexicon else PLAIN_CTX
    options = {"cards": make_cards(), "language": "en"}
    rng = random.Random(game)
    state = ENGINE.setup(seats, options, seed=1000 + game)
    moves = []
    while ENGINE.outcome(state) is None:
        assert len(moves) < MAX_MOVES
        (seat,) = ENGINE.to_act(state)
        if rng.random() < 0.1:
            move = ENGINE.timeout_move(state, seat)
        else:
            move = ENGINE.random_move(state, seat, rng, ctx)
        before = copy.deepcopy(state)
        after = ENGINE.apply(state, seat, move, ctx)
        assert state == before  # apply never mutates its input
        state = after
        moves.append((seat, move))
        assert json.loads(json.dumps(state)) == state
        assert replay(seats, options, 1000 + game, moves, ctx) == state
        assert_nothing_leaks(state, moves)
    outcome = ENGINE.outcome(state)
    assert outcome.team_score == sum(state["round_scores"])
    assert len(state["round_scores"]) == 5
    assert outcome.ranks == (1,) * seats
