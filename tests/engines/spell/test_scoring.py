"""Round and game scoring, with the rulebook's two examples (29 and 35 points)."""

from engines.spell import ENGINE
from engines.spell.scoring import round_score

from .helpers import CROSS, CTX, actor, board_from_picture, game_with_term, guess, picture, spell_word, term


def boards(*pictures):
    return [board_from_picture(p) for p in pictures]


def test_rulebook_round_one_scores_29_for_nine_free_fields_and_two_unused_boards():
    assert round_score(boards("FLU___#", "FIN____", "RAUBT__"), found=True) == 29


def test_rulebook_turtle_example_scores_35_for_five_free_fields_and_three_unused_boards():
    assert round_score(boards("REPT___", "SHELL__"), found=True) == 35


def test_crossed_out_fields_are_not_free():
    assert round_score(boards("AB___##"), found=True) == 3 + 40


def test_a_term_found_on_the_first_letter_scores_six_plus_forty():
    assert round_score(boards("F______"), found=True) == 46


def test_a_round_without_the_term_scores_nothing():
    assert round_score(boards("REPT___", "SHELL__", "A______", "B______", "C______"), found=False) == 0


def test_turtle_round_played_out_scores_35():
    state = game_with_term("TURTLE")
    q = state["round"]["guesser"]
    state = spell_word(state, "REPT", clue="REPTILE")
    state = ENGINE.apply(state, q, guess("reptile"), CTX)
    state = ENGINE.apply(state, q, term("tortoise"), CTX)
    state = spell_word(state, "SHELL")
    state = ENGINE.apply(state, q, guess("Shell"), CTX)
    state = ENGINE.apply(state, q, term("turtles"), CTX)
    assert state["round_scores"] == [35]
    assert state["history"][0]["found"] is True
    assert ENGINE.scores(state) == [35, 35, 35]


def test_round_one_of_the_illustration_played_out_scores_29():
    state = game_with_term("SHARK")
    q = state["round"]["guesser"]
    state = spell_word(state, "FL", clue="FLUKE")
    state = ENGINE.apply(state, q, guess(""), CTX)
    state = ENGINE.apply(state, actor(state), CROSS, CTX)
    state = ENGINE.apply(state, q, guess(""), CTX)
    state = spell_word(state, "U", clue="FLUKE")
    state = ENGINE.apply(state, q, guess("fluke"), CTX)
    state = ENGINE.apply(state, q, term("whale"), CTX)
    state = spell_word(state, "FIN", clue="FIN")
    state = ENGINE.apply(state, q, guess("fin"), CTX)
    state = ENGINE.apply(state, q, term("fish"), CTX)
    state = spell_word(state, "RAUBT", clue="RAUBTIER")
    state = ENGINE.apply(state, q, guess("Raubtier"), CTX)
    state = ENGINE.apply(state, q, term("Shark"), CTX)
    told = ENGINE.view(state, q)["history"][0]
    assert [picture(b) for b in told["boards"]] == ["FLU___#", "FIN____", "RAUBT__"]
    assert state["round_scores"] == [29]


def test_five_rounds_make_a_game_and_every_seat_shares_the_team_score_and_rank_one():
    state = game_with_term("TURTLE", seats=4)
    while ENGINE.outcome(state) is None:
        q = state["round"]["guesser"]
        if state["phase"] == "pick":
            state = ENGINE.apply(state, q, {"type": "pick", "number": 2}, CTX)
            continue
        state = spell_word(state, "XY", clue="XYLOPHONE")
        state = ENGINE.apply(state, q, guess("xylophone"), CTX)
        state = ENGINE.apply(state, q, term(state["round"]["term"]), CTX)
    outcome = ENGINE.outcome(state)
    assert state["round_scores"] == [45] * 5
    assert outcome.team_score == 225
    assert outcome.scores == (225,) * 4
    assert outcome.ranks == (1, 1, 1, 1)
    assert ENGINE.to_act(state) == frozenset()
