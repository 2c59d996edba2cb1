"""Builds the engine ``Context`` for a game: its lexicon (from the in-process index) and extras."""

from engines.base import Context
from games.models import Game
from lexicons import store as lexicon_store


def context_for(game: Game) -> Context:
    code = (game.options or {}).get("lexicon")
    if not code:
        return Context()
    return Context(lexicon=lexicon_store.lexicon_for_code(code))
