"""Fixtures for Spellcrafter through the framework: games created by the real services, and the
game's lexicon.

``lexicon_for_code`` (the Django side of the lexicon index) is answered with the small word list of the
engine tests, so these tests need no imported word list.  To test against the real English lexicon
instead (imported into the test database), set ``USE_REAL_LEXICON`` to True.
"""

import pytest

from games import services
from tests.engines.spellcrafter.helpers import WORDS
from tests.games.helpers import stand_in_lexicons

USE_REAL_LEXICON = False


@pytest.fixture(autouse=True)
def spellcrafter_lexicon(request, monkeypatch):
    """The lexicon every Spellcrafter game in these tests checks its words in (and its row, which
    creating a game checks)."""
    marker = request.node.get_closest_marker("django_db")
    transactional = "transactional_db" in request.fixturenames or bool(marker and marker.kwargs.get("transaction"))
    request.getfixturevalue("transactional_db" if transactional else "db")
    from lexicons import store as lexicon_store

    if USE_REAL_LEXICON:
        return lexicon_store.lexicon_for_code("en")
    return stand_in_lexicons(monkeypatch, {"en": WORDS})["en"]


@pytest.fixture
def dave(make_user):
    return make_user(username="dave")


@pytest.fixture
def players(alice, bob, carol, dave):
    return [alice, bob, carol, dave]


@pytest.fixture
def start(players):
    """start(n): a Spellcrafter game for the first n of alice, bob, carol, dave (seats in that order)."""

    def start(seats=3, *, seed=11, now=None, days_per_move=None, options=None):
        return services.game_create(
            creator=players[0], kind="spellcrafter", opponents=players[1:seats], seed=seed, now=now,
            days_per_move=days_per_move, options=options,
        )

    return start


@pytest.fixture
def submit():
    """submit(game, user, move): through the move service, with the game's current version (or
    ``version``); ``game`` is refreshed afterwards."""

    def submit(game, user, move, *, version=None, key=None, now=None):
        game.refresh_from_db()
        answer = services.game_submit_move(
            game_id=game.pk, user=user, move=move, version=game.version if version is None else version,
            idempotency_key=key or f"{user.username}-{game.version}", now=now,
        )
        game.refresh_from_db()
        return answer

    return submit


@pytest.fixture
def draft_round(submit, players):
    """draft_round(game): every seat keeps the first card of each hand it holds until crafting starts."""

    def draft_round(game):
        game.refresh_from_db()
        while game.state["phase"] == "draft":
            round_no = game.state["round"]
            for seat in range(game.state["seats"]):
                hand = game.state["players"][seat]["hand"]
                submit(game, players[seat], {"type": "pick", "card": hand[0]})
                game.refresh_from_db()
            assert game.state["round"] == round_no
        return game

    return draft_round
