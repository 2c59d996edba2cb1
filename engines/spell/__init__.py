"""Spell, the cooperative letter-by-letter guessing game: ``ENGINE`` is its rules engine."""

from .engine import SpellEngine

ENGINE = SpellEngine()

__all__ = ["ENGINE", "SpellEngine"]
