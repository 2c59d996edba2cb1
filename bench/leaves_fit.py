"""Fit the Crossword leave values (``games/engines/crossword/data/leaves_en.json``) by self-play.

Regenerate with::

    .venv/bin/python bench/leaves_fit.py --games 1200 --seed 1

Method: seeded games on the English lexicon (ENABLE + our additions, read straight from
``lexicons.sources``) between players that ignore the leave: on each turn, half the time the
highest-scoring placement (the Club bot), half the time a random one of the ten highest-scoring, so
the tiles kept vary more than pure greedy play would let them.  Every placement made while the bag
still holds tiles gives one sample: the tiles kept and the points the same player scores on their
next turn.  A ridge regression of those points on the leave's features -- the count of each letter,
the copies of each letter beyond the first, and whether each of a few common pairs is kept (plus the
bag size as a nuisance term) -- gives, per feature, the points it adds to the next turn compared with
drawing fresh tiles: that is the leave value.  The intercept (an empty leave) is dropped.

Pure Python (no numpy): a few thousand samples and ~80 features solve in well under a second; the
games take most of the time (about 2 s each on one core).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from games.engines.base import Context, rng_for  # noqa: E402
from games.engines.crossword import ENGINE  # noqa: E402
from games.engines.crossword.bot import choose  # noqa: E402
from games.engines.crossword.movegen import placements  # noqa: E402
from games.engines.crossword.tiles import TILE_SETS  # noqa: E402
from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_words  # noqa: E402

OUT = REPO / "games" / "engines" / "crossword" / "data" / "leaves_en.json"
TILES = "?ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PAIRS = ("QU", "CH", "CK", "GH", "HP", "HS", "HT", "HW", "ER", "ES", "IN", "IS", "NS", "RS", "RT", "ST",
         "AE", "AI", "AU", "EI", "IO", "IU", "OU", "?S", "?E")
RIDGE = 15.0  # shrinks coefficients of rarely seen features toward 0


def features(leave: str, bag_after: int) -> list[float]:
    counts = {t: leave.count(t) for t in TILES}
    row = [1.0, bag_after / 100.0]
    row += [float(counts[t]) for t in TILES]
    row += [float(max(0, counts[t] - 1)) for t in TILES]
    row += [1.0 if counts[p[0]] and counts[p[1]] else 0.0 for p in PAIRS]
    return row


def _choose(state, seat, lexicon, rng):
    view = ENGINE.view(state, seat)
    if rng.random() < 0.5:
        return choose(view, lexicon, "club", rng)
    plays = placements(state["board"], view["rack"], lexicon, TILE_SETS[view["tile_set"]])
    if not plays:
        return choose(view, lexicon, "club", rng)
    plays.sort(key=lambda p: -p.score)
    return rng.choice(plays[:10]).move()


def play_games(games: int, seed: int, lexicon: WordIndex, log=print) -> list[tuple[list[float], float]]:
    ctx = Context(lexicon=lexicon)
    samples = []
    started = time.perf_counter()
    for number in range(games):
        game_seed = rng_for(seed, "leaves", number).randrange(2**31)
        rng = rng_for(game_seed, "bots")
        state = ENGINE.setup(2, {"challenge": "void"}, game_seed)
        waiting: dict[int, tuple[str, int]] = {}  # seat -> (leave, bag after) of its last placement
        while ENGINE.outcome(state) is None:
            seat = state["to_move"]
            move = _choose(state, seat, lexicon, rng)
            state = ENGINE.apply(state, seat, move, ctx)
            entry = next(e for e in reversed(state["log"]) if e.get("seat") == seat)
            gained = entry.get("score", 0) if entry.get("type") == "place" else 0
            if seat in waiting:
                leave, bag_after = waiting.pop(seat)
                samples.append((features(leave, bag_after), float(gained)))
            if entry.get("type") == "place" and state["bag"] and state["phase"] == "play":
                used = [("?" if t["blank"] else t["letter"]) for t in entry["tiles"]]
                rack = state["racks"][seat]["tiles"]
                # The bag still holds tiles, so a full draw was appended to the rack: strip it.
                waiting[seat] = ("".join(sorted(rack[: len(rack) - len(used)])), len(state["bag"]))
        if (number + 1) % 25 == 0:
            log(f"{number + 1} games, {len(samples)} samples, {time.perf_counter() - started:.0f} s")
    return samples


def solve(samples: list[tuple[list[float], float]], ridge: float) -> list[float]:
    """Least squares with a ridge on every coefficient but the intercept (normal equations)."""
    n = len(samples[0][0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in samples:
        for i, xi in enumerate(x):
            if xi == 0.0:
                continue
            b[i] += xi * y
            row = a[i]
            for j, xj in enumerate(x):
                if xj != 0.0:
                    row[j] += xi * xj
    for i in range(1, n):
        a[i][i] += ridge
    # Gaussian elimination with partial pivoting.
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                for j in range(col, n):
                    a[r][j] -= factor * a[col][j]
                b[r] -= factor * b[col]
    beta = [0.0] * n
    for i in range(n - 1, -1, -1):
        if abs(a[i][i]) < 1e-12:
            continue
        beta[i] = (b[i] - sum(a[i][j] * beta[j] for j in range(i + 1, n))) / a[i][i]
    return beta


def table(beta: list[float]) -> dict:
    k = 2
    letters = dict(zip(TILES, beta[k:k + len(TILES)], strict=True))
    k += len(TILES)
    duplicates = dict(zip(TILES, beta[k:k + len(TILES)], strict=True))
    k += len(TILES)
    pairs = dict(zip(PAIRS, beta[k:k + len(PAIRS)], strict=True))
    return {
        "letters": {t: round(v, 2) for t, v in letters.items()},
        "duplicates": {t: round(v, 2) for t, v in duplicates.items() if round(v, 2)},
        "pairs": {p: round(v, 2) for p, v in pairs.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    _, words = source_words("en")
    lexicon = WordIndex.from_words(words, code="en", version=0)
    samples = play_games(args.games, args.seed, lexicon)
    beta = solve(samples, RIDGE)
    result = {
        "tile_set": "en",
        "fitted_by": "bench/leaves_fit.py",
        "regenerate": f".venv/bin/python bench/leaves_fit.py --games {args.games} --seed {args.seed}",
        "games": args.games,
        "seed": args.seed,
        "samples": len(samples),
        "next_turn_points_with_empty_leave": round(beta[0], 2),
        **table(beta),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out} from {len(samples)} samples")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
