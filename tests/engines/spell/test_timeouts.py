"""What a missed deadline plays: pick 1, cross out, a skipped guess, a wrong ruling."""

from engines.spell import ENGINE

from .helpers import CTX, game_with_term, guess, new_game, write


def timed_out(state):
    (seat,) = ENGINE.to_act(state)
    move = ENGINE.timeout_move(state, seat)
    return move, ENGINE.apply(state, seat, move, CTX)


def test_a_question_mark_who_misses_the_pick_picks_number_one():
    move, state = timed_out(new_game())
    assert move == {"type": "pick", "number": 1}
    assert state["round"]["pick"] == 1


def test_a_writer_who_misses_their_turn_crosses_out():
    move, state = timed_out(game_with_term("SHARK"))
    assert move == {"type": "cross_out"}
    assert state["round"]["boards"][0]["crossed"] == 1


def test_a_missed_clue_guess_is_skipped_and_counts_as_wrong():
    state = ENGINE.apply(game_with_term("SHARK"), 1, write("F", "FISH"), CTX)
    move, state = timed_out(state)
    assert move == {"type": "guess_clue", "word": ""}
    assert state["round"]["boards"][0]["guesses"] == [{"word": "", "result": "passed", "ruled_by": None}]
    assert state["phase"] == "write"


def test_a_missed_ruling_is_wrong():
    state = ENGINE.apply(game_with_term("SHARK"), 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("frog"), CTX)
    move, state = timed_out(state)
    assert move == {"type": "rule", "right": False}
    assert state["round"]["boards"][0]["guesses"][0]["result"] == "wrong"


def test_a_missed_term_guess_is_skipped_and_counts_as_wrong():
    state = ENGINE.apply(game_with_term("SHARK"), 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("fish"), CTX)
    move, state = timed_out(state)
    assert move == {"type": "guess_term", "word": ""}
    assert state["round"]["term_guesses"] == [{"word": "", "right": False, "board": 0}]
    assert len(state["round"]["boards"]) == 2


def test_a_game_of_timeouts_ends_with_nothing_scored():
    state = new_game(seats=3)
    while ENGINE.outcome(state) is None:
        _, state = timed_out(state)
    assert ENGINE.outcome(state).team_score == 0
