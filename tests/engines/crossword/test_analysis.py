"""Post-game analysis: per-turn best plays and losses from a recorded game and from an engine game, and
a malformed or impossible GCG refused with its line and reason."""

import random

import pytest

from engines.base import Context, SetLexicon
from engines.bots import choose_move
from engines.crossword import ENGINE
from engines.crossword.analysis import (
    GcgError,
    analyse,
    analyse_game,
    analyse_gcg,
    positions_from_game,
    positions_from_gcg,
)
from tests.shared_data import gcg_records

HEAD = "#player1 ann Ann\n#player2 bob Bob\n"


def test_a_recorded_game_is_analysed_turn_by_turn(english):
    record = gcg_records()[0]
    text = record.read_text(encoding="utf-8")
    report = analyse_gcg(text, english, top=3)
    turns = report["turns"]
    positions = positions_from_gcg(text)
    assert len(turns) == len(positions) >= 20
    for turn, pos in zip(turns, positions, strict=True):
        assert (turn["status"], turn["line"], turn["seat"]) == ("analysed", pos.line, pos.seat)
        assert turn["played"]["move"] == pos.notation()
        best = turn["best"]
        assert 1 <= len(best) <= 3 and [b["equity"] for b in best] == sorted((b["equity"] for b in best),
                                                                               reverse=True)
        assert turn["plays"] >= len(best) and turn["points_lost"] >= 0
        assert turn["equity_lost"] == round(max(0.0, best[0]["equity"] - turn["played"]["equity"]), 1)
        assert turn["phony"] == (not turn["played"]["valid"]) == bool(turn["played"]["rejected"])
        if turn["phony"]:  # valued at nothing: the best legal play is lost whole
            assert turn["rank"] is None and turn["played"]["equity"] == 0
            assert turn["points_lost"] >= max(b["score"] for b in best)
        else:
            assert turn["rank"] >= 1 and (turn["rank"] == 1) == (turn["equity_lost"] == 0)
    for entry in report["summary"]:
        mine = [t for t in turns if t["seat"] == entry["seat"]]
        assert entry["turns"] == len(mine) and entry["skipped"] == 0
        assert entry["phonies"] == sum(t["phony"] for t in mine)
        assert entry["best_plays"] == sum(t["rank"] == 1 for t in mine)
        assert entry["average_equity_lost"] == round(sum(t["equity_lost"] for t in mine) / len(mine), 1)


def test_a_play_challenged_off_scores_nothing_and_counts_as_keeping_the_rack(english):
    text = HEAD + (
        ">ann: ADEINRT 8D TRAINED +76 76\n"
        ">bob: EIJLOVX 9H VEXIL +50 50\n"
        ">bob: EIJLOVX -- -50 0\n"
        ">ann: EIOSUVW D6 VO.E +14 90\n")
    report = analyse_gcg(text, english)
    phony = report["turns"][1]
    assert phony["played"]["withdrawn"] and phony["played"]["score"] == 0 and not phony["played"]["valid"]
    assert phony["played"]["move"] == "9H VEXIL"
    assert report["turns"][2]["line"] == 6  # the next play stands on the board without VEXIL
    assert report["turns"][2]["played"]["valid"]


def test_a_turn_whose_rack_is_not_recorded_is_skipped(english):
    report = analyse_gcg(HEAD + ">ann: 8D WINDY +32 32\n>bob: ADEEGIL 7C GALE +16 16\n", english)
    assert report["turns"][0] == {"turn": 0, "seat": 0, "player": "ann", "line": 3, "status": "skipped",
                                  "skip": "no_rack", "reason": "the rack is not recorded"}
    assert report["turns"][1]["status"] == "analysed"
    assert [(s["turns"], s["skipped"]) for s in report["summary"]] == [(0, 1), (1, 0)]


def test_a_phony_gets_no_rank_loses_the_best_legal_play_whole_and_is_never_a_best_play(english):
    # ZANIERS is no word, but as a 102-point bingo its static equity would outrank every legal play.
    report = analyse_gcg(HEAD + ">ann: AEINRSZ 8D ZANIERS +102 102\n>bob: ADEEGIL -  +0 0\n", english)
    phony = report["turns"][0]
    assert phony["phony"] and phony["rank"] is None
    assert phony["played"] == {"move": "8D ZANIERS", "score": 102, "equity": 0.0, "valid": False,
                               "rejected": ["ZANIERS"], "withdrawn": False}
    best = phony["best"][0]
    assert best["move"].endswith("ZANIER") and best["score"] == 50 < phony["played"]["score"]
    assert phony["equity_lost"] == best["equity"] > 0 and phony["points_lost"] == 50
    ann = report["summary"][0]
    assert (ann["turns"], ann["phonies"], ann["best_plays"]) == (1, 1, 0)
    assert ann["average_equity_lost"] == best["equity"] and ann["points_lost"] == 50
    assert not report["turns"][1]["phony"] and report["summary"][1]["phonies"] == 0


def test_a_phony_challenged_off_is_still_a_phony_valued_at_nothing(english):
    report = analyse_gcg(HEAD + ">ann: AEINRSZ 8D ZANIERS +102 102\n>ann: AEINRSZ --  -102 0\n", english)
    (turn,) = report["turns"]
    assert turn["phony"] and turn["rank"] is None and turn["played"]["withdrawn"]
    assert turn["played"]["score"] == 0 and turn["equity_lost"] == turn["best"][0]["equity"]


def test_a_rack_listing_only_the_tiles_played_is_skipped_and_counted(english):
    text = HEAD + (
        ">ann: DINNVWY 8D WINDY +32 32\n"
        ">bob: AEGL 7C GALE +16 16\n"  # four tiles while the bag holds 84: only the tiles played
        ">ann: AEIRSTU -  +0 32\n")  # seven tiles, but not the N and V ann kept from WINDY
    positions = positions_from_gcg(text)
    assert [p.partial_rack for p in positions] == [False, True, True]
    report = analyse_gcg(text, english)
    assert [t["status"] for t in report["turns"]] == ["analysed", "skipped", "skipped"]
    assert report["turns"][1] == {"turn": 1, "seat": 1, "player": "bob", "line": 4, "status": "skipped",
                                  "skip": "partial_rack", "reason": "the record gives only part of the rack"}
    ann, bob = report["summary"]
    assert (ann["turns"], ann["skipped"], bob["turns"], bob["skipped"]) == (1, 1, 0, 1)
    assert bob["average_equity_lost"] is None and bob["best_plays"] == bob["points_lost"] == 0
    assert ann["points_lost"] == report["turns"][0]["points_lost"]


def test_a_short_rack_once_the_bag_is_empty_is_the_whole_rack():
    record = next(p for p in gcg_records() if p.name == "vs_andy.gcg")
    positions = positions_from_gcg(record.read_text(encoding="utf-8"))
    last = positions[-1]  # cesar's six tiles at the end: nothing was left to draw
    assert (last.rack, last.partial_rack, last.bag_count) == ("AELNOS", False, 0)
    first = positions[0]  # andy's GPY: only the tiles played
    assert (first.rack, first.partial_rack) == ("GPY", True)


@pytest.mark.parametrize("lines,line,reason", [
    (">ann: ABCDEFG 8Z CAB +10 10", 3, "cannot read the move"),
    (">ann: ABCDEFG 16H CAB +10 10", 3, "16H is not a square of the board"),
    (">ann: ABCDEFG 8H CAB +ten 10", 3, "expected '... +score total'"),
    (">ann: ABCDEFG 8M CABBAGE +10 10", 3, "runs off the board"),
    (">ann: XYZ 8D WINDY +32 32", 3, "needs DINW, which is not on the rack XYZ"),
    (">ann: DINNVWY 8D WINDY +32 32\n>bob: ADEEGIL 8D GALE +16 16", 4, "already holds a tile"),
    (">ann: DINNVWY 8D WI.DY +32 32", 3, "marked as a tile on the board but it is empty"),
    (">ann: DINNVWY 8D WINDY +32 32\n>bob: AEEGILS D8 (G)AS +5 5", 4, "holds W, not G"),
    (">ann: DINNVWY 8D WINDY +32 32\n>bob: AEEGILS 7A GAL +5 5", 4, "must touch a tile"),
    (">ann: ??? 8H aAH +10 10", 3, "hold 3 blanks; the set has 2"),
    (">ann: ABCDEFG --  -0 0", 3, "this player's last turn placed no tiles"),
    (">ann: DINNVWY 8D WINDY +32 32\n>bob: ADEEGIL --  -32 0", 4, "this player's last turn placed no tiles"),
    (">cat: DINNVWY 8D WINDY +32 32", 3, "is not one of the #player lines"),
    (">ann: ABCDEFG -XY +0 0", 3, "exchanges XY, which is not on the rack ABCDEFG"),
])
def test_a_malformed_or_impossible_record_is_refused_with_its_line_and_reason(lines, line, reason):
    with pytest.raises(GcgError) as refused:
        positions_from_gcg(HEAD + lines + "\n")
    assert refused.value.line == line and reason in refused.value.reason, str(refused.value)
    assert isinstance(refused.value, ValueError) and refused.value.code == "BAD_GCG"
    assert str(refused.value).startswith(f"line {line}: ")


def bot_game(lexicon, seed):
    ctx = Context(lexicon=lexicon)
    state = ENGINE.setup(2, {"challenge": "void"}, seed)
    rng = random.Random(seed)
    levels = {state["to_move"]: "expert", 1 - state["to_move"]: "club"}
    moves = []
    while ENGINE.outcome(state) is None:
        seat = state["to_move"]
        move = choose_move("crossword", state, seat, ctx, levels[seat], rng)
        state = ENGINE.apply(state, seat, move, ctx)
        moves.append((seat, move))
    return state, moves, levels


def test_an_engine_game_is_analysed_from_its_seed_and_moves(english):
    state, moves, levels = bot_game(english, seed=7)
    ctx = Context(lexicon=english)
    positions = positions_from_game(2, {"challenge": "void"}, 7, moves, ctx)
    assert len(positions) == len(moves)
    report = analyse_game(2, {"challenge": "void"}, 7, moves, ctx)
    for turn, pos in zip(report["turns"], positions, strict=True):
        assert turn["status"] == "analysed" and turn["rack"] == pos.rack
        if levels[turn["seat"]] == "expert" and pos.bag_count > 0:
            assert turn["rank"] == 1 and turn["equity_lost"] == 0, turn  # the expert plays the best equity
        if levels[turn["seat"]] == "club" and pos.kind == "place":
            assert turn["points_lost"] == 0, turn  # the club bot plays the highest score
    placed = [e for e in state["log"] if e.get("type") == "place"]
    assert [t["played"]["score"] for t in report["turns"] if t["played"]["move"][0] != "-"] == \
        [e["score"] for e in placed]


def test_analysis_refuses_to_run_without_a_lexicon():
    with pytest.raises(ValueError, match="lexicon"):
        analyse_game(2, {}, 1, [], Context())
    assert analyse([], SetLexicon([])) == {"method": "static", "turns": [], "summary": []}
