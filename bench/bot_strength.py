"""Benchmark of Crossword bot strength: seeded two-player games, Expert vs Club and Club vs Beginner.

Each match is ``--games`` games (default 200) on the English lexicon (ENABLE + our additions, read from
``lexicons.sources``), void challenge mode.  The bots swap seats every other game; who starts is the
engine's own starting draw.  Every move goes through ``ENGINE.apply``.  Reported per match: the first
bot's win rate (a draw counts half), and for each bot its average final score per game and its average
points per turn (its own placements, exchanges and passes; final rack adjustments excluded).
Aims: Expert >= 55 % against Club, Club >= 90 % against Beginner.

Results go to ``bench/results/bot_strength.json``.  It takes several minutes (about 2 s per game on
one core); ``--games 20`` for a quick look, ``--jobs 2`` to use two processes.
Run with ``.venv/bin/python bench/bot_strength.py [--help]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from games.common_words import common_word_predicate  # noqa: E402
from games.engines.base import Context, rng_for  # noqa: E402
from games.engines.bots import choose_move  # noqa: E402
from games.engines.crossword import ENGINE  # noqa: E402
from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_words  # noqa: E402

RESULTS = REPO / "bench" / "results"
MATCHES = (("expert", "club"), ("club", "beginner"))

_lexicon: WordIndex | None = None


def lexicon() -> WordIndex:
    global _lexicon
    if _lexicon is None:
        _lexicon = WordIndex.from_words(source_words("en")[1], code="en", version=1)
    return _lexicon


def play(levels: tuple[str, str], game_seed: int, swap: bool) -> dict:
    """One game; returns, per level, the final score, points made in turns and turns taken."""
    ctx = Context(lexicon=lexicon())
    common_word = common_word_predicate("en")
    by_seat = (levels[1], levels[0]) if swap else levels
    state = ENGINE.setup(2, {"challenge": "void"}, game_seed)
    rng = rng_for(game_seed, "bots")
    turns = [0, 0]
    while ENGINE.outcome(state) is None:
        seat = state["to_move"]
        move = choose_move("crossword", state, seat, ctx, by_seat[seat], rng, common_word=common_word)
        state = ENGINE.apply(state, seat, move, ctx)
        turns[seat] += 1
    made = [0, 0]
    for entry in state["log"]:
        if entry.get("type") == "place":
            made[entry["seat"]] += entry["score"]
    scores = state["scores"]
    seat_of = {by_seat[0]: 0, by_seat[1]: 1}
    first = seat_of[levels[0]]
    result = 1.0 if scores[first] > scores[1 - first] else 0.5 if scores[first] == scores[1 - first] else 0.0
    return {"result": result, **{level: {"score": scores[seat_of[level]], "made": made[seat_of[level]],
                                         "turns": turns[seat_of[level]]} for level in levels}}


def _play(args: tuple) -> dict:
    return play(*args)


def run_match(levels: tuple[str, str], games: int, seed: int, jobs: int) -> dict:
    jobs_args = [(levels, rng_for(seed, "strength", "-".join(levels), n).randrange(2**31), n % 2 == 1)
                 for n in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            games_played = list(pool.map(_play, jobs_args, chunksize=4))
    else:
        games_played = [_play(a) for a in jobs_args]
    elapsed = time.perf_counter() - start
    summary = {"games": games, "seconds": round(elapsed, 1),
               "win_rate": sum(g["result"] for g in games_played) / games}
    for level in levels:
        total_turns = sum(g[level]["turns"] for g in games_played)
        summary[level] = {
            "average_score": sum(g[level]["score"] for g in games_played) / games,
            "points_per_turn": sum(g[level]["made"] for g in games_played) / total_turns,
        }
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    report = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                          "processor": platform.processor() or platform.machine(),
                          "load_before": [round(x, 2) for x in load_before]},
              "games": args.games, "seed": args.seed, "jobs": args.jobs, "matches": {}}
    aims = {("expert", "club"): 0.55, ("club", "beginner"): 0.90}
    for levels in MATCHES:
        summary = run_match(levels, args.games, args.seed, args.jobs)
        report["matches"][f"{levels[0]} vs {levels[1]}"] = summary
        a, b = levels
        verdict = "met" if summary["win_rate"] >= aims[levels] else "NOT met"
        print(f"{a} vs {b}: {a} wins {summary['win_rate']:.1%} of {args.games} games "
              f"(aim >= {aims[levels]:.0%}: {verdict}); average score {summary[a]['average_score']:.1f} vs "
              f"{summary[b]['average_score']:.1f}; points per turn {summary[a]['points_per_turn']:.1f} vs "
              f"{summary[b]['points_per_turn']:.1f}; {summary['seconds']:.0f} s")
    report["machine"]["load_after"] = [round(x, 2) for x in os.getloadavg()]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "bot_strength.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
