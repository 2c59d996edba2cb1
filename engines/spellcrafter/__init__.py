"""Spellcrafter: draft letter cards, then craft one word a round (engine package)."""

from .engine import SpellcrafterEngine
from .wordsearch import best_word_search, find_word

ENGINE = SpellcrafterEngine()

__all__ = ["ENGINE", "SpellcrafterEngine", "best_word_search", "find_word"]
