"""Helpers for the Spellcrafter framework tests."""

from engines.spellcrafter.engine import craft_entry
from engines.spellcrafter.wordsearch import find_word


def best_word(game, seat, lexicon):
    """A real word from the seat's picks and the jumper, as a craft move (empty when there is none)."""
    state = game.state
    entries = find_word(state["players"][seat]["picks"], state["jumper"], lexicon)
    return {"type": "craft", "cards": [craft_entry(e) for e in entries]}
