"""Bot players: one entry point that picks a legal move for a seat, for every game kind with bots.

A kind declares its bots itself (``Engine.bot_levels``, ``Engine.bot_choose``).  ``choose_move(kind,
state, seat, ctx, level, rng)`` returns a move payload the kind's engine ``apply`` accepts for
``seat``.  The bot decides from ``engine.view(state, seat)`` alone, the view the seat's own player
gets, so it can never use another seat's rack, hand, pending choice or the bag order; that is also
what makes it fit to play a resigned or forfeited seat in a game of three or more.

Pure: no Django, no clock; randomness (tie-breaks, the beginner's pick) comes from ``rng``.  The
Django layer passes ``common_word`` (which words are common, from the ``wordfreq`` package).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import registry
from .base import Context, State


class NoBot(ValueError):
    """There is no bot for this kind or level, or the seat has nothing to decide."""


def levels(kind: str) -> tuple[str, ...]:
    """The levels of ``kind``'s bots, weakest first (empty: no bot plays it)."""
    return registry.get(kind).bot_levels


def kinds_with_bots() -> list[str]:
    return [kind for kind in registry.kinds() if levels(kind)]


def choose_move(kind: str, state: State, seat: int, ctx: Context, level: str, rng: random.Random, *,
                common_word: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """The move the ``level`` bot plays for ``seat`` now (the seat must be among ``to_act``).

    ``ctx.lexicon`` is the game's lexicon; ``common_word(word) -> bool`` (uppercase words) is
    required by bots that keep to common words (the Crossword beginner).  Raises ``NoBot`` for a kind
    without bots, an unknown level, a seat that is not to act, or a missing lexicon."""
    engine = registry.get(kind)
    if not engine.bot_levels:
        raise NoBot(f"there is no bot for {kind!r}; bots play {', '.join(kinds_with_bots())}")
    if level not in engine.bot_levels:
        raise NoBot(f"no {level!r} bot for {kind}; levels: {', '.join(engine.bot_levels)}")
    if seat not in engine.to_act(state):
        raise NoBot(f"seat {seat} has nothing to decide now")
    lexicon = ctx.lexicon if ctx is not None else None
    if lexicon is None:
        raise NoBot("a bot needs the game's lexicon in the context")
    try:
        return engine.bot_choose(engine.view(state, seat), lexicon, level, rng, common_word=common_word)
    except ValueError as exc:
        if isinstance(exc, NoBot):
            raise
        raise NoBot(str(exc)) from exc
