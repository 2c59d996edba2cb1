"""Benchmark of Crossword move generation: the compiled generator against the Python one, and against
checking the same plays one by one.

For every decision of every record in ``../shared/testdata/gcg`` (the board as it was), two racks:
*blank-free* (the recorded rack, a blank replaced by an E) and *with a blank* (the recorded rack, its
last tile replaced by a blank when it has none).  For each, in the same run:

* **compiled**: ``native.placements`` (``_movegen.c``) over the lexicon's DAWG -- what
  ``movegen.placements`` runs when the module is built and not switched off;
* **Python (DAWG)**: ``movegen.python_placements`` over the same DAWG -- the reference;
* **Python (protocol)**: the Python search over the ``has_prefix``/``contains`` protocol only;
* **check one by one**: ``ENGINE.evaluate`` (geometry, rack, scoring and the word lookups of
  ``apply`` in void mode) of every play the generator listed, one call each.

Every placement is scored by both generators.  Prints median and p99 milliseconds per position, the
median over mid-game positions (tiles on the board and in the bag), and the ratio compiled / Python
(median of per-position ratios).  Aims: compiled mid-game median at most 1 ms blank-free and 10 ms with
a blank; Python at most 3x the check one by one.  Results go to ``bench/results/movegen.json``.  Run with
``.venv/bin/python bench/movegen_bench.py [--help]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engines import wordgraph  # noqa: E402
from engines.crossword import ENGINE, movegen, native  # noqa: E402
from engines.crossword.analysis import positions_from_gcg  # noqa: E402
from engines.crossword.tiles import ENGLISH  # noqa: E402
from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_words  # noqa: E402

RECORDS = Path(os.environ.get("LETTERPOST_SHARED", REPO.parent / "shared")) / "testdata" / "gcg"
RESULTS = REPO / "bench" / "results"
LABELS = {"compiled": "compiled", "python": "Python DAWG", "protocol": "Python proto", "check": "check 1 by 1"}


def racks_for(rack: str) -> dict[str, str]:
    blank_free = rack.replace("?", "E")
    with_blank = rack if "?" in rack else rack[:-1] + "?"
    return {"blank-free": blank_free, "with a blank": with_blank}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="timings per position (the fastest counts)")
    parser.add_argument("--no-protocol", action="store_true", help="skip the protocol-only search")
    parser.add_argument("--no-check", action="store_true", help="skip checking the plays one by one")
    args = parser.parse_args()
    paths = sorted(RECORDS.glob("*.gcg"))
    if not paths:
        raise SystemExit(f"no GCG records in {RECORDS}")
    _, words = source_words("en")
    lexicon = WordIndex.from_words(words, code="en", version=1)
    start = time.perf_counter()
    root = wordgraph.dawg_for(lexicon)
    dawg_build = time.perf_counter() - start
    native.ACTIVE = native.AVAILABLE  # timed whatever LETTERPOST_NATIVE_MOVEGEN says
    start = time.perf_counter()
    compiled_graph = native.compiled(root)
    compile_s = time.perf_counter() - start
    if compiled_graph is None:
        print("the compiled generator is not built (make native): timing the Python generator only")

    positions = [p for path in paths for p in positions_from_gcg(path.read_text(encoding="utf-8"))
                 if p.rack is not None]
    load_before = os.getloadavg()
    series: dict[str, dict[str, list[float]]] = {}
    plays_count: dict[str, list[int]] = {}
    mid_game: list[bool] = []
    for pos in positions:
        mid_game.append(any(line.strip(".") for line in pos.board) and pos.bag_count > 0)
        for name, rack in racks_for(pos.rack).items():
            board = list(pos.board)
            timings = series.setdefault(name, {kind: [] for kind in LABELS})

            def timed(fn):
                best, result = None, None
                for _ in range(args.rounds):
                    t0 = time.perf_counter()
                    result = fn()
                    elapsed = time.perf_counter() - t0
                    best = elapsed if best is None else min(best, elapsed)
                return best, result

            elapsed, plays = timed(lambda board=board, rack=rack: movegen.python_placements(
                board, list(rack), root, ENGLISH))
            timings["python"].append(elapsed)
            plays_count.setdefault(name, []).append(len(plays))
            if compiled_graph is not None:
                elapsed, fast = timed(lambda board=board, rack=rack: native.placements(
                    board, list(rack), root, ENGLISH, movegen.Play))
                if fast is None or len(fast) != len(plays):
                    raise SystemExit(f"the compiled generator disagrees at line {pos.line} with {rack}")
                timings["compiled"].append(elapsed)
            if not args.no_protocol:
                elapsed, _ = timed(lambda board=board, rack=rack: movegen.python_placements(
                    board, list(rack), wordgraph.prefix_root(lexicon), ENGLISH))
                timings["protocol"].append(elapsed)
            if not args.no_check:
                state = ENGINE.setup(2, {"challenge": "void"}, 0)
                state["board"] = board
                state["racks"][0]["tiles"] = list(rack)
                tile_lists = [list(p.tiles) for p in plays]

                def check(state=state, tile_lists=tile_lists):
                    for tiles in tile_lists:
                        ENGINE.evaluate(state, 0, tiles, lexicon)

                elapsed, _ = timed(check)
                timings["check"].append(elapsed)

    report = {
        "machine": {"python": platform.python_version(), "processor": platform.processor() or platform.machine(),
                    "cpus": os.cpu_count(), "load_before": [round(x, 2) for x in load_before],
                    "load_after": [round(x, 2) for x in os.getloadavg()]},
        "positions": len(positions), "mid_game_positions": sum(mid_game), "dawg_build_s": round(dawg_build, 2),
        "compile_s": round(compile_s, 3), "rounds": args.rounds, "series": {},
    }
    print(f"{len(positions)} positions ({sum(mid_game)} mid-game) from {len(paths)} records; DAWG built in "
          f"{dawg_build:.2f} s, compiled in {compile_s * 1e3:.0f} ms; load {load_before[0]:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after")
    print(f"{'rack':<13} {'plays':>6} {'generator':>13} {'median ms':>10} {'mid-game':>9} {'p99 ms':>8} "
          f"{'x Python':>9} {'x check':>8}")
    for name, timings in series.items():
        entry: dict = {"plays_median": statistics.median(plays_count[name])}
        for kind, values in timings.items():
            if not values:
                continue
            mid = [v for v, m in zip(values, mid_game, strict=True) if m]
            x_python = statistics.median([v / p for v, p in zip(values, timings["python"], strict=True)])
            entry[kind] = {"median_ms": statistics.median(values) * 1e3,
                           "mid_game_median_ms": statistics.median(mid) * 1e3,
                           "p99_ms": quantile(values, 0.99) * 1e3, "x_python": x_python}
            if timings["check"]:
                entry[kind]["x_check"] = statistics.median(
                    [v / c for v, c in zip(values, timings["check"], strict=True) if c > 0])
            x_check = f"{entry[kind]['x_check']:>8.2f}" if "x_check" in entry[kind] else f"{'':>8}"
            print(f"{name:<13} {entry['plays_median']:>6.0f} {LABELS[kind]:>13} {entry[kind]['median_ms']:>10.2f} "
                  f"{entry[kind]['mid_game_median_ms']:>9.2f} {entry[kind]['p99_ms']:>8.2f} "
                  f"{entry[kind]['x_python']:>9.3f} {x_check}")
        report["series"][name] = entry
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "movegen.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    free, blank = report["series"]["blank-free"], report["series"]["with a blank"]
    if "compiled" in free:
        print(f"aim: compiled mid-game median <= 1 ms blank-free -> {free['compiled']['mid_game_median_ms']:.2f} ms, "
              f"<= 10 ms with a blank -> {blank['compiled']['mid_game_median_ms']:.2f} ms "
              f"({free['compiled']['x_python']:.3f}x and {blank['compiled']['x_python']:.3f}x the Python generator)")
    if "x_check" in free["python"]:
        print(f"aim: Python generator <= 3x check one by one -> blank-free {free['python']['x_check']:.2f}x, "
              f"with a blank {blank['python']['x_check']:.2f}x")


if __name__ == "__main__":
    main()
