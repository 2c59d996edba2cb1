"""Fixtures for the dictionaries' tests: Spell's starter deck in the test database."""

import pytest

from lexicons.term_decks import starter_deck_load


@pytest.fixture
def deck(db):
    """The starter English deck, as ``load_starter_data`` loads it."""
    return starter_deck_load(language="en")
