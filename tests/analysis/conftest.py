"""Fixtures for the analysis tests: the Crossword lexicons and games of ``tests/games/crossword``."""

from tests.games.crossword.conftest import crossword_game, lexicons  # noqa: F401  (fixtures)
