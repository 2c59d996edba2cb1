"""``web.token_api``: an API request with a token and no session cookie takes the shorter middleware
chain (``settings.TOKEN_API_MIDDLEWARE``); it is authenticated, refused, translated and given the security
headers as before, and a request with a session cookie still takes the whole chain."""

import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from rest_framework.test import APIClient

from accounts.api_tokens import api_token_issue
from games import services
from moderation import services as moderation
from moderation.groups import moderator_group_ensure
from tests.helpers import committed
from tests.test_security_headers import assert_security_headers

pytestmark = pytest.mark.django_db


@pytest.fixture
def sessions_opened(monkeypatch):
    opened = []
    real = SessionMiddleware.process_request
    monkeypatch.setattr(SessionMiddleware, "process_request", lambda self, request: (opened.append(request.path),
                                                                                   real(self, request))[1])
    return opened


def token_client(user) -> APIClient:
    return APIClient(HTTP_AUTHORIZATION=f"Token {api_token_issue(user=user)}")


def test_the_chain_is_the_whole_one_less_what_only_sessions_and_pages_use(settings):
    # Only the path check comes before it: a NUL in a token request's path is a 404 too.
    assert settings.MIDDLEWARE[:2] == ["web.middleware.UnstorablePathMiddleware", "web.token_api.TokenApiMiddleware"]
    assert not {"django.contrib.sessions.middleware.SessionMiddleware", "django.middleware.csrf.CsrfViewMiddleware",
                "django.contrib.auth.middleware.AuthenticationMiddleware",
                "django.contrib.messages.middleware.MessageMiddleware"} & set(settings.TOKEN_API_MIDDLEWARE)
    kept = [m for m in settings.MIDDLEWARE if m in settings.TOKEN_API_MIDDLEWARE]
    assert kept == settings.TOKEN_API_MIDDLEWARE  # in the whole chain's order
    assert {"django.middleware.security.SecurityMiddleware", "config.security_headers.CSPMiddleware",
            "django.middleware.locale.LocaleMiddleware",
            "django.middleware.clickjacking.XFrameOptionsMiddleware",
            "web.middleware.PrivateResponsesMiddleware"} <= set(settings.TOKEN_API_MIDDLEWARE)


def test_a_token_move_skips_the_session_and_keeps_the_headers(alice, bob, sessions_opened, speed_wing_on):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    answer = token_client(alice).post(f"/api/games/{game.pk}/moves/", {
        "version": game.version, "move": {"type": "add", "n": 1}, "idempotency_key": "k1"}, format="json")
    assert answer.status_code == 200 and answer.json()["version"] == game.version + 1
    assert sessions_opened == []
    assert_security_headers(answer)
    assert answer["X-Frame-Options"] == "DENY" and answer["X-Content-Type-Options"] == "nosniff"


def test_its_errors_keep_their_codes_headers_and_language(alice, bob, carol, sessions_opened, speed_wing_on):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    body = {"version": game.version, "move": {"type": "add", "n": 1}, "idempotency_key": "k2"}
    refused = token_client(carol).post(f"/api/games/{game.pk}/moves/", body, format="json",
                                       HTTP_ACCEPT_LANGUAGE="nl")
    assert refused.status_code == 403 and refused.json()["code"] == "NOT_YOUR_GAME"
    assert refused["Content-Language"] == "nl"
    assert_security_headers(refused)
    bad = APIClient(HTTP_AUTHORIZATION="Token not-a-token").get("/api/games/")
    assert bad.status_code in (401, 403) and bad.json()["code"] == "AUTHENTICATION_FAILED"
    assert_security_headers(bad)
    assert sessions_opened == []


def test_a_suspended_players_token_is_refused(alice, bob, make_user):
    moderator = make_user(username="mod")
    moderator.groups.add(moderator_group_ensure())
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    client = token_client(alice)
    with committed():
        moderation.player_suspend(moderator=moderator, user=alice, reason="abuse", days=3)
    answer = client.post(f"/api/games/{game.pk}/moves/", {
        "version": game.version, "move": {"type": "add", "n": 1}, "idempotency_key": "k3"}, format="json")
    assert answer.status_code == 403


def test_a_request_with_a_session_cookie_takes_the_whole_chain(alice, sessions_opened):
    client = token_client(alice)
    client.force_login(alice)
    assert client.get("/api/games/").status_code == 200
    assert sessions_opened == ["/api/games/"]
    session_only = APIClient()
    session_only.force_login(alice)
    assert session_only.get("/api/games/").status_code == 200
    assert token_client(alice).get("/games/").status_code in (200, 302)  # a page: the whole chain
    assert sessions_opened == ["/api/games/", "/api/games/", "/games/"]
