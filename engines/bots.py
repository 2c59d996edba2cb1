"""Bot players: one entry point that picks a legal move for a seat, for every game kind with bots.

``choose_move(kind, state, seat, ctx, level, rng)`` returns a move payload the kind's engine
``apply`` accepts for ``seat``.  The bot decides from ``engine.view(state, seat)`` alone, the view the
seat's own player gets, so it can never use another seat's rack, hand, pending choice or the bag
order; that is also what makes it fit to play a resigned or forfeited seat in a game of three or
more (Turnspell, Spellcrafter).  Levels per kind are in ``LEVELS``; Spell has no bot (its clues need
word association we do not have).

Pure: no Django, no clock; randomness (tie-breaks, the beginner's pick) comes from ``rng``.  The
Django layer builds ``common_word`` (Crossword beginner) from the ``wordfreq`` package.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import registry
from .base import Context, State
from .crossword import bot as crossword_bot
from .spellcrafter import bot as spellcrafter_bot
from .turnspell import bot as turnspell_bot

LEVELS: dict[str, tuple[str, ...]] = {
    "crossword": crossword_bot.LEVELS,
    "turnspell": turnspell_bot.LEVELS,
    "spellcrafter": spellcrafter_bot.LEVELS,
}


class NoBot(ValueError):
    """There is no bot for this kind or level, or the seat has nothing to decide."""


def choose_move(kind: str, state: State, seat: int, ctx: Context, level: str, rng: random.Random, *,
                common_word: Callable[[str], bool] | None = None) -> dict[str, Any]:
    """The move the ``level`` bot plays for ``seat`` now (the seat must be among ``to_act``).

    ``ctx.lexicon`` is the game's lexicon; ``common_word(word) -> bool`` (uppercase words) is
    required for the Crossword beginner.  Raises ``NoBot`` for an unknown kind or level, a seat that is
    not to act, or a missing lexicon."""
    if kind not in LEVELS:
        raise NoBot(f"there is no bot for {kind!r}; bots play {', '.join(sorted(LEVELS))}")
    if level not in LEVELS[kind]:
        raise NoBot(f"no {level!r} bot for {kind}; levels: {', '.join(LEVELS[kind])}")
    engine = registry.get(kind)
    if seat not in engine.to_act(state):
        raise NoBot(f"seat {seat} has nothing to decide now")
    lexicon = ctx.lexicon if ctx is not None else None
    if lexicon is None:
        raise NoBot("a bot needs the game's lexicon in the context")
    view = engine.view(state, seat)
    try:
        if kind == "crossword":
            return crossword_bot.choose(view, lexicon, level, rng, common_word=common_word)
        if kind == "turnspell":
            return turnspell_bot.choose(view, lexicon, level, rng)
        return spellcrafter_bot.choose(view, lexicon, level, rng)
    except ValueError as exc:
        if isinstance(exc, NoBot):
            raise
        raise NoBot(str(exc)) from exc
