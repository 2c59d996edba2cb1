"""Hidden information: the term, the card and the declared words reach only those who may see them."""

import json

from engines.base import leaks
from engines.spell import ENGINE

from .helpers import CTX, game_with_term, guess, rule, spell_word, term, write


def text(state, seat):
    return json.dumps(ENGINE.view(state, seat))


def four_seats_fish_then_fin():
    """Seat 0 guesses SHARK; seat 1 wrote F meaning FISH, seat 2 wrote I meaning FIN."""
    state = game_with_term("SHARK", seats=4)
    state = ENGINE.apply(state, 1, write("F", "FISH"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = ENGINE.apply(state, 2, write("I", "FIN"), CTX)
    return state


def card_terms(state):
    card = state["cards"][state["round"]["card"]]
    return [t for side in card["sides"] for t in side]


def test_the_question_mark_never_sees_the_term_the_card_or_a_declared_word():
    state = four_seats_fish_then_fin()
    seen = text(state, 0)
    for secret in [*card_terms(state), "FISH", "FIN"]:
        assert secret not in seen
    assert ENGINE.view(state, 0)["round"]["term"] is None
    view = ENGINE.view(state, 0)
    assert not {"seed", "cards", "card", "side"} & (set(view) | set(view["round"]))


def test_a_spectator_sees_what_the_question_mark_sees():
    state = four_seats_fish_then_fin()
    spectator, question_mark = ENGINE.view(state, None), ENGINE.view(state, 0)
    for view in (spectator, question_mark):
        del view["you"], view["role"]
    assert spectator == question_mark


def test_a_clue_giver_sees_the_term_and_their_own_word_but_not_anothers_on_an_open_board():
    state = four_seats_fish_then_fin()
    view = ENGINE.view(state, 1)
    assert view["role"] == "clue_giver"
    assert view["round"]["term"] == "SHARK"
    board = view["round"]["boards"][0]
    assert board["actions"] == [
        {"seat": 1, "type": "write", "letter": "F", "clue": "FISH"},
        {"seat": 2, "type": "write", "letter": "I"},
    ]
    assert board["my_clue"] == "FISH"
    assert "FIN" not in text(state, 1)
    assert "FISH" not in text(state, 3)


def test_once_a_board_closes_the_clue_givers_see_every_word_on_it_but_the_question_mark_does_not():
    state = four_seats_fish_then_fin()
    state = ENGINE.apply(state, 0, guess("fist"), CTX)
    state = ENGINE.apply(state, 2, rule(True), CTX)
    clues = [a.get("clue") for a in ENGINE.view(state, 3)["round"]["boards"][0]["actions"]]
    assert clues == ["FISH", "FIN"]
    assert "FISH" not in text(state, 0)
    assert '"FIN"' not in text(state, 0)
    assert ENGINE.view(state, 0)["round"]["boards"][0]["word"] == "fist"


def test_a_full_board_reveals_its_last_word_to_everyone_but_not_the_earlier_ones():
    state = game_with_term("SHARK", seats=3)
    state = ENGINE.apply(state, 1, write("R", "RAY"), CTX)
    state = ENGINE.apply(state, 0, guess(""), CTX)
    state = spell_word(state, "AUBTIE", clue="RAUBTIER")
    state = ENGINE.apply(state, 0, guess(""), CTX)
    assert ENGINE.view(state, 0)["round"]["boards"][0]["word"] == "RAUBTIER"
    assert "RAY" not in text(state, 0)
    assert "RAY" in text(state, 2)


def test_the_whole_story_is_told_to_everyone_once_the_round_is_over():
    state = four_seats_fish_then_fin()
    state = ENGINE.apply(state, 0, guess("fin"), CTX)
    state = ENGINE.apply(state, 0, term("shark"), CTX)
    story = ENGINE.view(state, None)["history"][0]
    assert story["term"] == "SHARK"
    assert [a["clue"] for a in story["boards"][0]["actions"]] == ["FISH", "FIN"]
    assert story["boards"][0]["guesses"][-1] == {"word": "fin", "result": "right", "ruled_by": None}
    assert story["score"] == 45


def test_hidden_from_names_the_card_and_the_words_each_seat_may_not_see():
    state = four_seats_fish_then_fin()
    terms = card_terms(state)
    assert ENGINE.hidden_from(state, 0) == [*terms, "FISH", "FIN"]
    assert ENGINE.hidden_from(state, None) == [*terms, "FISH", "FIN"]
    assert ENGINE.hidden_from(state, 1) == [t for t in terms if t != "SHARK"] + ["FIN"]
    assert ENGINE.hidden_from(state, 3) == [t for t in terms if t != "SHARK"] + ["FISH", "FIN"]


def test_hidden_from_leaves_out_a_secret_inside_the_seats_own_guess():
    state = four_seats_fish_then_fin()
    state = ENGINE.apply(state, 0, guess("fishing"), CTX)
    assert "FISH" in ENGINE.hidden_from(state, 0)  # case matters: "fishing" does not hold "FISH"
    state = ENGINE.apply(state, 2, rule(False), CTX)
    state = ENGINE.apply(state, 3, write("N", "FINISH"), CTX)
    state = ENGINE.apply(state, 0, guess("FISHING"), CTX)
    assert "FISH" not in ENGINE.hidden_from(state, 0)
    assert "FINISH" in ENGINE.hidden_from(state, 0)


def test_no_view_leaks_along_a_played_round():
    state = four_seats_fish_then_fin()
    for seat in (None, 0, 1, 2, 3):
        assert leaks(ENGINE, state, seat, ENGINE.view(state, seat)) == []


def log_entry(index, seat, move):
    return {"seq": index + 1, "index": index, "seat": seat, "move": move}


def test_log_view_strips_a_writers_clue_until_the_seat_may_see_it():
    state = four_seats_fish_then_fin()
    # Moves so far: 0 pick, 1 write F, 2 pass, 3 write I.
    fish = log_entry(1, 1, write("F", "FISH"))
    assert ENGINE.log_view(state, fish, 1)["move"] == {"type": "write", "letter": "F", "clue": "FISH"}
    for seat in (None, 0, 2, 3):
        assert ENGINE.log_view(state, fish, seat)["move"] == {"type": "write", "letter": "F"}
    state = ENGINE.apply(state, 0, guess("fin"), CTX)
    assert ENGINE.log_view(state, fish, 3)["move"]["clue"] == "FISH"
    assert "clue" not in ENGINE.log_view(state, fish, 0)["move"]
    state = ENGINE.apply(state, 0, term("shark"), CTX)
    assert ENGINE.log_view(state, fish, 0)["move"]["clue"] == "FISH"
    assert ENGINE.log_view(state, fish, None)["move"]["clue"] == "FISH"


def test_log_view_without_an_index_hides_a_clue_while_any_write_of_it_is_hidden():
    state = four_seats_fish_then_fin()
    entry = {"seq": 2, "seat": 1, "move": write("F", "fish")}
    assert "clue" not in ENGINE.log_view(state, entry, 2)["move"]
    state = ENGINE.apply(state, 0, guess("fin"), CTX)
    assert ENGINE.log_view(state, entry, 2)["move"]["clue"] == "fish"


def test_log_view_drops_keys_that_are_not_part_of_a_move():
    state = four_seats_fish_then_fin()
    entry = log_entry(2, 0, {"type": "guess_clue", "word": "", "note": "SHARK?"})
    assert ENGINE.log_view(state, entry, 3)["move"] == {"type": "guess_clue", "word": ""}
