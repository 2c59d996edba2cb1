"""Benchmark of Crossword bot strength: seeded two-player games between the bots, English and Dutch.

Matches (``--games`` games each, default 400; ``--match`` picks some):

* the ladder, each level against the one below: ``casual-beginner``, ``club-casual``, ``expert-club``
  and ``master-expert`` (the simulating master), each in English (``en:``: the English tile set and
  lexicon) and in Dutch (``nl:``: ``{"tile_set": "nl"}`` and the Dutch lexicon);
* ``en:expert-expert``, ``nl:expert-expert``: the expert's self-play.

The lexicons are read straight from ``lexicons.sources`` (ENABLE + our additions; the Dutch list),
void challenge mode.  The two players swap seats every other game; who starts is the engine's own
starting draw.  Every move goes through ``ENGINE.apply``.  Reported per match: the first player's win
rate (a draw counts half) with twice its standard error, each player's average final score and
average points per turn (its own placements over all its turns; final rack adjustments excluded).
For a self-play match (``expert-expert``) the average score of both seats together is the figure.
For the master, also its seconds per move (median and max): the CPU time ``choose`` takes, view
included, so that other load on the machine does not count.
Aims: each ladder step 70-90 %, Expert >= 75 % against Club in each language, Expert self-play
>= 440 points a game in English, Master >= 60 % against Expert in each language with at most 30 s a move.
``--ladder PATH`` (``engines/crossword/data/ladder.json``, which the site shows on each bot's page)
stores the ladder steps of this run beside the ones the file already holds, so a long match summed up
from its logs updates its own step only.

``--leaves en=PATH`` plays the Expert with another leave table (e.g. one just learned by
``leaves_fit.py --out``) instead of the shipped one.  Results go to ``bench/results/bot_strength.json``.
About 0.4 s a game on one core (a master game: about half a minute); ``--games 40`` for a quick look,
``--jobs 2`` for two processes.  A long match can be played in parts: ``--first N --games K --log PATH``
plays its games N .. N+K-1 (each game's seed depends only on its number) and appends each as it ends;
``--from-log PATH [--from-log PATH2 ...]`` then sums up every game the logs hold.
Run with ``.venv/bin/python bench/bot_strength.py [--help]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engines.base import Context, rng_for  # noqa: E402
from engines.bots import choose_move  # noqa: E402
from engines.crossword import ENGINE, equity  # noqa: E402
from lexicons.common_words import common_word_predicate  # noqa: E402
from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_words  # noqa: E402

RESULTS = REPO / "bench" / "results"
LADDER = ENGINE.bot_levels  # weakest first
MATCHES = {
    **{f"{code}:{upper}-{lower}": (code, (upper, lower))
       for code in ("en", "nl") for lower, upper in zip(LADDER, LADDER[1:], strict=False)},
    "en:expert-expert": ("en", ("expert", "expert")),
    "nl:expert-expert": ("nl", ("expert", "expert")),
}
TIMED_LEVELS = ("master",)  # levels whose seconds per move are reported
LADDER_AIM = (0.70, 0.90)  # each level's win rate against the one below (Woogles' calibration)
WIN_AIMS = {"en:expert-club": 0.75, "nl:expert-club": 0.75, "en:master-expert": 0.60, "nl:master-expert": 0.60}
MASTER_SECONDS_AIM = 30.0  # the master's CPU seconds a move, at most
SCORE_AIMS = {"en:expert-expert": 440.0}

_lexicons: dict[str, WordIndex] = {}


def lexicon(code: str) -> WordIndex:
    if code not in _lexicons:
        _lexicons[code] = WordIndex.from_words(source_words(code)[1], code=code, version=1)
    return _lexicons[code]


def use_leaves(code: str, path: Path) -> None:
    """Play this process's Expert of tile set ``code`` with the table at ``path``."""
    equity._TABLES[code] = equity.LeaveTable.from_json(json.loads(path.read_text("utf-8")))


def play(code: str, levels: tuple[str, str], game_seed: int, swap: bool) -> dict:
    """One game; per player (0 = the first level): final score, points made in turns, turns taken,
    and the CPU seconds each of its moves took."""
    ctx = Context(lexicon=lexicon(code))
    common_word = common_word_predicate(code)
    seat_of = (1, 0) if swap else (0, 1)  # player -> seat
    level_at = {seat_of[p]: levels[p] for p in (0, 1)}
    state = ENGINE.setup(2, {"tile_set": code, "challenge": "void"}, game_seed)
    rng = rng_for(game_seed, "bots")
    turns = [0, 0]
    seconds: list[list[float]] = [[], []]
    while ENGINE.outcome(state) is None:
        seat = state["to_move"]
        start = time.process_time()
        move = choose_move("crossword", state, seat, ctx, level_at[seat], rng, common_word=common_word)
        seconds[seat].append(time.process_time() - start)
        state = ENGINE.apply(state, seat, move, ctx)
        turns[seat] += 1
    made = [0, 0]
    for entry in state["log"]:
        if entry.get("type") == "place":
            made[entry["seat"]] += entry["score"]
    scores = state["scores"]
    mine, theirs = scores[seat_of[0]], scores[seat_of[1]]
    result = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return {"result": result, "players": [{"score": scores[seat_of[p]], "made": made[seat_of[p]],
                                           "turns": turns[seat_of[p]], "seconds": seconds[seat_of[p]]}
                                          for p in (0, 1)]}


def _play(args: tuple) -> dict:
    return play(*args)


def _init(leaves: list[tuple[str, Path]]) -> None:
    for code, path in leaves:
        use_leaves(code, path)


def run_match(name: str, games: int, seed: int, jobs: int, leaves: list[tuple[str, Path]], *, first: int = 0,
              log: Path | None = None) -> dict:
    """Play games ``first`` .. ``first + games - 1`` of the match's seeded sequence; each finished game is
    appended to ``log`` (JSON lines) as it ends, so a long match can be played in parts and summed up."""
    code, levels = MATCHES[name]
    jobs_args = [(code, levels, game_seed(seed, code, levels, n), n % 2 == 1) for n in range(first, first + games)]
    start = time.perf_counter()
    played = []
    with ProcessPoolExecutor(jobs, initializer=_init, initargs=(leaves,)) if jobs > 1 else _InProcess() as pool:
        for n, game in zip(range(first, first + games), pool.map(_play, jobs_args), strict=True):
            played.append(game)
            if log is not None:
                with log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"match": name, "seed": seed, "game": n, **game}) + "\n")
    return summarise(name, played, seconds=time.perf_counter() - start)


def game_seed(seed: int, code: str, levels: tuple[str, str], n: int) -> int:
    """The seed of the match's game ``n``: the same game whichever part of the match plays it."""
    return rng_for(seed, "strength", code, "-".join(levels), n).randrange(2**31)


class _InProcess:
    """``map`` in this process, for one job (as a context manager, like the process pool)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def map(self, function, iterable):
        return map(function, iterable)


def logged_games(paths: list[Path], name: str, seed: int) -> list[dict]:
    """The games of ``name`` (this seed) recorded in these logs, each game once, in game order."""
    games: dict[int, dict] = {}
    for path in paths:
        for line in path.read_text("utf-8").splitlines():
            record = json.loads(line)
            if record["match"] == name and record["seed"] == seed:
                games[record["game"]] = record
    return [games[n] for n in sorted(games)]


def summarise(name: str, played: list[dict], *, seconds: float) -> dict:
    """The match's figures over these games."""
    code, levels = MATCHES[name]
    games = len(played)
    results = [g["result"] for g in played]
    rate = sum(results) / games
    spread = math.sqrt(sum((r - rate) ** 2 for r in results) / max(1, games - 1))
    summary = {"tile_set": code, "levels": list(levels), "games": games, "seconds": round(seconds, 1),
               "win_rate": rate, "win_rate_2se": 2 * spread / math.sqrt(games), "players": []}
    for p in (0, 1):
        total_turns = sum(g["players"][p]["turns"] for g in played)
        moves = [t for g in played for t in g["players"][p]["seconds"]]
        summary["players"].append({
            "level": levels[p],
            "average_score": sum(g["players"][p]["score"] for g in played) / games,
            "points_per_turn": sum(g["players"][p]["made"] for g in played) / total_turns,
            "seconds_per_move": {"median": statistics.median(moves), "max": max(moves)},
        })
    summary["average_score_both"] = sum(pl["average_score"] for pl in summary["players"]) / 2
    summary["average_margin"] = summary["players"][0]["average_score"] - summary["players"][1]["average_score"]
    return summary


def describe(name: str, s: dict) -> str:
    a, b = s["players"]
    line = (f"{name}: {a['level']} wins {s['win_rate']:.1%} ± {s['win_rate_2se']:.1%} of {s['games']} games; "
            f"average score {a['average_score']:.1f} vs {b['average_score']:.1f} "
            f"(both {s['average_score_both']:.1f}); points per turn {a['points_per_turn']:.1f} vs "
            f"{b['points_per_turn']:.1f}; {s['seconds']:.0f} s")
    for player in s["players"]:
        if player["level"] in TIMED_LEVELS:
            timed = player["seconds_per_move"]
            line += f"; {player['level']} {timed['median']:.2f} s a move (median), {timed['max']:.2f} s at most"
            met = timed["max"] <= MASTER_SECONDS_AIM
            line += f" [aim <= {MASTER_SECONDS_AIM:.0f} s a move: {'met' if met else 'NOT met'}]"
    if is_ladder_step(name):
        low, high = LADDER_AIM
        met = low <= s["win_rate"] <= high
        line += f" [ladder step {low:.0%}-{high:.0%}: {'met' if met else 'NOT met'}]"
    if name in WIN_AIMS:
        line += f" [aim win >= {WIN_AIMS[name]:.0%}: {'met' if s['win_rate'] >= WIN_AIMS[name] else 'NOT met'}]"
    if name in SCORE_AIMS:
        met = s["average_score_both"] >= SCORE_AIMS[name]
        line += f" [aim average >= {SCORE_AIMS[name]:.0f}: {'met' if met else 'NOT met'}]"
    return line


def is_ladder_step(name: str) -> bool:
    upper, lower = MATCHES[name][1]
    return LADDER.index(upper) == LADDER.index(lower) + 1


def write_ladder(path: Path, matches: dict[str, dict]) -> None:
    """Store these matches' ladder steps in ``path`` beside the steps it holds already: per tile set, per
    level above, the level below, the games, the upper level's win rate and both average scores."""
    ladder = json.loads(path.read_text("utf-8")) if path.exists() else {}
    for name, s in matches.items():
        if not is_ladder_step(name):
            continue
        upper, lower = s["players"]
        ladder.setdefault(s["tile_set"], {})[upper["level"]] = {
            "below": lower["level"], "games": s["games"], "wins": round(s["win_rate"], 3),
            "score": round(upper["average_score"], 1), "score_below": round(lower["average_score"], 1)}
    ordered = {code: {level: steps[level] for level in LADDER if level in steps}
               for code, steps in sorted(ladder.items())}
    path.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per match (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--first", type=int, default=0,
                        help="the number of the first game to play (default 0): with --games, one part of a match")
    parser.add_argument("--log", type=Path, default=None,
                        help="append every finished game to this file (JSON lines), for --from-log")
    parser.add_argument("--from-log", type=Path, action="append", default=[], metavar="PATH",
                        help="play nothing: sum up the games these logs hold (repeatable; parts of a match)")
    parser.add_argument("--match", action="append", choices=sorted(MATCHES),
                        help="play only this match (repeatable; default: all)")
    parser.add_argument("--leaves", action="append", default=[], metavar="CODE=PATH",
                        help="the Expert of tile set CODE uses the leave table at PATH")
    parser.add_argument("--out", type=Path, default=RESULTS / "bot_strength.json")
    parser.add_argument("--ladder", type=Path, default=None, metavar="PATH",
                        help="store the ladder steps played (or summed up) in this file, beside those it holds")
    args = parser.parse_args(argv)
    leaves = [(spec.split("=", 1)[0], Path(spec.split("=", 1)[1])) for spec in args.leaves]
    _init(leaves)
    report = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                          "processor": platform.processor() or platform.machine(),
                          "load_before": [round(x, 2) for x in os.getloadavg()]},
              "games": args.games, "seed": args.seed, "jobs": args.jobs,
              "leaves": {code: str(path) for code, path in leaves}, "matches": {}}
    for name in args.match or list(MATCHES):
        if args.from_log:
            played = logged_games(args.from_log, name, args.seed)
            if not played:
                continue
            summary = summarise(name, played, seconds=0.0)
            report["games"] = len(played)
        else:
            summary = run_match(name, args.games, args.seed, args.jobs, leaves, first=args.first, log=args.log)
        report["matches"][name] = summary
        print(describe(name, summary), flush=True)
        report["machine"]["load_after"] = [round(x, 2) for x in os.getloadavg()]
        args.out.parent.mkdir(exist_ok=True)  # written after every match, so a long run keeps what it has
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if args.ladder is not None:
        write_ladder(args.ladder, report["matches"])


if __name__ == "__main__":
    main()
