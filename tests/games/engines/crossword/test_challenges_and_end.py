"""Challenge settings (void, single, double), the end of the game and the rule-18 adjustment."""

from collections import Counter

import pytest

from games.engines.base import IllegalMove
from games.engines.crossword import ENGINE, NOTHING_TO_CHALLENGE
from games.engines.crossword.tiles import ENGLISH

from .helpers import last, lexicon, place, play, position

WORDS = lexicon("windy", "gale", "aw", "li", "en", "ad", "an")
PHONY = {"type": "place", "gcg": "7C GALX"}  # GALX and XN are not words


def phony_played(mode):
    state = position("WINDY", top=7, left=3, racks=["ADEGILX", "ABCDEFG"], challenge=mode)
    return state, play(state, 0, PHONY, WORDS)


@pytest.mark.parametrize("mode", ["single", "double"])
def test_in_challenge_modes_an_unknown_word_stands_until_challenged(mode):
    _, after = phony_played(mode)
    assert after["scores"][0] == last(after)["score"] > 0
    assert after["pending"]["words"] == ["GALX", "AW", "LI", "XN"]
    assert ENGINE.view(after, 1)["can_challenge"] is True
    assert ENGINE.view(after, 0)["can_challenge"] is False


@pytest.mark.parametrize("mode", ["single", "double"])
def test_a_successful_challenge_takes_the_play_back(mode):
    before, after = phony_played(mode)
    challenged = play(after, 1, {"type": "challenge"}, WORDS)
    assert challenged["board"] == before["board"]
    assert sorted(challenged["racks"][0]["tiles"]) == sorted(before["racks"][0]["tiles"])
    assert Counter(challenged["bag"]) == Counter(before["bag"])  # the drawn tiles went back
    assert challenged["scores"] == [0, 0]
    assert challenged["to_move"] == 1  # the challenger now makes their own move
    assert challenged["scoreless"] == 1  # a rejected play is a scoreless turn
    assert last(challenged) == {"seat": 1, "type": "challenge", "target": 0, "result": "withdrawn",
                                "words": ["GALX", "XN"], "score": -last(after)["score"]}
    assert challenged["pending"] is None


def test_withdrawn_tiles_go_back_into_a_reshuffled_bag_the_same_way_every_time():
    _, after = phony_played("single")
    first = play(after, 1, {"type": "challenge"}, WORDS)
    again = play(after, 1, {"type": "challenge"}, WORDS)
    assert first == again


def test_a_failed_single_challenge_costs_nothing():
    state = position("WINDY", top=7, left=3, racks=["ADEEGIL", "ABCDEFG"], challenge="single")
    after = play(state, 0, {"type": "place", "gcg": "7C GALE"}, WORDS)
    challenged = play(after, 1, {"type": "challenge"}, WORDS)
    assert challenged["scores"] == after["scores"]
    assert challenged["board"] == after["board"]
    assert challenged["to_move"] == 1
    assert challenged["scoreless"] == 0
    assert last(challenged)["result"] == "valid" and last(challenged)["turn_lost"] is False
    with pytest.raises(IllegalMove) as again:
        ENGINE.apply(challenged, 1, {"type": "challenge"}, WORDS)
    assert again.value.code == NOTHING_TO_CHALLENGE


def test_a_failed_double_challenge_loses_the_challengers_turn():
    state = position("WINDY", top=7, left=3, racks=["ADEEGIL", "ABCDEFG"], challenge="double")
    after = play(state, 0, {"type": "place", "gcg": "7C GALE"}, WORDS)
    challenged = play(after, 1, {"type": "challenge"}, WORDS)
    assert challenged["to_move"] == 0
    assert challenged["scoreless"] == 1
    assert last(challenged)["turn_lost"] is True


def test_only_the_next_move_may_challenge():
    _, after = phony_played("single")
    moved_on = play(after, 1, {"type": "pass"})
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(moved_on, 0, {"type": "challenge"}, WORDS)
    assert refused.value.code == NOTHING_TO_CHALLENGE
    assert moved_on["pending"] is None


def going_out(mode, words=WORDS):
    state = position("WINDY", top=7, left=3, racks=["GALE", "QZ"], challenge=mode)
    state["bag"] = []
    return play(state, 0, {"type": "place", "gcg": "7C GALE"}, words)


def test_going_out_ends_a_void_game_with_the_rule_18_adjustment():
    over = going_out("void")
    assert over["phase"] == "over"
    assert last(over)["adjustments"] == [20, -20]  # Q and Z: the winner gains what the loser loses
    assert over["scores"] == [16 + 20, -20]
    assert ENGINE.outcome(over).to_json() == {"scores": [36, -20], "ranks": [1, 2], "reason": "out",
                                              "team_score": None}


def test_going_out_in_a_challenge_game_waits_for_the_next_player():
    ending = going_out("single")
    assert ending["phase"] == "ending"
    assert ENGINE.outcome(ending) is None
    with pytest.raises(IllegalMove):
        ENGINE.apply(ending, 1, place((8, 3, "Q")), WORDS)
    accepted = play(ending, 1, {"type": "pass"}, WORDS)
    assert accepted["phase"] == "over" and accepted["scores"] == [36, -20]
    challenged_in_vain = play(ending, 1, {"type": "challenge"}, WORDS)
    assert challenged_in_vain["phase"] == "over" and challenged_in_vain["scores"] == [36, -20]


def test_a_successful_challenge_of_the_last_play_resumes_the_game():
    ending = going_out("single", words=lexicon("windy"))
    resumed = play(ending, 1, {"type": "challenge"}, lexicon("windy"))
    assert resumed["phase"] == "play"
    assert resumed["racks"][0]["tiles"] == ["G", "A", "L", "E"]
    assert resumed["scores"] == [0, 0] and resumed["to_move"] == 1


def test_six_scoreless_turns_end_the_game_and_racks_count_against_their_owners():
    state = position(racks=["QAAAAAA", "ZEEEEEE"], min_bag_for_exchange=1)
    state = play(state, 0, {"type": "pass"})
    state = play(state, 1, {"type": "pass"})
    state = play(state, 0, {"type": "exchange", "tiles": "A"})
    state = play(state, 1, {"type": "pass"})
    state = play(state, 0, {"type": "pass"})
    assert state["phase"] == "play" and state["scoreless"] == 5
    state = play(state, 1, {"type": "pass"})
    assert state["phase"] == "over"
    assert last(state)["reason"] == "scoreless"
    left = [sum(ENGLISH.value(t) for t in r["tiles"]) for r in state["racks"]]
    assert state["scores"] == [-left[0], -left[1]]


def test_a_play_resets_the_scoreless_count():
    state = position(racks=["HELLOAB", "ZEEEEEE"])
    for seat in (0, 1, 0, 1, 0):
        state = play(state, seat, {"type": "pass"})
    state = play(state, 1, {"type": "place", "gcg": "8H ZEE"})
    assert state["scoreless"] == 0 and state["phase"] == "play"


def test_timeout_is_a_pass():
    assert ENGINE.timeout_move(position(), 0) == {"type": "pass"}
