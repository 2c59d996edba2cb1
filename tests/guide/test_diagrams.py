"""The rules pages' example pictures teach what the games really do: each example is played through
its engine (or previewed, for a Spellcrafter word) and must score what the picture says, and every
worked sum on a picture must add up."""

import pytest

from engines.base import Context, SetLexicon
from engines.crossword import ENGINE as CROSSWORD
from engines.spell.terms import extends, is_term, same_word
from engines.spellcrafter import ENGINE as SPELLCRAFTER
from engines.spellcrafter.deck import CARDS
from engines.turnspell import ENGINE as TURNSPELL
from engines.turnspell.board import board_from_picture
from games.web.kinds.crossword import rules as crossword_rules
from games.web.kinds.spell import rules as spell_rules
from games.web.kinds.spellcrafter import rules as spellcrafter_rules
from games.web.kinds.spellcrafter.page import SUIT_MARKS
from games.web.kinds.turnspell import rules as turnspell_rules


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_crossword_example_scores_what_the_engine_scores_when_played(language):
    example = crossword_rules.crossword(language)
    tile_set = crossword_rules.CROSSWORD_PLAYS[language]["tile_set"].code
    words = [w["text"] for step in example["steps"] for w in step["words"]]
    ctx = Context(lexicon=SetLexicon(words))
    state = CROSSWORD.setup(2, {"tile_set": tile_set}, seed=3)
    for step in example["steps"]:
        seat = state["to_move"]
        letters = [ch for ch in step["gcg"].split()[1] if ch != "."]
        state["racks"][seat]["tiles"] = letters  # exactly the tiles the play needs
        state = CROSSWORD.apply(state, seat, {"type": "place", "gcg": step["gcg"]}, ctx)
        played = state["log"][-1]
        assert played["score"] == step["score"]
        assert played["words"] == [w["text"] for w in step["words"]]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_crossword_sum_on_the_picture_adds_up(language):
    for step in crossword_rules.crossword(language)["steps"]:
        for word in step["words"]:
            assert sum(x["value"] * x["times"] for x in word["letters"]) == word["base"]
            assert word["base"] * word["times"] == word["score"]
        assert sum(w["score"] for w in step["words"]) == step["score"]


def test_the_second_crossword_play_shows_a_letter_premium_a_word_premium_and_a_cross_word():
    second = crossword_rules.crossword("en")["steps"][1]
    assert len(second["words"]) == 2
    assert any(x["times"] > 1 for x in second["words"][0]["letters"])
    assert second["words"][0]["times"] > 1


def test_the_crossword_window_shows_the_tiles_just_played_as_new():
    for step in crossword_rules.crossword("en")["steps"]:
        new = "".join(sq["letter"] for row in step["rows"] for sq in row["squares"] if sq["new"])
        assert sorted(new) == sorted(step["gcg"].split()[1])


def test_the_turnspell_example_scores_what_the_engine_scores_when_played():
    example = turnspell_rules.turnspell()
    state = TURNSPELL.setup(2, {}, seed=5)
    mine = state["seat_arms"][0]
    state["boards"][0] = board_from_picture(turnspell_rules.TURNSPELL_BOARD)
    state["spinner"][mine] = list(turnspell_rules.TURNSPELL_SPINNER[0])
    state["spinner"][state["seat_arms"][1]] = list("ZZZZ")  # the opponent makes a quiet move
    ctx = Context(lexicon=SetLexicon(turnspell_rules.TURNSPELL_WORDS))
    place = {"type": "place", **turnspell_rules.TURNSPELL_PLACE}
    state = TURNSPELL.apply(state, 0, place, ctx)
    state = TURNSPELL.apply(state, 1, {"type": "place", "take": 0, "row": 3, "col": 3}, ctx)
    choice = state["log"][-1]["choices"][0]
    assert choice["points"] == example["points"] == state["scores"][0]
    assert [(w["word"], w["score"]) for w in choice["words"]] == [(w["word"], w["score"]) for w in example["words"]]
    assert choice["doubled"] is example["doubled"] is True


def test_the_turnspell_sums_and_the_scoring_cells_match_the_words():
    example = turnspell_rules.turnspell()
    for word in example["words"]:
        assert sum(x["value"] for x in word["letters"]) == word["score"]
    assert example["points"] == 2 * sum(w["score"] for w in example["words"])
    scoring = sum(cell["scoring"] for row in example["after"] for cell in row)
    assert scoring == 7  # a row and a column of four share one cell
    assert [p["penalty"] for p in example["penalties"]] == [max(5, 2 * p["value"]) for p in example["penalties"]]


def craft_move(example):
    """The craft move that lays out an example's cards (the Wild named, the Double attached)."""
    cards = []
    for card in example["cards"]:
        entry = {"card": card["id"]}
        if card["kind"] == "wild":
            entry["letter"] = card["face"]
        if card["doubled"]:
            entry["double"] = "double-1"
        cards.append(entry)
    return {"type": "craft", "cards": cards}


@pytest.mark.parametrize("index", range(len(spellcrafter_rules.SPELLCRAFTER_WORDS)))
def test_each_spellcrafter_word_previews_at_the_score_the_picture_gives(index):
    example = spellcrafter_rules.spellcrafter()["examples"][index]
    spec = spellcrafter_rules.SPELLCRAFTER_WORDS[index]
    state = SPELLCRAFTER.setup(2, {}, seed=9)
    jumper = spec.get("jumper") or "stone-U1"
    picks = [c for c in spec["cards"] if c != jumper] + (["double-1"] if spec.get("double") else [])
    state["players"][0].update(hand=[], picks=picks)
    state.update(phase="craft", jumper=jumper)
    ctx = Context(lexicon=SetLexicon([example["word"]]))
    shown = SPELLCRAFTER.preview(state, 0, craft_move(example), ctx)
    assert (shown["score"], shown["flush"], shown["straight"]) == (example["score"], example["flush"],
                                                                   example["straight"])


def test_the_spellcrafter_examples_show_a_flush_a_straight_flush_and_a_straight():
    kinds = [(e["flush"], e["straight"]) for e in spellcrafter_rules.spellcrafter()["examples"]]
    assert kinds == [(True, False), (True, True), (False, True)]


def test_the_spellcrafter_legend_uses_the_game_pages_suit_symbols_and_rare_letters():
    suits = spellcrafter_rules.spellcrafter()["suits"]
    assert [(s["suit"], s["mark"]) for s in suits] == list(SUIT_MARKS.items())
    for s in suits:
        rare = {c["letter"] for c in CARDS.values() if c["suit"] == s["suit"]} - set("AEIOUDLNRSTBCGHMP")
        assert set(s["rare"].split()) == rare


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_spell_story_follows_the_rules_at_every_step(language):
    example = spell_rules.spell(language)
    for step in example["steps"]:
        if step["kind"] == "write":
            assert extends(step["board"], step["clue"])  # the board stays the start of the word meant
        if step["right"]:
            assert same_word(step["guess"], step["clue"]) and step["ruled_by"] is None
        else:
            assert step["ruled_by"] is not None and not same_word(step["guess"], step["clue"] or "")
        assert len(step["fields"]) == 7
    assert is_term(example["term"].lower(), example["term"])


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_spell_round_scores_its_free_fields_and_unused_boards(language):
    example = spell_rules.spell(language)
    last = example["steps"][-1]
    free = sum(f["kind"] == "free" for f in last["fields"])
    assert example["free"] == free
    assert example["score"] == free + 10 * example["unused"]
    assert example["unused"] == 4
