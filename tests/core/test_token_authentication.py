"""The API's token door (``web.authentication.TokenAuthentication``): DRF's answers and errors, with its
one query written once on PostgreSQL."""

import pytest
from django.db import connection
from rest_framework.test import APIClient

from accounts.api_tokens import api_token_issue
from core import speed
from games import services

pytestmark = pytest.mark.django_db


def client_with(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_token_signs_its_player_in_with_one_query(alice, bob, carol, django_assert_num_queries):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    client = client_with(api_token_issue(user=alice))
    client.get("/api/bots/")  # its first use is written down (``last_used``, then at most once an hour)
    game_api = 1 if speed.on(connection) else 2  # the game and its seats (game_with_seats)
    with django_assert_num_queries(1 + game_api):  # the token with its player, then the game API's
        answer = client.get(f"/api/games/{game.pk}/")
    assert answer.status_code == 200 and answer.json()["seat"] == 0
    assert client_with(api_token_issue(user=bob)).get(f"/api/games/{game.pk}/").json()["seat"] == 1
    # Another player's token is that player: no seat in this game, a spectator's view.
    assert client_with(api_token_issue(user=carol)).get(f"/api/games/{game.pk}/").json()["seat"] is None


def test_an_unknown_token_and_an_inactive_player_are_refused(alice):
    # DRF answers 403 rather than 401: the first door (the session) names no WWW-Authenticate scheme.
    answer = client_with("0" * 40).get("/api/bots/")
    assert answer.status_code == 403 and answer.json()["message"] == "Invalid token."
    key = api_token_issue(user=alice)
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    answer = client_with(key).get("/api/bots/")
    assert answer.status_code == 403 and answer.json()["message"] == "User inactive or deleted."
