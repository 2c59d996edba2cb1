"""Who acts when: the number pick, the writers' order across boards, rulings, the rotating question mark."""

from engines.spell import ENGINE

from .helpers import CROSS, CTX, actor, game_with_term, guess, new_game, rule, term, write


def test_a_round_starts_with_the_question_mark_picking_a_number():
    state = new_game(seats=4, first_guesser=2)
    assert state["phase"] == "pick"
    assert ENGINE.to_act(state) == frozenset({2})
    state = ENGINE.apply(state, 2, {"type": "pick", "number": 4}, CTX)
    card = state["cards"][state["round"]["card"]]
    assert state["round"]["term"] == card["sides"][state["round"]["side"]][3]
    assert state["phase"] == "write"


def test_writers_go_clockwise_from_the_question_marks_left_skipping_them():
    state = game_with_term("SHARK", seats=4, first_guesser=2)
    writers = []
    for _ in range(6):
        writers.append(actor(state))
        state = ENGINE.apply(state, actor(state), CROSS, CTX)
        state = ENGINE.apply(state, 2, guess(""), CTX)
    assert writers == [3, 0, 1, 3, 0, 1]


def test_the_writers_order_continues_across_boards():
    state = game_with_term("SHARK", seats=4)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("fish"), CTX)
    state = ENGINE.apply(state, 0, term("whale"), CTX)
    # Seat 1 wrote on the first board; the second board goes on with seat 2.
    assert state["phase"] == "write"
    assert actor(state) == 2
    assert len(state["round"]["boards"]) == 2


def test_with_two_players_the_one_clue_giver_writes_every_letter_and_rules():
    state = game_with_term("SHARK", seats=2)
    assert actor(state) == 1
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    assert actor(state) == 1
    state = ENGINE.apply(state, 1, write("I", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("fit"), CTX)
    assert state["phase"] == "rule"
    assert actor(state) == 1


def test_the_last_writer_rules_on_a_guess_that_is_not_their_word():
    state = game_with_term("SHARK", seats=4)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 2, write("L", "FLOSSE"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 3, write("U", "FLUKE"), CTX)
    state = ENGINE.apply(state, 0, guess("Fluss"), CTX)
    assert state["phase"] == "rule"
    assert ENGINE.to_act(state) == frozenset({3})
    assert state["round"]["pending"] == {"word": "Fluss", "ruler": 3}


def test_the_question_mark_moves_one_seat_clockwise_each_round_and_writers_restart_at_their_left():
    state = game_with_term("SHARK", seats=3)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("fish"), CTX)
    state = ENGINE.apply(state, 0, term("shark"), CTX)
    assert state["round"]["number"] == 2
    assert state["round"]["guesser"] == 1
    assert actor(state) == 1
    state = ENGINE.apply(state, 1, {"type": "pick", "number": 1}, CTX)
    assert actor(state) == 2


def test_a_wrong_ruling_hands_the_board_to_the_next_writer():
    state = game_with_term("SHARK", seats=3)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess("frog"), CTX)
    state = ENGINE.apply(state, 1, rule(False), CTX)
    assert state["phase"] == "write"
    assert actor(state) == 2
    assert state["round"]["boards"][0]["guesses"] == [{"word": "frog", "result": "wrong", "ruled_by": 1}]


def test_turn_id_changes_with_every_move_and_is_public():
    state = game_with_term("SHARK")
    before = ENGINE.turn_id(state)
    after = ENGINE.turn_id(ENGINE.apply(state, 1, CROSS, CTX))
    assert before != after
    assert "SHARK" not in before + after
