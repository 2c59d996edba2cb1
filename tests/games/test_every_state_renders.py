"""No view of any game is ever a server error: every registered game kind × every state a game can be in
× every kind of viewer, through the real views (the page, the API, the GCG links and the game socket's
snapshot).  The kinds come from the registry, so a new kind joins this matrix by registering."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from engines import registry
from games import services
from games.models import Game, GameStatus
from lexicons.term_decks import starter_deck_load
from tests.engines.turnspell.helpers import WORDS
from tests.games.helpers import every_seat_moves, stand_in_lexicons
from tests.sockets import socket_snapshot

pytestmark = pytest.mark.django_db(transaction=True)


def _challenge(kind, alice, bob):
    return services.challenge_create(creator=alice, kind=kind, opponents=[bob], seed=3)


def _declined(kind, alice, bob):
    game = _challenge(kind, alice, bob)
    services.challenge_decline(game_id=game.pk, user=bob)
    return game


def _withdrawn(kind, alice, bob):
    game = _challenge(kind, alice, bob)
    services.challenge_withdraw(game_id=game.pk, user=alice)
    return game


def _seek(kind, alice, bob):
    return services.game_create(creator=alice, kind=kind, seats=2, seed=3)


def _started(kind, alice, bob):
    return services.game_create(creator=alice, kind=kind, opponents=[bob], seed=3)


def _aborted(kind, alice, bob):
    game = _started(kind, alice, bob)
    services.game_abort(game_id=game.pk, reason="test")
    return game


def _under_way(kind, alice, bob):
    return every_seat_moves(_started(kind, alice, bob), seed=3)


def _finished(kind, alice, bob):
    game = _under_way(kind, alice, bob)
    services.game_resign(game_id=game.pk, user=alice)
    return game


def _annulled(kind, alice, bob):
    game = _under_way(kind, alice, bob)
    services.game_annul(game_id=game.pk, reason="test")
    return game


# state -> (how a game gets there, the status it then has)
STATES: dict[str, tuple[Callable, str]] = {
    "challenge": (_challenge, GameStatus.CHALLENGE),
    "declined challenge": (_declined, GameStatus.ABORTED),
    "withdrawn challenge": (_withdrawn, GameStatus.ABORTED),
    "open seek": (_seek, GameStatus.OPEN),
    "aborted": (_aborted, GameStatus.ABORTED),
    "just started": (_started, GameStatus.ACTIVE),
    "under way": (_under_way, GameStatus.ACTIVE),
    "finished": (_finished, GameStatus.FINISHED),
    "annulled": (_annulled, GameStatus.ANNULLED),
}


def _urls(game: Game) -> list[str]:
    return [f"/games/{game.pk}/", f"/games/{game.pk}/gcg/", f"/api/games/{game.pk}/",
            f"/api/games/{game.pk}/moves/", f"/api/games/{game.pk}/gcg/"]


@pytest.fixture
def lexicons_and_decks(monkeypatch):
    stand_in_lexicons(monkeypatch, {"en": WORDS, "nl": WORDS})
    starter_deck_load(language="en")


@pytest.mark.parametrize("kind", registry.kinds())
def test_every_view_of_every_state_answers_without_a_server_error(kind, lexicons_and_decks, alice, bob, carol):
    games = {}
    for state, (make, status) in STATES.items():
        games[state] = make(kind, alice, bob)
        games[state].refresh_from_db()
        assert games[state].status == status, f"{kind} {state}: the setup gave {games[state].status}"

    viewers = {"alice (seat 0)": alice, "bob (seat 1 or invited)": bob, "carol (spectator)": carol,
               "anonymous": None}
    failures = []
    for state, game in games.items():
        for who, user in viewers.items():
            client = Client(raise_request_exception=False)
            if user is not None:
                client.force_login(user)
            for url in _urls(game):
                for language in ("en", "nl"):
                    status = client.get(url, HTTP_ACCEPT_LANGUAGE=language).status_code
                    # The game page is open to everyone; the others may refuse (a GCG of another kind,
                    # the API without an account), but never fail.
                    if status >= 500 or (url == f"/games/{game.pk}/" and status != 200):
                        failures.append(f"{kind} · {state} · {who} · {language} · GET {url}: {status}")
            try:
                message = async_to_sync(socket_snapshot)(game.pk, user or AnonymousUser())
                assert message["game"]["id"] == game.pk and message["html"]
            except (AssertionError, TimeoutError) as failure:
                failures.append(f"{kind} · {state} · {who} · socket snapshot: {failure!r}")
    assert not failures, "\n".join(failures)
