"""Exact scores: premium squares, blanks, word premiums multiplied, cross-words, bingo, premiums once."""

from engines.crossword import board, tiles

from .helpers import last, place, play, position


def score_of(state, move, seat=0):
    return last(play(state, seat, move))["score"]


def test_the_board_has_the_standard_premium_layout():
    assert board.premium(7, 7) == (1, 2)  # the centre star is a double word
    assert board.premium(0, 0) == (1, 3)
    assert board.premium(0, 3) == (2, 1)
    assert board.premium(1, 5) == (3, 1)
    assert board.premium(14, 14) == (1, 3)
    counts = {}
    for line in board.LAYOUT:
        for square in line:
            counts[square] = counts.get(square, 0) + 1
    assert counts == {"T": 8, "D": 17, "t": 12, "d": 24, ".": 164}


def test_tile_sets_hold_the_standard_english_and_dutch_distributions():
    assert tiles.ENGLISH.size == 100 and tiles.ENGLISH.counts["?"] == 2
    assert tiles.DUTCH.size == 102 and tiles.DUTCH.counts["?"] == 2
    assert sum(n for letter, n in tiles.DUTCH.counts.items() if letter != "?") == 100
    assert tiles.ENGLISH.counts["E"] == 12 and tiles.DUTCH.counts["E"] == 18
    assert tiles.DUTCH.counts["N"] == 10 and tiles.DUTCH.values["C"] == 5 and tiles.DUTCH.values["Z"] == 4
    assert tiles.ENGLISH.values["Z"] == 10 and tiles.DUTCH.values["Q"] == 10
    assert sum(tiles.ENGLISH.values[k] * n for k, n in tiles.ENGLISH.counts.items()) == 187


def test_first_word_doubles_on_the_centre_star_with_a_double_letter():
    # 8D WINDY: W on a double letter (8), I N D Y (8), the centre doubles the word.
    state = position(racks=["WINDYAE"])
    assert score_of(state, {"type": "place", "gcg": "8D WINDY"}) == 32


def test_blank_on_triple_word_still_triples():
    state = position("O", top=0, left=1, racks=["?W"])
    # c on 1A (triple word, blank = 0) + O (1) + W (4) = 5, tripled.
    assert score_of(state, place((0, 0, "c"), (0, 2, "W"))) == 15


def test_blank_scores_zero_even_on_a_letter_premium():
    state = position("O", top=0, left=1, racks=["Z??"])
    # Z on 1A triples the word; the blank on the double letter 1D scores 0: (10 + 1 + 0 + 0) * 3.
    assert score_of(state, place((0, 0, "Z"), (0, 2, "a"), (0, 3, "p"))) == 33


def test_two_double_words_multiply_by_four():
    # PARTNER across 5E..5K covers both double words of row 5; T is already there.
    state = position("T", top=4, left=7, racks=["PARNER"])
    move = place((4, 4, "P"), (4, 5, "A"), (4, 6, "R"), (4, 8, "N"), (4, 9, "E"), (4, 10, "R"))
    assert score_of(state, move) == (3 + 1 + 1 + 1 + 1 + 1 + 1) * 4


def test_two_triple_words_multiply_by_nine_and_seven_tiles_add_fifty():
    # PAINTERS across 1A..1H: triple words on 1A and 1H, N on the double letter 1D, T already there.
    state = position("T", top=0, left=4, racks=["PAINERS"])
    move = place((0, 0, "P"), (0, 1, "A"), (0, 2, "I"), (0, 3, "N"), (0, 5, "E"), (0, 6, "R"), (0, 7, "S"))
    after = play(state, 0, move)
    assert last(after)["score"] == (3 + 1 + 1 + 2 + 1 + 1 + 1 + 1) * 9 + 50
    assert last(after)["bingo"] is True


def test_all_seven_tiles_earn_fifty():
    # 8B PAINTER: I on the double letter 8D, R on the centre: (3+1+2+1+1+1+1) * 2 + 50.
    state = position(racks=["PAINTER"])
    assert score_of(state, {"type": "place", "gcg": "8B PAINTER"}) == 70


def test_parallel_play_scores_every_cross_word():
    # 7C GALE under WINDY forms GALE, AW, LI, EN (a real recorded turn worth 16).
    state = position("WINDY", top=7, left=3, racks=["ADEEGIL"])
    after = play(state, 0, {"type": "place", "gcg": "7C GALE"})
    assert last(after)["words"] == ["GALE", "AW", "LI", "EN"]
    assert last(after)["score"] == 7 + 5 + 2 + 2


def test_shared_letter_scores_its_premium_in_both_words():
    # E on the double letter 7G counts double in AE and in ED.
    state = position("WINDY", top=7, left=3, racks=["AE"])
    after = play(state, 0, place((6, 5, "A"), (6, 6, "E")))
    assert last(after)["words"] == ["AE", "AN", "ED"]
    assert last(after)["score"] == (1 + 2) + (1 + 1) + (2 + 2)


def test_premiums_count_only_when_first_covered():
    # WINDY already covers a double letter and the centre; adding S scores face values only.
    state = position("WINDY", top=7, left=3, racks=["S"])
    assert score_of(state, place((7, 8, "S"))) == 4 + 1 + 1 + 2 + 4 + 1


def test_blank_on_the_board_scores_zero_in_later_words():
    state = position("WINDy", top=7, left=3, racks=["S"])
    assert score_of(state, place((7, 8, "S"))) == 4 + 1 + 1 + 2 + 0 + 1


def test_a_single_tile_scores_both_words_it_forms():
    # X under the A forms AX only; an O beside X and under T forms XO and TO.
    state = position("""
        AT
        ..
    """, top=7, left=7, racks=["OX"])
    after = play(state, 0, place((8, 7, "X")))  # AX down, X on 9H (no premium)
    assert last(after)["words"] == ["AX"]
    assert last(after)["score"] == 1 + 8
    after = play(position("""
        AT
        X.
    """, top=7, left=7, racks=["O"]), 0, place((8, 8, "O")))  # XO across and TO down
    assert sorted(last(after)["words"]) == ["TO", "XO"]
    assert last(after)["score"] == (8 + 1 * 2) + (1 + 1 * 2)  # O sits on the double letter 9I


def test_gcg_notation_and_tiles_payload_score_the_same():
    state = position("WINDY", top=7, left=3, racks=["ADEEGIL"])
    by_gcg = play(state, 0, {"type": "place", "gcg": "7C GALE"})
    by_tiles = play(state, 0, place((6, 2, "G"), (6, 3, "A"), (6, 4, "L"), (6, 5, "E")))
    assert by_gcg == by_tiles
    assert last(by_gcg)["gcg"] == "7C GALE"


def test_gcg_notation_reads_down_plays_dots_brackets_and_blanks():
    state = position("WINDY", top=7, left=3, racks=["JAVE?"])
    # E6 JA.e: down column E through the I of WINDY on 8E, a blank as E on 9E.
    dots = play(state, 0, {"type": "place", "gcg": "E6 JA.e"})
    brackets = play(state, 0, {"type": "place", "gcg": "E6 JA(I)e"})
    assert dots == brackets
    assert last(dots)["tiles"] == [
        {"row": 5, "col": 4, "letter": "J", "blank": False},
        {"row": 6, "col": 4, "letter": "A", "blank": False},
        {"row": 8, "col": 4, "letter": "E", "blank": True},
    ]
    assert last(dots)["gcg"] == "E6 JA.e"
    assert dots["board"][8][4] == "e"
    assert last(dots)["score"] == 8 + 1 + 1 + 0  # 6E and 7E and 9E carry no premium
