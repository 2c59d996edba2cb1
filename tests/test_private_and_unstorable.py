"""What a signed-in user is shown is kept out of every cache (their rack may be on it), and a path no URL
of ours can have (a NUL character) is a 404 on every route, never a 500."""

import pytest
from rest_framework.test import APIClient

from accounts.api_tokens import api_token_issue
from games import services

pytestmark = pytest.mark.django_db

NUL_PATHS = ["/accounts/players/%00/", "/games/%00/", "/leagues/%00/", "/lexicons/%00/", "/rules/%00/",
             "/api/games/%00/", "/api/players/%00/", "/%00", "/notifications/unsubscribe/%00/"]


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_nul_in_any_path_is_a_404(client, alice, signed_in):
    if signed_in:
        client.force_login(alice)
    for path in NUL_PATHS:
        response = client.get(path)
        assert response.status_code == 404, path
        if path.startswith("/api/"):
            assert response.json()["code"] == "NOT_FOUND"


def test_a_nul_in_a_token_requests_path_is_a_404(alice):
    client = APIClient(HTTP_AUTHORIZATION=f"Token {api_token_issue(user=alice)}")
    response = client.get("/api/games/%00/moves/")
    assert response.status_code == 404 and response.json()["code"] == "NOT_FOUND"


def test_a_players_own_game_page_and_api_answers_are_never_stored(client, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    client.force_login(alice)
    token = APIClient(HTTP_AUTHORIZATION=f"Token {api_token_issue(user=alice)}")
    answers = [client.get(f"/games/{game.pk}/"), client.get(f"/api/games/{game.pk}/"),
               token.get(f"/api/games/{game.pk}/"), token.get("/api/games/"), client.get("/games/")]
    for answer in answers:
        assert answer.status_code == 200
        assert "no-store" in answer.headers["Cache-Control"] and "private" in answer.headers["Cache-Control"]
    assert game.state["cards"][0] in str(answers[1].json())  # the secret these answers carry


def test_an_anonymous_visitors_pages_may_be_cached(client, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    assert "no-store" not in client.get(f"/games/{game.pk}/").headers.get("Cache-Control", "")
