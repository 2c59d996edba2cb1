"""Builds the engine ``Context`` for a game: its lexicon (from the in-process index) and extras."""

from engines.base import Context
from lexicons import store as lexicon_store

from .models import Game


def context_for(game: Game) -> Context:
    code = (game.options or {}).get("lexicon")
    if not code:
        return Context()
    return Context(lexicon=lexicon_store.lexicon_for_code(code))
