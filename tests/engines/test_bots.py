"""Bots: complete seeded games bot against bot for every kind and level, every move through the engine;
bots decide from their own seat's view only; each level plays as described."""

import copy
import random

import pytest

from engines import registry
from engines.base import Context, SetLexicon, rng_for
from engines.bots import NoBot, choose_move, levels
from engines.crossword import bot as crossword_bot
from engines.crossword import movegen
from engines.crossword.tiles import ENGLISH
from games.selfplay import play_one
from lexicons.common_words import common_word_predicate

common_word = common_word_predicate("en")  # what the Django layer injects (wordfreq's Zipf scale)


def play_bots(kind, levels, seed, lexicon, *, seats=2, options=None):
    """A complete game; ``engine.apply`` refuses any illegal move, which fails the test."""
    engine = registry.get(kind)
    ctx = Context(lexicon=lexicon)
    state = engine.setup(seats, options or {}, seed)
    rng = rng_for(seed, "bots")
    moves = []
    for _ in range(3000):
        if engine.outcome(state) is not None:
            return state, moves
        for seat in sorted(engine.to_act(state)):
            move = choose_move(kind, state, seat, ctx, levels[seat], rng, common_word=common_word)
            state = engine.apply(state, seat, move, ctx)
            moves.append((seat, move))
            if engine.outcome(state) is not None:
                break
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("kind,levels,seats,seed", [
    ("crossword", ["expert", "club"], 2, 1),
    ("crossword", ["club", "beginner"], 2, 2),
    ("crossword", ["beginner", "expert", "club"], 3, 3),
    ("turnspell", ["club", "club"], 2, 4),
    ("turnspell", ["club", "club", "club", "club"], 4, 5),
    ("spellcrafter", ["club", "club", "club"], 3, 6),
    ("spellcrafter", ["club", "club", "club", "club", "club"], 5, 7),
])
def test_bots_play_complete_games_with_only_legal_moves(english, kind, levels, seats, seed):
    state, moves = play_bots(kind, levels, seed, english, seats=seats)
    outcome = registry.get(kind).outcome(state)
    assert outcome is not None and len(outcome.scores) == seats
    assert max(outcome.scores) > 0 and len(moves) >= seats


@pytest.mark.parametrize("kind,options", [("crossword", {"challenge": "double"}), ("turnspell", {}),
                                          ("spellcrafter", {})])
def test_selfplay_with_bots_replays_and_leaks_nothing(english, kind, options):
    """Through the self-play checker: replay after every move and no secret in any view."""
    engine = registry.get(kind)
    level = levels(kind)[-1]

    class Chooser:
        def random_move(self, state, seat, rng, ctx):
            return choose_move(kind, state, seat, ctx, level, rng, common_word=common_word)

    result = play_one(engine, seats=3, options=options, seed=11, ctx=Context(lexicon=english),
                      check_every_move=True, chooser=Chooser().random_move)
    assert result.failures == [] and result.outcome is not None


def test_every_kind_with_bots_has_levels_and_spell_has_none():
    declared = {kind: levels(kind) for kind in registry.kinds() if levels(kind)}
    assert declared == {"crossword": ("beginner", "casual", "club", "expert", "master"), "turnspell": ("club",),
                      "spellcrafter": ("club",)}
    with pytest.raises(NoBot, match="no bot for 'spell'"):
        choose_move("spell", {}, 0, Context(lexicon=SetLexicon([])), "club", random.Random(1))


def test_a_bot_refuses_an_unknown_level_a_seat_not_to_act_and_a_missing_lexicon(english):
    engine = registry.get("crossword")
    state = engine.setup(2, {}, 5)
    seat = state["to_move"]
    rng = random.Random(1)
    with pytest.raises(NoBot, match="levels"):
        choose_move("crossword", state, seat, Context(lexicon=english), "grandmaster", rng)
    with pytest.raises(NoBot, match="nothing to decide"):
        choose_move("crossword", state, 1 - seat, Context(lexicon=english), "club", rng)
    with pytest.raises(NoBot, match="lexicon"):
        choose_move("crossword", state, seat, Context(), "club", rng)
    with pytest.raises(NoBot, match="common_word"):
        choose_move("crossword", state, seat, Context(lexicon=english), "beginner", rng)


# -- what a bot may know ------------------------------------------------------------------------------


def test_a_crossword_bot_decides_the_same_whatever_the_hidden_tiles_are(english):
    """Swap tiles between the opponent's rack and the bag: the bot's view is the same, so is its move."""
    engine = registry.get("crossword")
    state, _ = play_bots_until(engine, "crossword", english, turns=6, seed=21)
    seat = state["to_move"]
    other = 1 - seat
    shuffled = copy.deepcopy(state)
    pool = shuffled["racks"][other]["tiles"] + shuffled["bag"]
    random.Random(3).shuffle(pool)
    shuffled["racks"][other]["tiles"], shuffled["bag"] = pool[:7], pool[7:]
    assert shuffled != state and engine.view(shuffled, seat) == engine.view(state, seat)
    for level in ("club", "expert"):
        ctx = Context(lexicon=english)
        assert choose_move("crossword", state, seat, ctx, level, random.Random(9)) == \
            choose_move("crossword", shuffled, seat, ctx, level, random.Random(9))


def play_bots_until(engine, kind, lexicon, *, turns, seed):
    ctx = Context(lexicon=lexicon)
    state = engine.setup(2, {}, seed)
    rng = random.Random(seed)
    for _ in range(turns):
        seat = state["to_move"]
        state = engine.apply(state, seat, choose_move(kind, state, seat, ctx, "club", rng), ctx)
    return state, rng


def test_a_turnspell_bot_ignores_the_other_seats_pending_choices(english):
    engine = registry.get("turnspell")
    ctx = Context(lexicon=english)
    state = engine.setup(3, {}, 8)
    first = choose_move("turnspell", state, 0, ctx, "club", random.Random(2))
    chosen = engine.apply(state, 1, engine.timeout_move(state, 1), ctx)  # seat 1 chose, hidden from seat 0
    chosen = engine.apply(chosen, 2, engine.timeout_move(state, 2), ctx)
    assert chosen["pending"][1] is not None
    assert choose_move("turnspell", chosen, 0, ctx, "club", random.Random(2)) == first


def test_a_spellcrafter_bot_ignores_the_other_hands(english):
    engine = registry.get("spellcrafter")
    ctx = Context(lexicon=english)
    state = engine.setup(3, {}, 9)
    swapped = copy.deepcopy(state)
    swapped["players"][1]["hand"], swapped["players"][2]["hand"] = state["players"][2]["hand"], \
        state["players"][1]["hand"]
    assert engine.view(swapped, 0) == engine.view(state, 0)
    assert choose_move("spellcrafter", state, 0, ctx, "club", random.Random(4)) == \
        choose_move("spellcrafter", swapped, 0, ctx, "club", random.Random(4))


# -- the levels -----------------------------------------------------------------------------------------


def test_the_club_bot_plays_the_highest_score_available(english):
    engine = registry.get("crossword")
    state, rng = play_bots_until(engine, "crossword", english, turns=4, seed=31)
    seat = state["to_move"]
    best = max(p.score for p in movegen.placements(state["board"], state["racks"][seat]["tiles"], english,
                                                   ENGLISH))
    after = engine.apply(state, seat, choose_move("crossword", state, seat, Context(lexicon=english), "club",
                                                  rng), Context(lexicon=english))
    assert after["log"][-1]["score"] == best


@pytest.mark.parametrize(("level", "choices", "common_only"), [
    ("beginner", crossword_bot.BEGINNER_CHOICES["en"], True), ("casual", crossword_bot.CASUAL_CHOICES, False)])
def test_the_lower_levels_pick_among_their_few_highest_scores(english, level, choices, common_only):
    """Beginner: its best play in common words (English); Casual: one of its five best in any word."""
    engine = registry.get("crossword")
    ctx = Context(lexicon=english)
    picked_below_the_top = 0
    for seed in range(6):
        state, rng = play_bots_until(engine, "crossword", english, turns=4, seed=seed)
        seat = state["to_move"]
        rack = state["racks"][seat]["tiles"]
        scores = sorted((p.score for p in movegen.placements(state["board"], rack, english, ENGLISH)
                         if not common_only or all(common_word(w) for w in p.words)), reverse=True)
        after = engine.apply(state, seat, choose_move("crossword", state, seat, ctx, level, rng,
                                                      common_word=common_word), ctx)
        played = after["log"][-1]
        if not scores:
            assert played["type"] in ("exchange", "pass")
            continue
        assert played["type"] == "place" and played["score"] >= scores[:choices][-1]
        assert not common_only or all(common_word(w) for w in played["words"])
        picked_below_the_top += played["score"] < scores[0]
    assert (picked_below_the_top > 0) == (choices > 1)


def test_the_beginner_scores_less_than_the_club_bot(english):
    state, moves = play_bots("crossword", ["beginner", "club"], 41, english)
    beginner = [e for e in state["log"] if e.get("type") == "place" and e["seat"] == 0]
    club = [e for e in state["log"] if e.get("type") == "place" and e["seat"] == 1]
    assert len(beginner) >= 5
    assert sum(e["score"] for e in beginner) / len(beginner) < sum(e["score"] for e in club) / len(club)


def test_the_crossword_ladder_holds_each_level_against_the_one_below_in_both_tile_sets():
    """``data/ladder.json`` (``bench/bot_strength.py --ladder``) as the bots' pages show it."""
    engine = registry.get("crossword")
    ladder = dict((options["tile_set"], steps) for options, steps in engine.bot_ladder())
    assert set(ladder) == {"en", "nl"}
    for steps in ladder.values():
        assert "beginner" not in steps and {"casual", "club", "expert"} <= set(steps)
        for level, step in steps.items():
            levels_ = engine.bot_levels
            assert levels_.index(step["below"]) == levels_.index(level) - 1
            assert step["games"] >= 400 and 0.5 < step["wins"] < 1
            assert step["score"] > 0 and step["score_below"] > 0


def test_the_expert_exchanges_a_bad_rack_that_the_club_bot_would_play_off(english):
    engine = registry.get("crossword")
    state = engine.setup(2, {}, 51)
    state["board"] = ["." * 15] * 7 + [".....QUOTH....."] + ["." * 15] * 7
    seat = state["to_move"]
    state["racks"][seat]["tiles"] = list("IIUUVVW")
    ctx = Context(lexicon=english)
    assert choose_move("crossword", state, seat, ctx, "expert", random.Random(1))["type"] == "exchange"
    assert choose_move("crossword", state, seat, ctx, "club", random.Random(1))["type"] == "place"


def test_the_crossword_bot_challenges_a_phony_and_accepts_a_real_word():
    engine = registry.get("crossword")
    lexicon = SetLexicon(["CAT", "AT", "TA"])
    state = engine.setup(2, {"challenge": "single"}, 61)
    seat = state["to_move"]
    state["racks"][seat]["tiles"] = list("CATZZZZ")
    phony = engine.apply(state, seat, {"type": "place", "gcg": "8G ZAT"}, Context(lexicon=lexicon))
    real = engine.apply(state, seat, {"type": "place", "gcg": "8G CAT"}, Context(lexicon=lexicon))
    other = 1 - seat
    for level in levels("crossword"):
        rng = random.Random(1)
        ctx = Context(lexicon=lexicon)
        assert choose_move("crossword", phony, other, ctx, level, rng, common_word=common_word) == \
            {"type": "challenge"}
        assert choose_move("crossword", real, other, ctx, level, rng, common_word=common_word)["type"] != \
            "challenge"


@pytest.mark.parametrize("kind,seed", [("turnspell", 71), ("spellcrafter", 72)])
def test_the_club_bot_plays_a_resigned_seat_among_other_players(english, kind, seed):
    """Seat 2 of a three-player game resigned: the club bot plays its turns while the others play on."""
    engine = registry.get(kind)
    ctx = Context(lexicon=english)
    state = engine.setup(3, {}, seed)
    rng = random.Random(seed)
    bot_moves = 0
    while engine.outcome(state) is None:
        for seat in sorted(engine.to_act(state)):
            if seat == 2:
                move = choose_move(kind, state, seat, ctx, "club", rng)
                bot_moves += 1
            else:
                move = engine.random_move(state, seat, rng, ctx)
            state = engine.apply(state, seat, move, ctx)
            if engine.outcome(state) is not None:
                break
    assert bot_moves >= 3 and engine.outcome(state).scores[2] > 0
