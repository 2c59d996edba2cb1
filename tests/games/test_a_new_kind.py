"""A new game is its folder and one registration: the test suite's toy kind (``tests/games/toy_kind.py``,
an engine, a name and a summary) is registered once (``tests/conftest.py``: ``games.registry.register``,
what ``settings.GAME_KINDS`` does for the built-in games), and with nothing else it has a new-game form
section, a game page, a rules entry and page, the home page, the API, the lobby and the game socket."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from games import registry
from games.models import Game, GameStatus
from tests.sockets import socket_snapshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_toy_is_registered_once_and_offered_like_any_game():
    assert "toy" in [spec.kind for spec in registry.specs()]
    assert registry.get("toy").name == "Toy"


def test_the_new_game_form_offers_it_and_makes_a_game_the_opponent_plays(client, alice, bob, api_for):
    client.force_login(alice)
    page = client.get("/games/new/").content.decode()
    assert 'id="options-toy"' in page and 'name="toy_seats"' in page and ">Toy<" in page
    answer = client.post("/games/new/", {"kind": "toy", "toy_seats": 2, "play_with": "named", "opponent": ["bob"],
                                         "days_per_move": 3, "rated": "rated"})
    game = Game.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/"
    assert (game.kind, game.status) == ("toy", GameStatus.CHALLENGE)

    accepted = api_for(bob).post(f"/api/challenges/{game.pk}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    moved = api_for(alice).post(f"/api/games/{game.pk}/moves/", {"move": {"type": "add", "n": 2}, "version": 1,
                                                                  "idempotency_key": "toy-1"},
                                format="json")
    assert moved.status_code == 200, moved.content
    body = api_for(bob).get(f"/api/games/{game.pk}/").json()
    assert body["version"] == 2 and body["to_act"] == [1] and body["view"]["total"] == 2

    # The page draws the generic board, with the game's name and its options in words.
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Toy" in html and 'id="board"' in html

    message = async_to_sync(socket_snapshot)(game.pk, bob)
    assert message["game"]["id"] == game.pk and message["game"]["version"] == 2


def test_its_rules_entry_page_and_home_page_place(client):
    index = client.get("/rules/").content.decode()
    assert "Toy" in index and "/rules/toy/" in index
    page = client.get("/rules/toy/")
    assert page.status_code == 200
    assert "Race to a total" in page.content.decode() and "How to play Toy" in page.content.decode()
    home = client.get("/").content.decode()
    assert "/rules/toy/" in home


def test_its_seeks_are_in_the_lobby_with_its_name(alice, bob, api_for):
    seek = api_for(alice).post("/api/games/", {"kind": "toy", "seats": 2}, format="json").json()
    listed = api_for(bob).get("/api/seeks/").json()["results"]
    assert [s["id"] for s in listed] == [seek["id"]] and listed[0]["kind"] == "toy"


def test_an_unregistered_engine_folder_is_not_a_kind_of_the_site(alice, api_for):
    # "base" is a module of the engines package, not a kind the site offers.
    answer = api_for(alice).post("/api/games/", {"kind": "base", "seats": 2}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_KIND"
