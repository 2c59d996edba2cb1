"""Finding a good word in a set of picked cards (random play, self-play, a future hint).

Depth-first search over orderings of the letter cards and the jumper, pruned with
``lexicon.has_prefix``; Wild cards try every letter (cheap, because the prefix check prunes almost all
of them).  Double cards go on the most valuable letters afterwards.  The search is deterministic and
bounded by a node budget, so it is safe to call inside a move.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

from .deck import CARDS, DOUBLE, LETTER, WILD
from .scoring import score_word

DEFAULT_MAX_NODES = 20_000


def _with_doubles(entries: list[dict[str, Any]], doubles: Sequence[str]) -> list[dict[str, Any]]:
    # The multiplier applies to the whole word, so each Double is best on the highest-valued letter left.
    order = sorted(range(len(entries)), key=lambda i: (-CARDS[entries[i]["card"]]["value"], i))
    result = [dict(e) for e in entries]
    for double_id, index in zip(doubles, order, strict=False):
        if CARDS[result[index]["card"]]["value"] > 0:
            result[index]["double"] = double_id
    return result


def best_word_search(
    cards: Sequence[str], jumper: str | None, lexicon: Any, max_nodes: int = DEFAULT_MAX_NODES
) -> tuple[list[dict[str, Any]], int]:
    """The best-scoring word (as craft entries) found from ``cards`` plus the jumper, and its score;
    ``([], 0)`` when none is found.  Ties keep the first word found, so the answer is reproducible."""
    if lexicon is None:
        return [], 0
    pool = [c for c in cards if CARDS[c]["kind"] in (LETTER, WILD)]
    if jumper is not None and jumper not in pool:
        pool.append(jumper)
    doubles = [c for c in cards if CARDS[c]["kind"] == DOUBLE]
    best: tuple[int, int] = (0, 0)
    best_entries: list[dict[str, Any]] = []
    budget = [max_nodes]
    used = [False] * len(pool)
    path: list[dict[str, Any]] = []

    def consider() -> None:
        nonlocal best, best_entries
        entries = _with_doubles(path, doubles)
        key = (score_word(entries)["score"], len(entries))
        if key > best or not best_entries:
            best, best_entries = key, entries

    def extend(prefix: str) -> None:
        tried: set[tuple[Any, ...]] = set()
        for i, card_id in enumerate(pool):
            if used[i] or budget[0] <= 0:
                continue
            card = CARDS[card_id]
            # Two cards with the same letter and suit lead to the same words: try one of them.
            signature = (card["kind"], card["letter"], card["suit"])
            if signature in tried:
                continue
            tried.add(signature)
            letters = string.ascii_uppercase if card["kind"] == WILD else card["letter"]
            for letter in letters:
                budget[0] -= 1
                word = prefix + letter
                if not lexicon.has_prefix(word):
                    continue
                used[i] = True
                path.append({"card": card_id, "letter": letter, "double": None})
                if len(word) >= 3 and lexicon.contains(word):
                    consider()
                extend(word)
                path.pop()
                used[i] = False

    extend("")
    return best_entries, best[0]


def find_word(cards: Sequence[str], jumper: str | None, lexicon: Any,
              max_nodes: int = DEFAULT_MAX_NODES) -> list[dict[str, Any]]:
    """Craft entries for a real word from the picked cards and the jumper, or [] when there is none."""
    return best_word_search(cards, jumper, lexicon, max_nodes)[0]
