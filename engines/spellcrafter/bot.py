"""The Spellcrafter bot: a pick or a word chosen from what one seat may see (``engine.view``).

It reads its own hand and picks and the public jumper; never another seat's hand, picks or word
(the view hides them).  Drafting: for each card in the hand, the best word the picks plus that card
and the jumper make now (``wordsearch.best_word_search``), plus, while picks remain, what the card
keeps open: a vowel when the picks are short of vowels, a card of the suit the picks lean to (a
flush), a Wild, a Double next to a valuable letter.  Crafting: the best-scoring word the search finds.
Ties are broken by the caller's ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..base import Lexicon
from .deck import CARDS, DOUBLE, LETTER, WILD
from .engine import CRAFT, DRAFT, PICKS_PER_ROUND, craft_entry
from .wordsearch import best_word_search

VOWELS = frozenset("AEIOU")
SEARCH_NODES = 8_000  # per candidate pick: eight candidates stay well under a second


def _future(card_id: str, picks: list[str]) -> float:
    """How much a card keeps open for the words still to be drafted."""
    card = CARDS[card_id]
    if card["kind"] == WILD:
        return 4.0
    if card["kind"] == DOUBLE:
        letters = [CARDS[p]["value"] for p in picks if CARDS[p]["kind"] == LETTER]
        return 1.0 + (max(letters) if letters else 2) * 0.6
    vowels = sum(1 for p in picks if CARDS[p]["kind"] == LETTER and CARDS[p]["letter"] in VOWELS)
    letter_count = sum(1 for p in picks if CARDS[p]["kind"] == LETTER)
    value = 0.4 * card["value"]
    if card["letter"] in VOWELS:
        value += 2.0 if vowels * 2 < letter_count + 1 else 0.3
    elif card["letter"] in "QZJX" and not any(CARDS[p]["kind"] == WILD for p in picks):
        value -= 1.5  # hard to place without help
    same_suit = sum(1 for p in picks if CARDS[p]["suit"] == card["suit"])
    return value + 0.8 * same_suit


def choose(view: Mapping[str, Any], lexicon: Lexicon, level: str, rng: random.Random, *,
           common_word: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """The move the bot makes from its own ``view`` (a seat that has yet to choose)."""
    if view["seat"] is None or view["seat"] not in view["to_act"]:
        raise ValueError("the bot's seat has nothing to choose now")
    picks = [c["id"] for c in view["picks"]]
    jumper = view["jumper"]["id"] if view["jumper"] else None
    if view["phase"] == CRAFT:
        entries, _ = best_word_search(picks, jumper, lexicon)
        return {"type": "craft", "cards": [craft_entry(e) for e in entries]}
    if view["phase"] != DRAFT:
        raise ValueError(f"nothing to choose in phase {view['phase']!r}")
    weight = (PICKS_PER_ROUND - len(picks) - 1) / PICKS_PER_ROUND
    options: list[tuple[float, str]] = []
    tried: dict[tuple, float] = {}
    for card in view["hand"]:
        signature = (card["kind"], card["letter"], card["suit"])
        if signature not in tried:  # equal cards (same letter and suit) are the same pick
            _, now = best_word_search(picks + [card["id"]], jumper, lexicon, max_nodes=SEARCH_NODES)
            tried[signature] = now + weight * _future(card["id"], picks)
        options.append((tried[signature], card["id"]))
    best = max(value for value, _ in options)
    return {"type": "pick", "card": rng.choice([c for value, c in options if value >= best - 1e-9])}
