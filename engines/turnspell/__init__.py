"""Turnspell: the spinning-board word game with simultaneous turns.  ``ENGINE`` is its rules."""

from .engine import TurnspellEngine

ENGINE = TurnspellEngine()

__all__ = ["ENGINE", "TurnspellEngine"]
