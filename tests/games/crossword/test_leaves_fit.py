"""The leave model: the fitter (``bench/leaves_fit.py``) is reproducible from its seed, and the shipped
tables load, cover their tile sets and rank leaves sensibly."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from engines.base import Context
from engines.crossword import ENGINE, equity
from engines.crossword.bot import situation_of
from engines.crossword.equity import Evaluator, LeaveTable, leave_features, leave_table
from engines.crossword.movegen import all_plays
from engines.crossword.tiles import TILE_SETS
from lexicons.index import WordIndex
from tests.engines.crossword.test_random_play import ENGLISH_WORDS

REPO = Path(__file__).resolve().parents[3]


def _fitter():
    spec = importlib.util.spec_from_file_location("leaves_fit", REPO / "bench" / "leaves_fit.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its worker processes find their function by the module's name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def fitter():
    return _fitter()


@pytest.fixture(scope="module")
def small_lexicon():
    # ~1,200 short words: games end quickly and the word graph builds in no time.
    return WordIndex.from_words(sorted({w.upper() for w in ENGLISH_WORDS.split()}), code="en", version=1)


def _learn(fitter, lexicon, seed, games=1, jobs=1):
    table, samples = fitter.learn("en", games=games, rounds=2, seed=seed, looks=2, pairs=20, triples=5,
                                  lexicon=lexicon, log=lambda line: None, jobs=jobs)
    return table, samples


def test_the_fitter_gives_the_same_table_for_the_same_seed_and_another_for_another(fitter, small_lexicon):
    first, samples = _learn(fitter, small_lexicon, seed=3)
    again, samples_again = _learn(fitter, small_lexicon, seed=3)
    other, _ = _learn(fitter, small_lexicon, seed=4)
    assert samples > 0 and samples == samples_again
    assert first == again
    assert first != other
    assert first["letters"]  # something was learned
    assert set(first) == set(equity.LEAVE_KINDS)


def test_the_table_does_not_depend_on_how_many_processes_played_the_games(fitter, small_lexicon):
    alone = _learn(fitter, small_lexicon, seed=5, games=3)
    assert _learn(fitter, small_lexicon, seed=5, games=3, jobs=2) == alone


@pytest.mark.parametrize("code", sorted(TILE_SETS))
def test_the_fitter_writes_by_default_the_table_the_expert_reads(fitter, code):
    assert fitter.shipped_table(code) == equity.DATA / f"leaves_{code}.json"
    assert fitter.shipped_table(code).is_file()


def test_a_model_value_is_the_sum_of_its_feature_weights_in_any_tile_order():
    table = LeaveTable(letters={"E": 1.0, "S": 8.0, "?": 20.0}, duplicates={"E": -3.0}, triplicates={"E": -2.0},
                       balance={"3/2": -1.0}, special={"Q-no-U": -5.0}, pairs={"ES": 2.0},
                       triples={"?ES": 4.0})
    assert table.value("") == 0
    assert table.value("EES") == 2 * 1.0 + 8.0 - 3.0 - 1.0 + 2.0
    assert table.value("ESE") == table.value("EES")
    assert table.value("EEE") == 3.0 - 2 * 3.0 - 2.0
    assert table.value("?ES") == 20.0 + 1.0 + 8.0 + 2.0 + 4.0
    assert table.value("Q") == -5.0
    assert LeaveTable.from_json(table.to_json()) == table
    assert ("balance", "4/2", 1.0) in leave_features("AEST")


@pytest.mark.parametrize("code", sorted(TILE_SETS))
def test_the_shipped_table_loads_covers_the_tile_set_and_ranks_sensible_leaves(code):
    path = equity.DATA / f"leaves_{code}.json"
    assert path.stat().st_size < 1_000_000
    data = json.loads(path.read_text("utf-8"))
    assert data["tile_set"] == code and "seed" in data and f"--tile-set {code}" in data["regenerate"]
    table = leave_table(code)
    assert set(table.letters) == set(TILE_SETS[code].counts)
    value = table.value
    assert value("?") > value("S") > value("Q")
    assert value("?") == max(value(t) for t in TILE_SETS[code].counts)
    assert value("??") > value("?")
    assert value("ERS") > value("UUV")
    assert value("QU") > value("Q") + value("U")  # the U rescues the Q
    assert value("AEIOU") < value("AE")  # five vowels: no balance
    assert value("EEEE") < value("E")


def test_the_pruned_top_plays_are_the_head_of_the_full_ranking(small_lexicon):
    """``Evaluator.top`` (what the Expert and the fitter use) skips most board terms but must pick
    exactly the plays, equities and tie order of ``ranked``."""
    ctx = Context(lexicon=small_lexicon)
    state = ENGINE.setup(2, {"challenge": "void"}, 11)
    checked = 0
    for turn in range(16):
        if ENGINE.outcome(state) is not None:
            break
        seat = state["to_move"]
        view = ENGINE.view(state, seat)
        if view["phase"] == "ending":
            state = ENGINE.apply(state, seat, {"type": "pass"}, ctx)
            continue
        s = situation_of(view)
        plays = all_plays(s.board, list(s.rack), small_lexicon, s.tile_set, bag_count=s.bag_count)
        ranked = Evaluator(s).ranked(plays)
        for k in (1, 3, 10):
            top = Evaluator(s).top(plays, k)
            assert [(e, id(p)) for e, p in top] == [(e, id(p)) for e, p in ranked[:k]]
        checked += 1
        state = ENGINE.apply(state, seat, ranked[turn % min(3, len(ranked))][1].move(), ctx)
    assert checked >= 8
