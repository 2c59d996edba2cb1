"""Learn the Crossword leave model of a tile set (``engines/crossword/data/leaves_<code>.json``) by self-play.

Regenerate the shipped tables with::

    .venv/bin/python bench/leaves_fit.py --tile-set en --rounds 3 --games 300 --seed 1
    .venv/bin/python bench/leaves_fit.py --tile-set nl --rounds 3 --games 200 --seed 1

(the exact command, seed, games and samples of a table are recorded in the file it writes).

Model: a leave's value is a sum of weights over its features (``equity.leave_features``): each tile,
the second and third copies of a tile, the vowel count for each leave size (balance), a Q kept
without a U, and the pairs and triples of different tiles that the data shows most often (chosen by
frequency each round).  The empty leave is worth 0.

Method, a temporal-difference iteration in rounds.  Round 0 starts from the all-zero model (the
Expert then plays for score).  In each round, seeded two-player games on the tile set's own lexicon
(``lexicons.sources``) are played by the Expert with the current model -- best static equity, the
end-game search once the bag is empty -- exploring a little: with probability ``--explore`` it plays
a random one of its three best plays instead.  Every turn with tiles in the bag gives samples:

* *looks*: up to ``--looks`` plays among the ten best by equity; for each, the tiles it keeps are
  refilled with a random draw from the unseen tiles, and the best equity (score + current model's
  leave value + board terms) of the new rack on the board after that play is the target -- the
  next turn's points plus the value of the leave after it, with the draw resampled and the
  opponent's turn in between left out;
* the turn actually played: the equity of the same player's next play (its points plus the current
  model's value of what it then keeps) is the target for the leave it kept.

A ridge regression of the targets on the leave features plus one intercept per bag-size band (the
"average", dropped from the table) gives the next model.  The last round's model is written out.

``--jobs N`` plays a round's games in N processes; their samples are still added in game order, so
the table is the same.  Pure Python (no numpy): samples are pooled per distinct (leave, band) before
the normal equations are built, and a Cholesky factorisation solves them; the games take most of the
time.  Everything is drawn from generators seeded by ``--seed``, so the same arguments give the same
table.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import operator
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engines.base import Context, rng_for  # noqa: E402
from engines.crossword import ENGINE  # noqa: E402
from engines.crossword import board as boardmod  # noqa: E402
from engines.crossword.bot import situation_of  # noqa: E402
from engines.crossword.equity import (  # noqa: E402
    DATA,
    LEAVE_KINDS,
    Evaluator,
    LeaveTable,
    Situation,
    endgame_values,
    leave_features,
)
from engines.crossword.movegen import RACK_SIZE, Play, all_plays  # noqa: E402
from engines.crossword.tiles import TILE_SETS  # noqa: E402
from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_words  # noqa: E402

RIDGE = 10.0  # pulls the weight of a rarely seen feature toward 0 (in samples' worth)
BANDS = (7, 21, 41, 61)  # bag-size bands (tiles in the bag before the move), each with its own average
TOP = 10  # the looks are taken among this many best plays
EXPLORE_AMONG = 3

Key = tuple[str, int]  # (sorted leave, band)


def shipped_table(code: str) -> Path:
    """Where the Expert reads the table of tile set ``code`` (the default ``--out``)."""
    return DATA / f"leaves_{code}.json"


def band(bag_count: int) -> int:
    return sum(1 for edge in BANDS if bag_count >= edge)


def lexicon_for(code: str) -> WordIndex:
    return WordIndex.from_words(source_words(code)[1], code=code, version=1)


def best_equity(situation: Situation, table: LeaveTable, lexicon: WordIndex) -> float:
    """The best static equity of the situation's rack: score + leave + board terms."""
    plays = all_plays(situation.board, list(situation.rack), lexicon, situation.tile_set,
                      bag_count=situation.bag_count, min_bag_for_exchange=situation.min_bag_for_exchange)
    return Evaluator(situation, table).top(plays, 1)[0][0]


def look(situation: Situation, play: Play, table: LeaveTable, lexicon: WordIndex, rng) -> float:
    """One sampled next-turn equity for the tiles ``play`` keeps: refill from the unseen tiles and
    take the best play of the new rack on the board after ``play``."""
    board = situation.board
    if play.kind == "place":
        board = boardmod.place(board, [(t.row, t.col, t.board_char) for t in play.tiles])
    pool = list(situation.unseen)
    if play.kind == "exchange":
        pool += list(play.exchange)  # the tiles given back go into the bag
    drawn = rng.sample(pool, min(RACK_SIZE - len(play.leave), situation.bag_count, len(pool)))
    rest = list(pool)
    for tile in drawn:
        rest.remove(tile)
    after = Situation(board=board, rack=play.leave + "".join(drawn), tile_set=situation.tile_set,
                      bag_count=situation.bag_count - len(drawn), unseen="".join(sorted(rest)),
                      seats=situation.seats, min_bag_for_exchange=situation.min_bag_for_exchange)
    return best_equity(after, table, lexicon)


class Samples:
    """Targets pooled per (sorted leave, band): count and sum."""

    def __init__(self) -> None:
        self.pooled: dict[Key, list[float]] = {}
        self.count = 0

    def add(self, leave: str, bag_count: int, target: float) -> None:
        key = ("".join(sorted(leave)), band(bag_count))
        cell = self.pooled.setdefault(key, [0.0, 0.0])
        cell[0] += 1
        cell[1] += target
        self.count += 1


Sample = tuple[str, int, float]  # (leave kept, bag size before the move, target)


def play_game(code: str, seed: int, round_no: int, number: int, table: LeaveTable, lexicon: WordIndex, *,
              looks: int, explore: float) -> list[Sample]:
    """The samples of one seeded game of a round, in the order the game gives them."""
    ctx = Context(lexicon=lexicon)
    out: list[Sample] = []
    game_seed = rng_for(seed, "leaves", code, round_no, number).randrange(2**31)
    rng = rng_for(game_seed, "fit")
    state = ENGINE.setup(2, {"tile_set": code, "challenge": "void"}, game_seed)
    waiting: dict[int, tuple[str, int]] = {}  # seat -> (leave kept, bag size) of its last turn
    while ENGINE.outcome(state) is None:
        seat = state["to_move"]
        view = ENGINE.view(state, seat)
        if view["phase"] == "ending":
            state = ENGINE.apply(state, seat, {"type": "pass"}, ctx)
            continue
        situation = situation_of(view)
        plays = all_plays(situation.board, list(situation.rack), lexicon, situation.tile_set,
                          bag_count=situation.bag_count, min_bag_for_exchange=situation.min_bag_for_exchange)
        evaluator = Evaluator(situation, table)
        ranked = evaluator.top(plays, TOP)
        if situation.endgame and any(p.kind == "place" for p in plays):
            chosen = endgame_values(situation, plays, lexicon)[0][1]
        elif rng.random() < explore:
            chosen = rng.choice(ranked[:EXPLORE_AMONG])[1]
        else:
            chosen = ranked[0][1]
        if seat in waiting:
            leave, bag_count = waiting.pop(seat)
            out.append((leave, bag_count, evaluator.equity(chosen)))
        if situation.bag_count > 0:
            top = [p for _, p in ranked[:TOP] if p.kind != "pass"]
            for play in rng.sample(top, min(looks, len(top))):
                if play.leave:
                    out.append((play.leave, situation.bag_count, look(situation, play, table, lexicon, rng)))
            if chosen.kind != "pass" and chosen.leave:
                waiting[seat] = (chosen.leave, situation.bag_count)
        state = ENGINE.apply(state, seat, chosen.move(), ctx)
    return out


# What the worker processes of a round share: set before the pool starts, inherited by fork.
_WORKER: dict[str, Any] = {}


def _play_in_worker(number: int) -> list[Sample]:
    return play_game(number=number, **_WORKER)


def play_round(code: str, games: int, seed: int, round_no: int, table: LeaveTable, lexicon: WordIndex, *,
               looks: int, explore: float, log: Callable[[str], None], jobs: int = 1) -> Samples:
    """The samples of a round's games, added in game order whatever ``jobs`` is, so the table does not
    depend on how many processes played it."""
    samples = Samples()
    started = time.perf_counter()
    games_samples: Iterable[list[Sample]]
    if jobs > 1:
        _WORKER.update(code=code, seed=seed, round_no=round_no, table=table, lexicon=lexicon, looks=looks,
                       explore=explore)
        pool = multiprocessing.get_context("fork").Pool(jobs)
        games_samples = pool.imap(_play_in_worker, range(games), chunksize=4)
    else:
        pool = None
        games_samples = (play_game(code, seed, round_no, n, table, lexicon, looks=looks, explore=explore)
                         for n in range(games))
    try:
        for number, game_samples in enumerate(games_samples):
            for leave, bag_count, target in game_samples:
                samples.add(leave, bag_count, target)
            if (number + 1) % 50 == 0 or number + 1 == games:
                log(f"  round {round_no}: {number + 1} games, {samples.count} samples, "
                    f"{time.perf_counter() - started:.0f} s")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
            _WORKER.clear()
    return samples


# -- the regression ------------------------------------------------------------------------------------


def choose_features(samples: Samples, pairs: int, triples: int) -> list[tuple[str, str]]:
    """Every single-tile, copy, balance and special feature seen, and the ``pairs`` / ``triples``
    most frequent pairs and triples (ties by key), in a fixed order."""
    seen: dict[tuple[str, str], float] = {}
    for (leave, _), (n, _) in samples.pooled.items():
        for kind, key, _ in leave_features(leave):
            seen[(kind, key)] = seen.get((kind, key), 0.0) + n
    chosen = sorted(k for k in seen if k[0] not in ("pairs", "triples"))
    for kind, limit in (("pairs", pairs), ("triples", triples)):
        ranked = sorted((k for k in seen if k[0] == kind), key=lambda k: (-seen[k], k[1]))
        chosen += sorted(ranked[:limit])
    return chosen


def cholesky_solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    low = [[0.0] * n for _ in range(n)]
    mul = operator.mul
    for j in range(n):
        lj = low[j]
        d = math.sqrt(max(a[j][j] - sum(x * x for x in lj[:j]), 1e-12))
        lj[j] = d
        head = lj[:j]
        for i in range(j + 1, n):
            li = low[i]
            li[j] = (a[i][j] - sum(map(mul, li[:j], head))) / d
    y = [0.0] * n
    for i in range(n):
        y[i] = (b[i] - sum(map(mul, low[i][:i], y[:i]))) / low[i][i]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (y[i] - sum(low[k][i] * x[k] for k in range(i + 1, n))) / low[i][i]
    return x


def fit(samples: Samples, features: list[tuple[str, str]], ridge: float) -> dict[tuple[str, str], float]:
    """Ridge regression of the targets on the chosen features plus one unpenalised intercept per band."""
    index = {f: i for i, f in enumerate(features)}
    bands = len(BANDS) + 1
    n = len(features) + bands
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for (leave, band_no), (count, total) in samples.pooled.items():
        row = [(len(features) + band_no, 1.0)]
        row += [(index[(kind, key)], amount) for kind, key, amount in leave_features(leave)
                if (kind, key) in index]
        for i, xi in row:
            b[i] += xi * total
            ai = a[i]
            for j, xj in row:
                ai[j] += count * xi * xj
    for i in range(n):
        a[i][i] += ridge if i < len(features) else 1e-6
    beta = cholesky_solve(a, b)
    return dict(zip(features, beta[:len(features)], strict=True))


def to_table(weights: dict[tuple[str, str], float]) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {kind: {} for kind in LEAVE_KINDS}
    for (kind, key), w in weights.items():
        if round(w, 2) or kind == "letters":  # every tile seen keeps its entry, even at 0
            table[kind][key] = round(w, 2)
    return table


def learn(code: str, *, games: int, rounds: int, seed: int, looks: int = 4, explore: float = 0.1,
          pairs: int = 300, triples: int = 100, ridge: float = RIDGE, lexicon: WordIndex | None = None,
          log: Callable[[str], None] = print, jobs: int = 1) -> tuple[dict[str, dict[str, float]], int]:
    """The learned table of tile set ``code`` and the samples of its last round."""
    lexicon = lexicon or lexicon_for(code)
    table: dict[str, dict[str, float]] = {kind: {} for kind in LEAVE_KINDS}
    count = 0
    for round_no in range(rounds):
        samples = play_round(code, games, seed, round_no, LeaveTable.from_json(table), lexicon,
                             looks=looks, explore=explore, log=log, jobs=jobs)
        features = choose_features(samples, pairs, triples)
        table = to_table(fit(samples, features, ridge))
        count = samples.count
        log(f"  round {round_no}: {len(features)} features; " + _sketch(LeaveTable.from_json(table)))
    return table, count


def _sketch(table: LeaveTable) -> str:
    leaves: Iterable[str] = ("?", "S", "E", "Q", "U", "V", "QU", "ERS", "UUV", "AEIO")
    return ", ".join(f"{leave} {table.value(leave):+.1f}" for leave in leaves)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tile-set", default="en", choices=sorted(TILE_SETS))
    parser.add_argument("--games", type=int, default=300, help="games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--looks", type=int, default=4, help="sampled next turns per turn")
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--triples", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing a round's games (the table does not depend on it)")
    parser.add_argument("--out", type=Path, help="default: the shipped data/leaves_<tile set>.json")
    args = parser.parse_args(argv)
    code = args.tile_set
    started = time.perf_counter()
    table, count = learn(code, games=args.games, rounds=args.rounds, seed=args.seed, looks=args.looks,
                         explore=args.explore, pairs=args.pairs, triples=args.triples, jobs=args.jobs)
    command = (f".venv/bin/python bench/leaves_fit.py --tile-set {code} --rounds {args.rounds} "
               f"--games {args.games} --seed {args.seed}")
    for name, default in (("looks", 4), ("explore", 0.1), ("pairs", 300), ("triples", 100)):
        if getattr(args, name) != default:
            command += f" --{name} {getattr(args, name)}"
    result = {"tile_set": code, "fitted_by": "bench/leaves_fit.py", "regenerate": command,
              "seed": args.seed, "rounds": args.rounds, "games_per_round": args.games,
              "samples_last_round": count, **table}
    out = args.out or shipped_table(code)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes) in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
