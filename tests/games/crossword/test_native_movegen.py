"""The compiled move generator (``native``/``_movegen.c``) against the pure-Python one, its reference.

Both must return the same plays in the same order, each with the same tiles, orientation, score, words,
bingo flag, leave and first square: on every decision of the real recorded games in
../shared/testdata/gcg (the recorded rack, a blank-free one, one blank and two blanks), and on hand-made
positions that need no shared data.  Without the built module the comparisons skip (outside CI) or fail
(in CI, where ``make install`` builds it); the switched-off path is tested either way.
"""

from __future__ import annotations

import os

import pytest

from engines import wordgraph
from engines.base import SetLexicon
from engines.crossword import board as boardmod
from engines.crossword import movegen, native
from engines.crossword.analysis import positions_from_gcg
from engines.crossword.tiles import DUTCH, ENGLISH
from tests.engines.crossword.helpers import board_from
from tests.shared_data import gcg_records


def needs_native():
    if native.AVAILABLE:
        return
    message = "the compiled move generator is not built (make native)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(autouse=True)
def compiled_search_on(monkeypatch):
    """Compare the two searches whatever ``LETTERPOST_NATIVE_MOVEGEN`` says for the rest of the suite."""
    monkeypatch.setattr(native, "ACTIVE", native.AVAILABLE)


def signature(play):
    return (play.kind, play.tiles, play.across, play.score, play.words, play.bingo, play.exchange, play.leave,
            play.row, play.col)


def assert_same(board, rack, root, tile_set=ENGLISH, where=""):
    """The compiled search answers and equals the Python search, play by play; returns the play count."""
    expected = [signature(p) for p in movegen.python_placements(list(board), list(rack), root, tile_set)]
    answered = native.placements(list(board), list(rack), root, tile_set, movegen.Play)
    assert answered is not None, f"{where} {rack}: the compiled search declined"
    got = [signature(p) for p in answered]
    if got != expected:
        missing = [p for p in expected if p not in set(got)][:3]
        extra = [p for p in got if p not in set(expected)][:3]
        first = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b), None)
        pytest.fail(f"{where} rack {rack}: {len(got)} plays vs {len(expected)} in Python; first difference at "
                    f"{first}; missing {missing}; extra {extra}")
    return len(expected)


@pytest.fixture(scope="module")
def english():
    from lexicons.index import WordIndex
    from lexicons.sources import source_words

    _, words = source_words("en")
    return WordIndex.from_words(words, code="en-native-test", version=1)


def racks_of(recorded, index):
    """The recorded rack, a blank-free one, one with a blank, and one with two blanks: four tiles (two
    letters of the rack and two blanks) at most positions, the whole rack with two blanks at every tenth
    (a full two-blank rack gives thousands of plays, and the Python reference takes a second on each)."""
    plain = recorded.replace("?", "E")
    racks = {"recorded": recorded, "blank-free": plain, "one blank": plain[:-1] + "?"}
    if len(plain) >= 2:
        racks["two blanks"] = (plain[:-2] if index % 10 == 0 else plain[:2]) + "??"
    return racks


# -- the shared records -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["recorded", "blank-free", "one blank", "two blanks"])
def test_every_recorded_position_gives_the_same_plays_both_ways(english, kind):
    records = gcg_records()
    needs_native()
    root = wordgraph.root_for(english)
    positions = plays = 0
    for path in records:
        for index, pos in enumerate(positions_from_gcg(path.read_text(encoding="utf-8"))):
            if pos.rack is None:
                continue
            rack = racks_of(pos.rack, index).get(kind)
            if rack is None:
                continue
            positions += 1
            plays += assert_same(pos.board, rack, root, where=f"{path.name} line {pos.line}")
    assert positions >= 60 and plays > positions


def test_placements_dispatches_to_the_compiled_search_and_the_switch_turns_it_off(english, monkeypatch):
    needs_native()
    record = gcg_records()[0]
    pos = [p for p in positions_from_gcg(record.read_text(encoding="utf-8")) if p.rack][10]
    root = wordgraph.root_for(english)
    calls = []
    compiled_placements = native._movegen.placements
    monkeypatch.setattr(native, "ACTIVE", True)
    monkeypatch.setattr(native._movegen, "placements", lambda *a: calls.append(1) or compiled_placements(*a))
    on = movegen.placements(list(pos.board), list(pos.rack), english, ENGLISH)
    assert calls == [1]
    monkeypatch.setattr(native, "ACTIVE", False)
    off = movegen.placements(list(pos.board), list(pos.rack), english, ENGLISH)
    assert calls == [1]
    assert [signature(p) for p in on] == [signature(p) for p in off]
    assert [signature(p) for p in off] == [
        signature(p) for p in movegen.python_placements(list(pos.board), list(pos.rack), root, ENGLISH)]


# -- hand-made positions (no shared data) -------------------------------------------------------------------

WORDS = ("aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by de do ed ef eh el em en er es ex fa "
         "go ha he hi ho id if in is it jo ka la li lo ma me mi mo mu my na ne no nu od oe of oh oi om on op "
         "or os ow ox oy pa pe pi qi re sh si so ta ti to uh um un up us ut we wo xi xu ya ye yo za "
         "bad bed bet cab cat dog ear eat fax hat jab oat qat rat sat set tea tee tie toe zax zee "
         "bead beat date dote east eats rate rest seat stare tear tore zeta quiz quite retain "
         "rating stared treads trades ratines retains stainer anestri nastier").split()


@pytest.fixture(scope="module")
def small():
    return wordgraph.root_for(SetLexicon(WORDS, code="native-small", version=1))


BOARDS = {
    "empty": boardmod.empty_board(),
    "one word": board_from("RATE", top=7, left=5),
    "crossing, blanks on the board": board_from("""
        ...Q...
        ...a...
        .STaRED
        ...t...
    """, top=5, left=4),
    "edges and corners": [
        "ZAX...........T", "E.............E", "E.............A", *["." * 15] * 9,
        "O.............S", "X.............E", "BAD.........TEA"],
    "a tile that begins no word": board_from("QX", top=7, left=7),
}


@pytest.mark.parametrize("name", list(BOARDS))
@pytest.mark.parametrize("rack", ["AEIRST?", "AEINRST", "QUIZTEA", "??E", "BDXZ", "E", "?"])
def test_hand_made_positions_give_the_same_plays_both_ways(small, name, rack):
    needs_native()
    assert_same(BOARDS[name], rack, small, where=name)


def test_two_blanks_and_the_dutch_values(small):
    needs_native()
    assert assert_same(BOARDS["one word"], "ST??", small) > 50
    assert_same(BOARDS["crossing, blanks on the board"], "AE??RT", small, tile_set=DUTCH)


def test_an_empty_rack_gives_no_play(small):
    needs_native()
    assert native.placements(BOARDS["one word"], [], small, ENGLISH, movegen.Play) == []


def test_inputs_outside_the_compiled_search_fall_back_to_python(small, monkeypatch):
    """The compiled search declines (None) what it does not handle; ``placements`` then runs Python."""
    needs_native()
    monkeypatch.setattr(native, "ACTIVE", True)
    lexicon = SetLexicon(WORDS, code="native-small", version=1)
    odd_board = [*BOARDS["one word"][:-1], "É" + "." * 14]
    for board, rack, root in [
        (odd_board, "AEST", small),                                   # a character not on any tile
        (BOARDS["one word"], "AEIRSTEE", small),                      # more tiles than a rack holds
        (BOARDS["one word"], ["AE"], small),                          # a rack tile of two letters
        (BOARDS["one word"], "AEST", wordgraph.prefix_root(lexicon)),  # a lazy protocol graph
    ]:
        assert native.placements(board, list(rack), root, ENGLISH, movegen.Play) is None
    accented = wordgraph.root_for(SetLexicon([*WORDS, "tè"], code="native-accent", version=1))
    assert native.compiled(accented) is not None
    assert native.placements(BOARDS["one word"], list("AES?"), accented, ENGLISH, movegen.Play) is None  # a blank
    assert_same(BOARDS["one word"], "AEST", accented)  # no blank: the accented letter is out of reach
    plays = movegen.placements(BOARDS["one word"], list("AEST"), lexicon, ENGLISH, graph=wordgraph.prefix_root(lexicon))
    assert [signature(p) for p in plays] == [
        signature(p) for p in movegen.python_placements(BOARDS["one word"], list("AEST"), small, ENGLISH)]


def test_with_the_switch_off_placements_is_the_python_search(small, monkeypatch):
    monkeypatch.setattr(native, "ACTIVE", False)
    lexicon = SetLexicon(WORDS, code="native-small", version=1)
    board = BOARDS["crossing, blanks on the board"]
    assert native.placements(board, list("AEIRST?"), small, ENGLISH, movegen.Play) is None
    plays = movegen.placements(board, list("AEIRST?"), lexicon, ENGLISH)
    assert len(plays) > 20
    assert [signature(p) for p in plays] == [
        signature(p) for p in movegen.python_placements(board, list("AEIRST?"), small, ENGLISH)]


def test_the_compiled_graph_is_cached_per_graph_object(small):
    needs_native()
    graph = native.compiled(small)
    assert graph is native.compiled(small)
    assert graph.nodes > 10 and graph.edges >= graph.nodes - 1
    assert native.compiled({"A": {"": True}, "B": "not a node"}) is None
    assert native.compiled({"AB": {"": True}}) is None
