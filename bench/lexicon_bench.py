"""Benchmark of the word index: WordIndex (marisa-trie) against a plain Python ``set`` of the same words.

For each lexicon (English always; Dutch when ``/usr/share/dict/dutch`` is installed) this script, in one
run and on the same words and queries,

1. reads and filters the source list exactly as an import does (``lexicons.sources``);
2. measures build time of both structures;
3. measures the memory each holds: the set with ``tracemalloc`` (its table plus its own strings), the
   index as its serialised size and as the RSS growth of loading it (marisa allocates outside Python's
   allocator, where ``tracemalloc`` cannot see);
4. measures lookups/s for "is this a word" (half words, half near misses) two ways: through the
   ``Lexicon`` protocol (both lowercase the query, as engines call it) and raw membership; and prefix
   queries against a set of every prefix (what ``SetLexicon`` keeps);
5. prints everything side by side with ratios, and whether the aim is met: at most a tenth
   of the set's memory at no less than half its lookup speed (protocol lookups).

Each timing is the best of ``--repeat`` runs, because the machine may be shared.  Run with
``.venv/bin/python bench/lexicon_bench.py [--help]``; never run by the test suite.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lexicons.index import WordIndex  # noqa: E402
from lexicons.sources import source_available, source_words  # noqa: E402

MIB = 1024 * 1024
MEMORY_AIM = 0.10
SPEED_AIM = 0.5


def rss_bytes() -> int:
    """Resident set size now (Linux /proc); 0 where unavailable."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def best_rates(fns: dict[str, Callable[[], object]], n: int, repeat: int) -> dict[str, float]:
    """Operations per second of each ``fn`` (each performs ``n`` operations), best of ``repeat``.

    The functions take turns within every round, so a burst of load from other processes hits
    both sides of a comparison rather than one.
    """
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return {name: n / seconds for name, seconds in best.items()}


def index_rss_in_child(data: bytes) -> int:
    """RSS growth of loading the serialised index in a fresh interpreter.

    In this process the allocator reuses memory freed earlier, which hides the growth.
    """
    with tempfile.NamedTemporaryFile(suffix=".marisa") as fh:
        fh.write(data)
        fh.flush()
        code = (
            "import sys; sys.path.insert(0, sys.argv[2]); import lexicon_bench as b; "
            "from lexicons.index import WordIndex; "
            "data = open(sys.argv[1], 'rb').read(); before = b.rss_bytes(); "
            "index = WordIndex.from_bytes(data); print(b.rss_bytes() - before)"
        )
        out = subprocess.run(
            [sys.executable, "-c", code, fh.name, str(Path(__file__).resolve().parent)],
            capture_output=True,
            text=True,
            check=True,
        )
    return int(out.stdout.strip())


def timed(fn: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def make_queries(words: Sequence[str], count: int, seed: int) -> tuple[list[str], list[str]]:
    """Word queries (half present, half near misses) and prefix queries, shuffled."""
    rng = random.Random(seed)
    half = count // 2
    hits = [rng.choice(words) for _ in range(half)]
    misses = [w[:-1] + rng.choice("qxjz") + w[-1] for w in (rng.choice(words) for _ in range(half))]
    queries = hits + misses
    rng.shuffle(queries)
    prefixes = [w[: rng.randint(1, len(w))] for w in queries]
    return queries, prefixes


def bench_language(code: str, *, queries_n: int, repeat: int, seed: int) -> dict:
    metadata, words = source_words(code)
    blob = "\n".join(words)  # each structure below builds its own strings from this, as a load would
    queries, prefixes = make_queries(words, queries_n, seed)

    gc.collect()
    index, index_build = timed(lambda: WordIndex.from_words(blob.split("\n"), code=code, version=1))
    data = index.to_bytes()
    index_rss = index_rss_in_child(data)

    gc.collect()
    tracemalloc.start()
    word_set, set_build = timed(lambda: set(blob.split("\n")))
    set_bytes = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()

    gc.collect()
    tracemalloc.start()
    prefix_set = {w[:i] for w in blob.split("\n") for i in range(len(w) + 1)}
    prefix_set_bytes = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()

    assert len(index) == len(word_set) == len(words)

    def set_contains(word: str) -> bool:
        return word.lower() in word_set

    def set_has_prefix(prefix: str) -> bool:
        return prefix.lower() in prefix_set

    n = len(queries)
    rates = best_rates(
        {
            "set_contains": lambda: sum(map(set_contains, queries)),
            "index_contains": lambda: sum(map(index.contains, queries)),
            "set_in_raw": lambda: sum(map(word_set.__contains__, queries)),
            # the trie itself, without the protocol's lowercasing: what marisa alone costs
            "index_in_raw": lambda: sum(map(index._trie.__contains__, queries)),
            "prefix_set_has_prefix": lambda: sum(map(set_has_prefix, prefixes)),
            "index_has_prefix": lambda: sum(map(index.has_prefix, prefixes)),
        },
        n,
        repeat,
    )
    # both must agree on every query, or the speed comparison means nothing
    assert [index.contains(q) for q in queries] == [set_contains(q) for q in queries]

    return {
        "code": code,
        "source_version": metadata["source_version"],
        "words": len(words),
        "queries": n,
        "build_s": {"set": set_build, "index": index_build},
        "memory_bytes": {
            "set_tracemalloc": set_bytes,
            "index_serialised": len(data),
            "index_rss_delta": index_rss,
            "prefix_set_tracemalloc": prefix_set_bytes,
        },
        "lookups_per_s": rates,
    }


def report(result: dict) -> list[str]:
    mem, rates, build = result["memory_bytes"], result["lookups_per_s"], result["build_s"]
    index_mem = max(mem["index_serialised"], mem["index_rss_delta"])
    memory_ratio = index_mem / mem["set_tracemalloc"]
    speed_ratio = rates["index_contains"] / rates["set_contains"]
    lines = [
        f"== {result['code']}: {result['words']:,} words ({result['source_version']}), "
        f"{result['queries']:,} queries ==",
        f"{'':34}{'set':>12}{'WordIndex':>12}{'ratio':>9}",
        f"{'build (s)':34}{build['set']:12.3f}{build['index']:12.3f}{build['index'] / build['set']:9.2f}",
        f"{'memory (MiB)':34}{mem['set_tracemalloc'] / MIB:12.2f}{index_mem / MIB:12.2f}{memory_ratio:9.3f}",
        f"{'  index serialised / RSS delta':34}{'':12}"
        f"{mem['index_serialised'] / MIB:6.2f}/{mem['index_rss_delta'] / MIB:5.2f}",
    ]
    for label, base, ours in (
        ("contains, protocol (M lookups/s)", "set_contains", "index_contains"),
        ("membership, raw (M lookups/s)", "set_in_raw", "index_in_raw"),
        ("has_prefix (M lookups/s)", "prefix_set_has_prefix", "index_has_prefix"),
    ):
        ratio = rates[ours] / rates[base]
        lines.append(f"{label:34}{rates[base] / 1e6:12.2f}{rates[ours] / 1e6:12.2f}{ratio:9.2f}")
    lines.append(
        f"{'  prefix set memory (MiB)':34}{mem['prefix_set_tracemalloc'] / MIB:12.2f}"
        f"{index_mem / MIB:12.2f}{index_mem / mem['prefix_set_tracemalloc']:9.3f}"
    )
    memory_ok = memory_ratio <= MEMORY_AIM
    speed_ok = speed_ratio >= SPEED_AIM
    lines.append(
        f"aim: memory <= {MEMORY_AIM:.0%} of the set: {'met' if memory_ok else 'MISSED'} "
        f"({memory_ratio:.1%}); speed >= {SPEED_AIM:.0%} of the set: "
        f"{'met' if speed_ok else 'MISSED'} ({speed_ratio:.0%})"
    )
    result["ratios"] = {"memory": memory_ratio, "contains_speed": speed_ratio}
    result["aim_met"] = memory_ok and speed_ok
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--languages", nargs="+", default=["en", "nl"], help="lexicon codes (default: en nl)")
    parser.add_argument("--queries", type=int, default=100_000, help="lookups per timing (default 100000)")
    parser.add_argument("--repeat", type=int, default=7, help="timings per measure, best kept (default 7)")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    args = parser.parse_args(argv)

    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    results = []
    for code in args.languages:
        if not source_available(code):
            print(f"== {code}: source list not installed here, skipped ==")
            continue
        result = bench_language(code, queries_n=args.queries, repeat=args.repeat, seed=args.seed)
        print("\n".join(report(result)))
        results.append(result)
    if args.json:
        args.json.write_text(json.dumps({"results": results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
