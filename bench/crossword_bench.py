"""Benchmark of the Crossword rules: one placement checked and scored, and whole GCG records replayed.

Two figures, each next to a baseline measured in the same run on the same state, so that the ratio
stays meaningful on a slow or shared machine:

1. **Placement** (median µs): ``ENGINE.evaluate`` -- geometry, rack, scoring and (void mode) the word
   lookups in the real English index -- for a recorded play on a mid-game board (the position of
   ``doug_v_emely.gcg`` half-way through), and the full ``ENGINE.apply`` of the same play.  Baseline:
   ``copy.deepcopy`` of that state (what every ``apply`` must pay anyway to stay pure).
2. **Replay** (turns/s): ``gcg.replay`` of every record in ``../shared/testdata/gcg`` end to end, word
   checking off.  Baseline: the median ``deepcopy`` of the mid-game state above, per turn replayed.

Run with ``.venv/bin/python bench/crossword_bench.py [--help]``; never run by the test suite.
"""

from __future__ import annotations

import argparse
import copy
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.base import Context  # noqa: E402
from engines.crossword import ENGINE, gcg  # noqa: E402
from engines.crossword.moves import parse_gcg_play  # noqa: E402

RECORDS = Path(__file__).resolve().parent.parent.parent / "shared" / "testdata" / "gcg"


def median_us(fn, samples: int) -> float:
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def mid_game(record: gcg.GcgGame) -> tuple[dict, int, dict]:
    """The replayed state just before the recorded play nearest the middle, its mover, and that play."""
    plays = [i for i, t in enumerate(record.turns) if t.kind == "play"]
    index = plays[len(plays) // 2]
    before = gcg.GcgGame(players=record.players, names=record.names, turns=record.turns[:index])
    _, state = gcg.replay(before)
    turn = record.turns[index]
    seat = record.players.index(turn.player)
    state = copy.deepcopy(state)
    state["to_move"] = seat
    state["phase"] = "play"
    state["pending"] = None
    state["options"]["challenge"] = "void"
    state["racks"][seat]["tiles"] = [ch.upper() if ch != "?" else ch for ch in turn.rack]
    return state, seat, {"type": "place", "gcg": turn.notation}


def english_context() -> Context:
    from lexicons.index import WordIndex
    from lexicons.sources import source_words

    return Context(lexicon=WordIndex.from_words(source_words("en")[1], code="en", version=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=2000, help="timings per placement figure (median)")
    parser.add_argument("--rounds", type=int, default=5, help="replays of every record (best round counts)")
    parser.add_argument("--no-lexicon", action="store_true", help="skip the English index (no word lookups)")
    args = parser.parse_args()

    paths = sorted(RECORDS.glob("*.gcg"))
    if not paths:
        raise SystemExit(f"no GCG records in {RECORDS}")
    records = [gcg.parse(p.read_text(encoding="utf-8")) for p in paths]
    ctx = Context() if args.no_lexicon else english_context()

    state, seat, move = mid_game(records[0])
    tiles = parse_gcg_play(move["gcg"], state["board"])
    words = ENGINE.preview(state, seat, move, ctx)
    deepcopy_us = median_us(lambda: copy.deepcopy(state), args.samples)
    evaluate_us = median_us(lambda: ENGINE.evaluate(state, seat, tiles, ctx.lexicon), args.samples)
    parse_eval_us = median_us(lambda: ENGINE.preview(state, seat, move, ctx), args.samples)
    apply_us = median_us(lambda: ENGINE.apply(state, seat, move, ctx), args.samples)

    turns = sum(len(r.turns) for r in records)
    best = float("inf")
    for _ in range(args.rounds):
        start = time.perf_counter()
        for record in records:
            gcg.replay(record)
        best = min(best, time.perf_counter() - start)
    copy_per_turn = deepcopy_us / 1e6

    lexicon = "none (words not checked)" if args.no_lexicon else f"English index, {len(ctx.lexicon):,} words" \
        if hasattr(ctx.lexicon, "__len__") else "English index"
    print(f"Python {platform.python_version()} on {platform.machine()}; lexicon: {lexicon}")
    print(f"Mid-game position: {paths[0].name}, {sum(ch != '.' for line in state['board'] for ch in line)} tiles "
          f"on the board; play {move['gcg']} forms {', '.join(w['word'] for w in words['words'])} "
          f"for {words['score']}")
    print()
    print("| figure | median µs | × deepcopy of the state |")
    print("|---|---:|---:|")
    print(f"| deepcopy of the state (baseline) | {deepcopy_us:.1f} | 1.00 |")
    print(f"| evaluate: check + score one placement | {evaluate_us:.1f} | {evaluate_us / deepcopy_us:.2f} |")
    print(f"| preview: parse GCG + check + score | {parse_eval_us:.1f} | {parse_eval_us / deepcopy_us:.2f} |")
    print(f"| apply: the whole move (new state) | {apply_us:.1f} | {apply_us / deepcopy_us:.2f} |")
    print()
    rate = turns / best
    print(f"Replay of {len(records)} records, {turns} turns, word checking off (best of {args.rounds}):")
    print(f"  {rate:,.0f} turns/s ({best * 1e3 / turns:.3f} ms/turn); baseline deepcopy "
          f"{1 / copy_per_turn:,.0f}/s; one replayed turn costs {(best / turns) / copy_per_turn:.1f} deepcopies")


if __name__ == "__main__":
    main()
