"""The instant win at 50, the four-round end and its tie-breaks."""

from engines.spellcrafter import ENGINE

from .helpers import NO_WORD, crafting_position, play_all, word

ZONKS = "gZ gO gN gK gS"  # gale straight flush: (10+1+1+5+1) x3 = 54
JOKED_E = "fJ fO fK fE+ fD"  # flame, Double on E: (8+1+5+2+2) x3 = 54
JOKED_K = "fJ fO fK+ fE fD"  # flame, Double on K: (8+1+10+1+2) x3 = 66


def test_a_word_worth_fifty_wins_at_once():
    state = crafting_position([ZONKS, "fC sA"], scores=[0, 40])
    state = play_all(state, {0: word(state, 0, ZONKS), 1: word(state, 1, "fC sA tT")})
    assert state["phase"] == "over" and state["round"] == 1
    assert state["history"][0]["results"][0]["score"] == 54
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "instant_win"
    assert outcome.scores == (54, 45)
    assert outcome.ranks == (1, 2)
    assert ENGINE.to_act(state) == frozenset()


def test_two_words_over_fifty_in_one_round_the_highest_wins():
    state = crafting_position([ZONKS, "fJ fO fK fE fD +", "fC sA"])
    state = play_all(state, {0: word(state, 0, ZONKS), 1: word(state, 1, JOKED_K), 2: NO_WORD})
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (54, 66, 0)
    assert outcome.ranks == (2, 1, 3)
    assert state["result"]["winners"] == [1]


def test_two_equal_words_over_fifty_share_the_win():
    state = crafting_position([ZONKS, "fJ fO fK fE fD +"], scores=[0, 30])
    state = play_all(state, {0: word(state, 0, ZONKS), 1: word(state, 1, JOKED_E)})
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (54, 84)
    assert outcome.ranks == (1, 1)
    assert state["result"] == {"reason": "instant_win", "winners": [0, 1]}


def test_the_game_goes_on_below_fifty():
    state = crafting_position(["gC gA gT", "fC sA"])
    state = play_all(state, {0: word(state, 0, "gC gA gT"), 1: NO_WORD})
    assert state["phase"] == "draft" and state["round"] == 2
    assert ENGINE.outcome(state) is None
    assert ENGINE.scores(state) == [10, 0]


def test_after_four_rounds_the_highest_total_wins():
    state = crafting_position(["fC sA", "gC tA gS"], round_no=4, scores=[30, 20])
    state = play_all(state, {0: word(state, 0, "fC sA tT"), 1: word(state, 1, "gC tA tT gS")})
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "finished"
    assert outcome.scores == (35, 26)
    assert outcome.ranks == (1, 2)


def test_equal_totals_go_to_the_longest_final_word():
    state = crafting_position(["fC sA gS", "gC tA"], round_no=4, scores=[20, 21])
    state = play_all(state, {0: word(state, 0, "fC sA tT gS"), 1: word(state, 1, "gC tA tT")})
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (26, 26)
    assert outcome.ranks == (1, 2)
    assert state["result"]["winners"] == [0]


def test_equal_totals_and_equal_lengths_share_the_win():
    state = crafting_position(["fC sA", "gC tA", "fA"], round_no=4, scores=[20, 20, 3])
    state = play_all(state, {0: word(state, 0, "fC sA tT"), 1: word(state, 1, "gC tA tT"), 2: NO_WORD})
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (25, 25, 3)
    assert outcome.ranks == (1, 1, 3)


def test_the_rounds_option_ends_the_game_sooner():
    state = crafting_position(["fA", "fE"], rounds=2, round_no=2, scores=[1, 0])
    state = play_all(state, {0: NO_WORD, 1: NO_WORD})
    assert ENGINE.outcome(state).ranks == (1, 2)
