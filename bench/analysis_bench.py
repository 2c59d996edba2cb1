"""Benchmark of the post-game analysis: one whole recorded game, end to end.

For each record in ``../shared/testdata/gcg``: ``analysis.analyse_gcg`` (strict GCG reading, every
play of every turn generated and ranked by equity, the five best kept) on the English lexicon, timed
over ``--rounds`` runs (the fastest counts, the DAWG already built).  Baseline in the same run:
generating the placements of the same positions alone (``movegen.placements``), so the ratio shows what
the equity ranking and the exchanges add.  Then the Master's analysis of the same record (the analysis a
player asks for: ``simulate=random.Random(1)``, the Master's own caps), run once and timed in CPU
seconds (a loaded machine makes it slower, not costlier), with how many turns it simulated
(``--no-master`` skips it).  Results go to ``bench/results/analysis.json``.
Run with ``.venv/bin/python bench/analysis_bench.py [--help]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engines import wordgraph  # noqa: E402
from engines.crossword import analysis, movegen  # noqa: E402
from engines.crossword.tiles import ENGLISH  # noqa: E402
from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_words  # noqa: E402

RECORDS = Path(os.environ.get("LETTERPOST_SHARED", REPO.parent / "shared")) / "testdata" / "gcg"
RESULTS = REPO / "bench" / "results"


def best_of(rounds: int, fn) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-master", action="store_true", help="skip the Master's analysis")
    args = parser.parse_args()
    paths = sorted(RECORDS.glob("*.gcg"))
    if not paths:
        raise SystemExit(f"no GCG records in {RECORDS}")
    lexicon = WordIndex.from_words(source_words("en")[1], code="en", version=1)
    wordgraph.dawg_for(lexicon)
    load_before = os.getloadavg()
    rows = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        positions = [p for p in analysis.positions_from_gcg(text) if p.rack is not None]
        whole = best_of(args.rounds, lambda text=text: analysis.analyse_gcg(text, lexicon))
        generate = best_of(args.rounds, lambda positions=positions: [
            movegen.placements(list(p.board), list(p.rack), lexicon, ENGLISH) for p in positions])
        row = {"record": path.name, "turns": len(positions), "analysis_s": round(whole, 3),
               "generation_only_s": round(generate, 3), "ratio": round(whole / generate, 2)}
        line = (f"{path.name:<20} {len(positions):>3} turns: analysis {whole:.2f} s "
                f"({whole / len(positions) * 1e3:.0f} ms a turn), generation alone {generate:.2f} s, "
                f"x{whole / generate:.2f}")
        if not args.no_master:
            start = time.process_time()
            report = analysis.analyse_gcg(text, lexicon, simulate=random.Random(1))
            master = time.process_time() - start
            looked = sum(1 for t in report["turns"] if t.get("method") in ("simulation", "pre_endgame"))
            row.update(master_cpu_s=round(master, 1), master_turns=looked)
            line += f"; the Master's {master:.1f} s of CPU ({looked} turns looked ahead)"
        rows.append(row)
        print(line, flush=True)
    report = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                          "processor": platform.processor() or platform.machine(),
                          "load_before": [round(x, 2) for x in load_before],
                          "load_after": [round(x, 2) for x in os.getloadavg()]},
              "rounds": args.rounds, "records": rows}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "analysis.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
