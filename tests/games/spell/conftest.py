"""Spell on the site: the starter deck in the test database, and a helper to play through the services."""

import pytest

from lexicons.term_decks import starter_deck_load


@pytest.fixture
def deck(db):
    """The starter English deck, as ``load_starter_data`` loads it."""
    return starter_deck_load(language="en")
