"""Exact word scores: letter values, Double, Wild, flush, straight and the x3 straight flush."""

from engines.spellcrafter import ENGINE

from .helpers import CTX, NO_WORD, crafting_position, word


def scored(picks, spelled, jumper="tT"):
    """The round result of seat 0 spelling ``spelled`` (seat 1 passes)."""
    state = crafting_position([picks, "fA"], jumper=jumper)
    state = ENGINE.apply(state, 0, word(state, 0, spelled), CTX)
    state = ENGINE.apply(state, 1, NO_WORD, CTX)
    return state["history"][0]["results"][0]


def test_mixed_suits_score_the_plain_letter_values():
    result = scored("fC sA", "fC sA tT")
    assert (result["word"], result["base"], result["multiplier"], result["score"]) == ("CAT", 5, 1, 5)


def test_one_suit_is_a_flush_and_doubles():
    result = scored("gC gA gT", "gC gA gT")
    assert result["flush"] and not result["straight"]
    assert result["score"] == 10


def test_five_letters_is_a_straight_and_doubles():
    result = scored("fH tO sU gS fE", "fH tO sU gS fE")
    assert result["straight"] and not result["flush"]
    assert result["score"] == 16  # H4 O1 U1 S1 E1 = 8, x2


def test_straight_flush_triples_not_quadruples():
    result = scored("tH tO tU tS tE", "tH tO tU tS tE")
    assert result["flush"] and result["straight"] and result["multiplier"] == 3
    assert result["score"] == 24


def test_double_counts_its_letter_twice():
    result = scored("fC sA +", "fC+ sA tT")
    assert result["score"] == 8  # C3 x2 + A1 + T1


def test_double_on_a_straight_flush_is_tripled_with_the_rest():
    result = scored("gZ gO gN gK gS +", "gZ+ gO gN gK gS")
    assert result["score"] == (20 + 1 + 1 + 5 + 1) * 3


def test_wild_is_worth_nothing_and_does_not_break_a_flush():
    result = scored("gC ? gT", "gC ?A gT")
    assert result["flush"]
    assert result["score"] == 8  # (C3 + 0 + T1) x2


def test_double_on_a_wild_adds_nothing():
    result = scored("fC ? +", "fC ?A+ tT")
    assert result["score"] == 4


def test_the_jumper_breaks_a_flush_of_another_suit():
    result = scored("gC gA", "gC gA tT", jumper="tT")
    assert not result["flush"]
    assert result["score"] == 5


def test_the_jumper_completes_a_flush_of_its_own_suit():
    result = scored("gC gA", "gC gA gT", jumper="gT")
    assert result["flush"]
    assert result["score"] == 10


def test_no_word_scores_zero():
    state = crafting_position(["fC", "fA"])
    state = ENGINE.apply(ENGINE.apply(state, 0, NO_WORD, CTX), 1, NO_WORD, CTX)
    assert [r["score"] for r in state["history"][0]["results"]] == [0, 0]
    assert ENGINE.scores(state) == [0, 0]
