"""Benchmark of Crossword move generation against checking the same plays one by one.

For every decision of every record in ``../shared/testdata/gcg`` (the board as it was), two racks:
*blank-free* (the recorded rack, a blank replaced by an E) and *with a blank* (the recorded rack, its
last tile replaced by a blank when it has none).  For each, in the same run:

* **generate (DAWG)**: ``movegen.placements`` over the lexicon's cached DAWG -- every legal
  placement, each scored by the engine's scorer;
* **generate (protocol)**: the same search over the ``has_prefix``/``contains`` protocol only;
* **check one by one**: ``ENGINE.evaluate`` (geometry, rack, scoring and the word lookups of
  ``apply`` in void mode) of every play the generator listed, one call each: the baseline.

Prints median and p99 milliseconds per position and the ratio generate / check (aim: at most 3x, and a
blank-free median under 30 ms).  Also the one-off DAWG build time.  Results go to
``bench/results/movegen.json``.  Run with ``.venv/bin/python bench/movegen_bench.py [--help]``.
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

from games.engines import wordgraph  # noqa: E402
from games.engines.crossword import ENGINE, movegen  # noqa: E402
from games.engines.crossword.analysis import positions_from_gcg  # noqa: E402
from games.engines.crossword.tiles import ENGLISH  # noqa: E402
from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_words  # noqa: E402

RECORDS = Path(os.environ.get("LETTERPOST_SHARED", REPO.parent / "shared")) / "testdata" / "gcg"
RESULTS = REPO / "bench" / "results"


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
    args = parser.parse_args()
    paths = sorted(RECORDS.glob("*.gcg"))
    if not paths:
        raise SystemExit(f"no GCG records in {RECORDS}")
    _, words = source_words("en")
    lexicon = WordIndex.from_words(words, code="en", version=1)
    start = time.perf_counter()
    wordgraph.dawg_for(lexicon)
    dawg_build = time.perf_counter() - start

    positions = [p for path in paths for p in positions_from_gcg(path.read_text(encoding="utf-8"))
                 if p.rack is not None]
    load_before = os.getloadavg()
    series: dict[str, dict[str, list[float]]] = {}
    plays_count: dict[str, list[int]] = {}
    for pos in positions:
        for name, rack in racks_for(pos.rack).items():
            board = list(pos.board)
            timings = series.setdefault(name, {"dawg": [], "protocol": [], "check": []})

            def timed(fn):
                best, result = None, None
                for _ in range(args.rounds):
                    t0 = time.perf_counter()
                    result = fn()
                    elapsed = time.perf_counter() - t0
                    best = elapsed if best is None else min(best, elapsed)
                return best, result

            elapsed, plays = timed(lambda board=board, rack=rack: movegen.placements(board, list(rack), lexicon,
                                                                                      ENGLISH))
            timings["dawg"].append(elapsed)
            plays_count.setdefault(name, []).append(len(plays))
            if not args.no_protocol:
                elapsed, _ = timed(lambda board=board, rack=rack: movegen.placements(
                    board, list(rack), lexicon, ENGLISH, graph=wordgraph.prefix_root(lexicon)))
                timings["protocol"].append(elapsed)
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
        "positions": len(positions), "dawg_build_s": round(dawg_build, 2), "rounds": args.rounds, "series": {},
    }
    print(f"{len(positions)} positions from {len(paths)} records; DAWG built in {dawg_build:.2f} s; "
          f"load {load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after")
    header = f"{'rack':<13} {'plays (median)':>14} {'':>11} {'median ms':>10} {'p99 ms':>8} {'x check':>8}"
    print(header)
    for name, timings in series.items():
        ratios = [g / c for g, c in zip(timings["dawg"], timings["check"], strict=True) if c > 0]
        entry = {"plays_median": statistics.median(plays_count[name]), "ratio_median": statistics.median(ratios),
                 "ratio_total": sum(timings["dawg"]) / sum(timings["check"])}
        for kind in ("dawg", "protocol", "check"):
            values = timings[kind]
            if not values:
                continue
            entry[kind] = {"median_ms": statistics.median(values) * 1e3, "p99_ms": quantile(values, 0.99) * 1e3}
            ratio = statistics.median([v / c for v, c in zip(values, timings["check"], strict=True)])
            label = {"dawg": "generate DAWG", "protocol": "generate proto", "check": "check 1 by 1"}[kind]
            print(f"{name:<13} {statistics.median(plays_count[name]):>14.0f} {label:>14} "
                  f"{entry[kind]['median_ms']:>8.1f} {entry[kind]['p99_ms']:>8.1f} {ratio:>8.2f}")
        report["series"][name] = entry
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "movegen.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    free = report["series"]["blank-free"]
    print(f"aim: generate <= 3x check one by one -> blank-free {free['ratio_median']:.2f}x, "
          f"with a blank {report['series']['with a blank']['ratio_median']:.2f}x (median of per-position ratios); "
          f"blank-free median < 30 ms -> {free['dawg']['median_ms']:.1f} ms")


if __name__ == "__main__":
    main()
