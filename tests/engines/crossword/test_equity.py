"""Equity: leave values, the board and end-game terms, and the end-game search, with exact numbers."""

from engines.base import SetLexicon
from engines.crossword import equity
from engines.crossword.equity import Evaluator, LeaveTable, Situation, endgame_values, leave_table
from engines.crossword.movegen import Play, all_plays
from engines.crossword.moves import Tile
from engines.crossword.tiles import ENGLISH

from .helpers import board_from

TABLE = LeaveTable(letters={"?": 20.0, "S": 8.0, "Q": -7.0, "U": -2.0, "E": 1.0},
                   duplicates={"E": -3.0}, pairs={"QU": 6.0})


def situation(board="", rack="AEIRST?", bag=50, unseen="", seats=2):
    return Situation(board=board_from(board) if isinstance(board, str) else board, rack=rack, tile_set=ENGLISH,
                     bag_count=bag, unseen=unseen, seats=seats)


def test_a_leave_adds_letters_extra_copies_and_pairs():
    assert TABLE.value("") == 0
    assert TABLE.value("S?") == 28.0
    assert TABLE.value("EEE") == 3 * 1.0 - 2 * 3.0
    assert TABLE.value("QU") == -7.0 - 2.0 + 6.0
    assert TABLE.value("UQ") == TABLE.value("QU")


def test_the_shipped_table_is_fitted_for_every_english_tile_and_prizes_the_blank():
    table = leave_table("en")
    assert set(table.letters) == set("?ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert max(table.letters, key=table.letters.get) == "?"
    assert table.value("Q") < 0 < table.value("?")
    assert leave_table("xx").letters == {}  # a tile set without a fitted table: no leave values


def test_equity_is_score_plus_leave_while_the_bag_has_tiles():
    evaluator = Evaluator(situation(bag=50), TABLE)
    play = Play("place", tiles=(Tile(7, 7, "A", False),), score=12, leave="S?")
    assert evaluator.equity(play) == 12 + 28.0
    assert evaluator.equity(Play("exchange", exchange="QVV", leave="S?")) == 28.0


def test_going_out_with_the_bag_empty_gains_twice_the_opponents_tiles():
    evaluator = Evaluator(situation(bag=0, rack="AT", unseen="QZ"), TABLE)
    out = Play("place", tiles=(Tile(7, 7, "A", False), Tile(7, 8, "T", False)), score=4, leave="")
    assert evaluator.equity(out) == 4 + 2 * 20


def test_tiles_kept_with_the_bag_empty_count_against_the_mover():
    evaluator = Evaluator(situation(bag=0, rack="ATQ", unseen="EE"), TABLE)
    stuck = Play("place", tiles=(Tile(7, 7, "A", False), Tile(7, 8, "T", False)), score=4, leave="Q")
    assert evaluator.equity(stuck) == 4 - 2 * 10
    assert evaluator.equity(Play("pass", leave="AQT")) == -2 * 12


def test_holding_the_q_without_a_u_late_costs_extra():
    late = Evaluator(situation(bag=5), TABLE)
    early = Evaluator(situation(bag=40), TABLE)
    q = Play("pass", leave="Q")
    assert late.equity(q) == -7.0 - equity.Q_LATE_PENALTY
    assert early.equity(q) == -7.0
    assert late.equity(Play("pass", leave="QU")) == TABLE.value("QU")


def test_a_play_that_brings_a_triple_word_square_within_reach_costs_a_little():
    board = board_from("CAT", 7, 6)  # 8G-8I; the triple at 8O is 6 squares away
    evaluator = Evaluator(situation(board=board), LeaveTable())
    near = Play("place", tiles=(Tile(7, 9, "S", False),), score=6, leave="")  # 8J: 5 away
    opening = Play("place", tiles=(Tile(7, 9, "E", False), Tile(7, 10, "R", False), Tile(7, 11, "S", False)),
                   score=8, leave="")  # 8L: 3 squares from 8O
    assert evaluator.equity(near) == 6
    assert evaluator.equity(opening) == 8 - equity.TW_OPEN_PENALTY


def test_the_end_game_search_counts_going_out_and_both_players_stuck():
    board = board_from("CAT", 7, 7)
    lexicon = SetLexicon(["CAT", "CATS"])
    here = Situation(board=board, rack="S", tile_set=ENGLISH, bag_count=0, unseen="Q")
    plays = all_plays(board, ["S"], lexicon, ENGLISH, bag_count=0)
    valued = endgame_values(here, plays, lexicon)
    # CATS goes out (6 points, plus twice the Q); after a pass the Q cannot move either, so both keep
    # their tiles: the mover loses S (1) and the opponent loses Q (10).
    assert [(value, play.kind, play.score) for value, play in valued] == [(26.0, "place", 6), (9.0, "pass", 0)]


def test_the_end_game_search_sees_the_opponents_reply():
    board = board_from("CAT", 7, 7)
    lexicon = SetLexicon(["CAT", "CATS", "AX"])
    here = Situation(board=board, rack="SU", tile_set=ENGLISH, bag_count=0, unseen="X")
    plays = all_plays(board, ["S", "U"], lexicon, ENGLISH, bag_count=0)
    valued = endgame_values(here, plays, lexicon)
    # CATS (6) keeps the U; the opponent then goes out with AX down from the A (17 on the double letter)
    # and gains twice the U: 6 - (17 + 2) = -13.  Passing lets AX go out against S and U: -(17 + 2 * 2).
    assert [(value, play.kind) for value, play in valued] == [(-13.0, "place"), (-21.0, "pass")]
