"""Challenge settings (void, single, double), the end of the game and the rule-18 adjustment."""

from collections import Counter

import pytest

from engines.base import IllegalMove
from engines.crossword import ENGINE, NOTHING_TO_CHALLENGE
from engines.crossword.tiles import ENGLISH

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


def passes(state, count):
    for _ in range(count):
        state = play(state, state["to_move"], {"type": "pass"})
    return state


@pytest.mark.parametrize(("tile_set", "over"), [("en", True), ("nl", False)])
def test_six_passes_with_tiles_in_the_bag_end_an_english_game_but_not_a_dutch_one(tile_set, over):
    state = passes(position(racks=["QAAAAAA", "ZEEEEEE"], tile_set=tile_set), 6)
    assert len(state["bag"]) > 80 and state["scoreless"] == 6
    assert (state["phase"] == "over") is over
    if not over:  # Dutch rule 9: the game goes on however long no one scores while the bag can be drawn from
        state = passes(play(state, state["to_move"], {"type": "exchange", "tiles": "Q"}), 12)
        assert state["phase"] == "play" and state["scoreless"] == 19


def test_a_dutch_game_ends_when_the_bag_is_empty_and_no_one_can_form_a_word():
    state = position(racks=["QAAAAAA", "ZEEEEEE"], tile_set="nl")
    state["bag"] = []
    state = passes(state, 5)
    assert state["phase"] == "play"
    state = passes(state, 1)
    assert state["phase"] == "over" and last(state)["reason"] == "scoreless"
    assert state["scores"] == [-(10 + 6), -(4 + 6)]  # rule 18 on the Dutch values: Q 10, Z 4, A and E 1


def test_a_dutch_game_ends_when_a_player_goes_out_with_the_bag_empty():
    state = position("WINDY", top=7, left=3, racks=["GALE", "QZ"], tile_set="nl")
    state["bag"] = []
    over = play(state, 0, {"type": "place", "gcg": "7C GALE"}, WORDS)
    assert over["phase"] == "over" and last(over)["reason"] == "out" and last(over)["adjustments"] == [14, -14]


@pytest.mark.parametrize(("min_bag", "over"), [(7, True), (1, False)])
def test_a_dutch_bag_too_small_to_exchange_from_counts_as_empty(min_bag, over):
    # With three tiles left and exchanges needing seven, no one can draw: six scoreless turns end the game.
    # Where exchanges are allowed down to one tile, the game goes on, as the rulebook's own exchanges let it.
    state = position(racks=["QAAAAAA", "ZEEEEEE"], tile_set="nl", min_bag_for_exchange=min_bag)
    state["bag"] = state["bag"][:3]
    state = passes(state, 6)
    assert (state["phase"] == "over") is over


def test_a_play_challenged_off_as_the_sixth_scoreless_turn_ends_only_what_the_rule_set_ends():
    for tile_set, over in (("en", True), ("nl", False)):
        state = position("WINDY", top=7, left=3, racks=["ABCDEFG", "ADEGILX"], challenge="single",
                         tile_set=tile_set)
        state = passes(state, 5)  # seat 1 then plays a phony, and seat 0 has it taken back
        state = play(state, state["to_move"], PHONY, WORDS)
        state = play(state, state["to_move"], {"type": "challenge"}, WORDS)
        assert state["scoreless"] == 6 and (state["phase"] == "over") is over, tile_set


def test_timeout_is_a_pass():
    assert ENGINE.timeout_move(position(), 0) == {"type": "pass"}
