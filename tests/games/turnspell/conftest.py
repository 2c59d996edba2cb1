"""Fixtures for Turnspell through the framework: games created by the real services, and the
game's lexicon.

The English lexicon exists as a row (``game_create`` checks the code) while the words come from
the engine tests' small list: ``lexicons.store.lexicon_for_code`` is replaced for these tests,
because importing the full English list takes minutes.  ``manage.py selfplay turnspell`` plays
with the real one.
"""

import pytest

from games import services
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (the browser tests' fixtures)
from tests.engines.turnspell.helpers import WORDS
from tests.games.helpers import stand_in_lexicons


@pytest.fixture(autouse=True)
def turnspell_lexicon(db, monkeypatch):
    """The lexicon every Turnspell game in these tests checks its words in."""
    return stand_in_lexicons(monkeypatch, {"en": WORDS})["en"]


@pytest.fixture
def dave(make_user):
    return make_user(username="dave")


@pytest.fixture
def start(alice, bob, carol, dave):
    """start(n): a Turnspell game for n of alice, bob, carol, dave (seats in that order)."""

    def start(seats=3, *, seed=11, now=None, days_per_move=None):
        players = [alice, bob, carol, dave][:seats]
        return services.game_create(
            creator=players[0], kind="turnspell", opponents=players[1:], seed=seed, now=now,
            days_per_move=days_per_move,
        )

    return start
