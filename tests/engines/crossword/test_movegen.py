"""The move generator: every legal play, each scored as the engine scores it.

Two references: the real recorded games in ../shared/testdata/gcg (every recorded placement whose words
are in the English lexicon is generated, with the recorded score), and a brute-force enumeration on
small random boards (every run of squares, every assignment of rack tiles, judged by the engine).
"""

import random
from itertools import permutations, product

import pytest

from engines import wordgraph
from engines.base import Context, IllegalMove, SetLexicon
from engines.crossword import ENGINE, movegen
from engines.crossword.analysis import positions_from_gcg
from engines.crossword.moves import Tile, rack_tile
from engines.crossword.tiles import ENGLISH
from tests.shared_data import gcg_records

from .helpers import board_from, position
from .test_random_play import ENGLISH_WORDS

SMALL_LETTERS = set("AEINORSTLDGU")
SMALL_WORDS = sorted(w for w in ENGLISH_WORDS.split() if len(w) <= 5 and set(w.upper()) <= SMALL_LETTERS)


def keyed(plays):
    return {(frozenset(p.tiles), p.score) for p in plays}


# -- reference (a): real games ------------------------------------------------------------------------


def test_every_recorded_play_in_the_lexicon_is_generated_with_its_recorded_score(english):
    for path in gcg_records():
        checked = skipped = 0
        for pos in positions_from_gcg(path.read_text(encoding="utf-8")):
            if pos.kind != "place":
                continue
            if not all(english.contains(w) for w in pos.words):
                skipped += 1
                continue
            checked += 1
            plays = movegen.placements(list(pos.board), list(pos.rack), english, ENGLISH)
            scores = [p.score for p in plays if frozenset(p.tiles) == frozenset(pos.tiles)]
            assert scores == [pos.recorded], (path.name, pos.line, pos.notation())
        assert checked >= 20 and skipped <= 5, (path.name, checked, skipped)


def test_every_generated_play_is_accepted_by_the_engine_with_the_same_score(english):
    record = gcg_records()[0]
    positions = [p for p in positions_from_gcg(record.read_text(encoding="utf-8")) if p.kind == "place"]
    ctx = Context(lexicon=english)
    for pos in positions[3:12:4]:
        state = position(racks=[pos.rack, ""])
        state["board"] = list(pos.board)
        plays = movegen.placements(list(pos.board), list(pos.rack), english, ENGLISH)
        assert len(plays) > 50
        for play in plays:
            after = ENGINE.apply(state, 0, play.move(), ctx)
            entry = after["log"][-1]
            assert (entry["score"], tuple(entry["words"])) == (play.score, play.words)
            assert "".join(sorted(after["racks"][0]["tiles"][:len(play.leave)])) == play.leave


def test_the_protocol_search_finds_the_same_plays_as_the_dawg(english):
    record = gcg_records()[-1]
    positions = [p for p in positions_from_gcg(record.read_text(encoding="utf-8")) if p.kind == "place"]
    for pos in positions[::6]:
        by_dawg = movegen.placements(list(pos.board), list(pos.rack), english, ENGLISH)
        by_protocol = movegen.placements(list(pos.board), list(pos.rack), english, ENGLISH,
                                         graph=wordgraph.prefix_root(english))
        assert keyed(by_dawg) == keyed(by_protocol) and len(by_dawg) == len(by_protocol)


# -- reference (b): brute force on small random boards ------------------------------------------------


def brute_force(board, rack, lexicon):
    """Every placement the engine accepts, found without anchors, prefixes or cross-checks: each run of
    squares in each row and column, each assignment of rack tiles (blanks as every letter the words
    use) to the run's empty squares, judged by ``ENGINE.evaluate``."""
    state = position(racks=["".join(rack), ""], challenge="void")
    state["board"] = board
    letters = sorted({ch for w in lexicon.words() for ch in w.upper()})
    found = {}
    for across, line, start in product((True, False), range(15), range(15)):
        for end in range(start, 15):
            squares = [(line, c) if across else (c, line) for c in range(start, end + 1)]
            empty = [sq for sq in squares if board[sq[0]][sq[1]] == "."]
            if len(empty) > len(rack):
                break
            if not empty:
                continue
            for tiles in set(permutations(rack, len(empty))):
                for named in product(*[letters if t == "?" else [t] for t in tiles]):
                    placed = [Tile(r, c, letter, tile == "?") for (r, c), tile, letter in zip(empty, tiles, named,
                                                                                          strict=True)]
                    try:
                        _, scored = ENGINE.evaluate(state, 0, placed, lexicon)
                    except IllegalMove:
                        continue
                    found[frozenset(placed)] = scored.score
    return set(found.items())


def random_board(rng, lexicon, moves):
    """A board after a few random plays from the small word list (sometimes with a stray tile that forms
    no word, so cross-checks meet letters that begin nothing)."""
    state = ENGINE.setup(2, {"challenge": "void"}, rng.randrange(10**6))
    ctx = Context(lexicon=lexicon)
    for _ in range(moves):
        seat = state["to_move"]
        state["racks"][seat]["tiles"] = [rng.choice(sorted(SMALL_LETTERS)) for _ in range(7)]
        found = movegen.generate(state["board"], state["racks"][seat]["tiles"], lexicon, rng)
        if found:
            tiles = rng.choice(found)
            state = ENGINE.apply(state, seat, {"type": "place", "tiles": [t._asdict() for t in tiles]}, ctx)
    board = state["board"]
    if rng.random() < 0.5:
        free = [(r, c) for r in range(15) for c in range(15) if board[r][c] == "."]
        r, c = rng.choice(free)
        board = [line if i != r else line[:c] + "Q" + line[c + 1:] for i, line in enumerate(board)]
    return board


@pytest.mark.parametrize("seed", range(8))
def test_generated_placements_equal_a_brute_force_enumeration(seed):
    rng = random.Random(seed)
    lexicon = SetLexicon(SMALL_WORDS, code="small", version=seed)
    board = random_board(rng, lexicon, moves=seed % 4)
    blanks = seed % 3 == 2
    rack = [rng.choice(sorted(SMALL_LETTERS)) for _ in range(3 if blanks else 4)] + (["?"] if blanks else [])
    generated = movegen.placements(board, rack, lexicon, ENGLISH)
    assert len(generated) == len(keyed(generated)), "a placement was generated twice"
    assert keyed(generated) == brute_force(board, rack, lexicon)


# -- the other plays, sampling, shapes ------------------------------------------------------------------


def test_every_distinct_exchange_is_listed_once():
    swaps = movegen.exchanges(list("AAB?"))
    given = sorted(p.exchange for p in swaps)
    assert given == sorted(["?", "A", "AA", "B", "?A", "?AA", "?B", "?AB", "?AAB", "AB", "AAB"])
    assert {p.exchange: p.leave for p in swaps}["?A"] == "AB"
    assert sorted(p.exchange for p in movegen.exchanges(list("ABC"), max_tiles=1)) == ["A", "B", "C"]
    for rack in ("AAB?", "UEQRSET", "Z?Z?A"):
        swaps = movegen.exchanges(list(rack))
        assert all(p.leave == movegen.leave_after(rack, p.exchange) for p in swaps)
        assert len({p.exchange for p in swaps}) == len(swaps)


def test_all_plays_adds_exchanges_only_when_the_bag_allows_and_always_the_pass():
    lexicon = SetLexicon(["AT", "TA"])
    with_bag = movegen.all_plays(board_from(""), list("AT"), lexicon, ENGLISH, bag_count=7)
    short_bag = movegen.all_plays(board_from(""), list("AT"), lexicon, ENGLISH, bag_count=6)
    # AT and TA, across and down, each with either letter on the centre star: 8 placements.
    assert sorted(p.kind for p in with_bag) == ["exchange"] * 3 + ["pass"] + ["place"] * 8
    assert sorted(p.kind for p in short_bag) == ["pass"] + ["place"] * 8


def test_a_first_play_covers_the_centre_and_a_blank_names_any_letter():
    plays = movegen.placements(board_from(""), list("T?"), SetLexicon(["AT", "IT", "TI"]), ENGLISH)
    spelled = {p.notation(board_from("")) for p in plays}
    assert "8G aT" in spelled and "8H Ti" in spelled and "H7 iT" in spelled
    assert all(any((t.row, t.col) == (7, 7) for t in p.tiles) for p in plays)
    assert all(len(p.tiles) == 2 and p.score == 2 for p in plays)  # T doubled by the centre star


def test_a_single_tile_forming_two_words_is_one_play_scored_both_ways():
    board = board_from("""
    ..A
    CA.
    """, 6, 7)
    plays = movegen.placements(board, ["T"], SetLexicon(["CAT", "AT"]), ENGLISH)
    (play,) = [p for p in plays if p.tiles == (Tile(7, 9, "T", False),)]
    assert play.words == ("CAT", "AT") and play.score == 5 + 2 and play.across


def test_random_sampling_is_deterministic_for_a_seed():
    board = board_from("WINDY", 7, 3)
    lexicon = SetLexicon(SMALL_WORDS + ["windy"])
    first = movegen.generate(board, list("AEINRST"), lexicon, random.Random(4))
    again = movegen.generate(board, list("AEINRST"), lexicon, random.Random(4))
    assert first == again and len(first) > 10
    assert all(rack_tile(t) in "AEINRST" for tiles in first for t in tiles)
