"""One door for every login: the API's token endpoint keeps the login form's rules (its
rate limits, e-mail verification, suspension); a suspension ends the player's tokens, sessions and
open sockets; and every write a suspended player attempts, through any API endpoint or page, is
refused with 403 ``PLAYER_SUSPENDED`` by the one policy ``MAY_ACT``, with nothing written."""

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.sessions.models import Session
from django.core.cache import cache
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from accounts.models import ApiToken
from moderation import services
from moderation.selectors import suspension_for
from tests.helpers import committed

PASSWORD = "correct horse battery"
WRITE_METHODS = ("post", "put", "patch", "delete")


def token_for(username: str, password: str = PASSWORD):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password}, format="json")


# --- the token endpoint keeps the login form's rules -------------------------------------------


def test_a_token_is_issued_for_the_right_password_by_username_or_email(alice):
    assert token_for("alice").status_code == 200
    key = token_for(alice.email).json()["token"]
    assert ApiToken.objects.get(user=alice, key=key).prefix == key[:8]


def test_wrong_passwords_are_rate_limited_and_then_even_the_right_one_is_refused(alice):
    # ACCOUNT_RATE_LIMITS["login_failed"]: 5 per 5 minutes per login, shared with the login form.
    for _ in range(5):
        assert token_for("alice", "wrong").json()["code"] == "BAD_CREDENTIALS"
    answer = token_for("alice")
    assert answer.status_code == 429 and answer.json()["code"] == "RATE_LIMITED"
    assert not ApiToken.objects.filter(user=alice).exists()


def test_failures_on_the_login_form_count_at_the_token_endpoint(alice, client):
    for _ in range(5):
        client.post("/accounts/login/", {"login": "alice", "password": "wrong"})
    assert token_for("alice").status_code == 429


def test_an_unverified_email_address_gets_no_token(make_user):
    user = make_user(username="newcomer")
    EmailAddress.objects.filter(user=user).update(verified=False)
    answer = token_for("newcomer")
    assert answer.status_code == 403 and answer.json()["code"] == "EMAIL_UNVERIFIED"
    assert not ApiToken.objects.filter(user=user).exists()


def test_an_inactive_account_gets_no_token(alice):
    alice.is_active = False
    alice.save()
    assert token_for("alice").json()["code"] == "BAD_CREDENTIALS"


def test_a_suspended_player_gets_no_token(bob, moderator):
    services.player_suspend(moderator=moderator, user=bob, reason="abuse", days=3)
    answer = token_for("bob")
    assert answer.status_code == 403 and answer.json()["code"] == "PLAYER_SUSPENDED"
    assert not ApiToken.objects.filter(user=bob).exists()


# --- a suspension closes every door --------------------------------------------------------------


def test_a_suspension_revokes_tokens_and_ends_sessions(bob, alice, moderator, client):
    key = token_for("bob").json()["token"]
    client.force_login(bob)
    others = APIClient()
    others.force_login(alice)
    assert Session.objects.count() == 2
    with committed():
        services.player_suspend(moderator=moderator, user=bob, reason="abuse", days=3)
    answer = APIClient(HTTP_AUTHORIZATION=f"Token {key}").get("/api/games/")
    assert answer.status_code == 403 and answer.json()["code"] == "AUTHENTICATION_FAILED"
    assert Session.objects.count() == 1  # alice stays signed in
    assert client.get("/api/games/").status_code == 403


def test_the_suspension_standing_is_cached_and_forgotten_on_suspend_and_lift(bob, moderator,
                                                                           django_assert_num_queries):
    cache.clear()
    assert suspension_for(user=bob) is None
    with django_assert_num_queries(0):
        assert suspension_for(user=bob) is None
    with committed():
        services.player_suspend(moderator=moderator, user=bob, reason="abuse", days=3)
    assert suspension_for(user=bob) is not None
    with committed():
        services.suspension_lift(moderator=moderator, user=bob, reason="appeal")
    assert suspension_for(user=bob) is None


# --- every write, one policy ---------------------------------------------------------------------


def api_writes():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, item in schema["paths"].items():
        for method in WRITE_METHODS:
            if method in item and path != "/api/auth/token/":
                yield path, method


API_WRITES = sorted(api_writes())
FILL = {"{game_id}": "1", "{league_id}": "1", "{username}": "alice", "{code}": "toy", "{word}": "word",
        "{subscription_id}": "1"}
# The rows any write could add: nothing of it is written for a suspended player.
WATCHED = ["games.Game", "games.Move", "leagues.League", "leagues.Entry", "moderation.ChatMessage",
           "moderation.ChatMute", "moderation.PlayerReport", "moderation.ModerationAction",
           "notifications.PushSubscription"]


def row_counts() -> dict:
    return {name: apps.get_model(name).objects.count() for name in WATCHED}


@pytest.fixture
def suspended(bob, moderator):
    services.player_suspend(moderator=moderator, user=bob, reason="abuse", days=3)
    return bob


def test_the_write_list_covers_the_writes_the_issue_names():
    paths = {path for path, _method in API_WRITES}
    assert {"/api/leagues/", "/api/lexicons/{code}/reports/", "/api/chat/mutes/{username}/", "/api/games/",
            "/api/games/{game_id}/chat/", "/api/games/{game_id}/moves/", "/api/reports/"} <= paths
    assert len(API_WRITES) >= 20


@pytest.mark.parametrize("path, method", API_WRITES, ids=[f"{m.upper()} {p}" for p, m in API_WRITES])
def test_every_api_write_refuses_a_suspended_player(game, suspended, alice, api_for, path, method):
    for placeholder, value in FILL.items():
        path = path.replace(placeholder, str(game.pk) if placeholder == "{game_id}" else value)
    before = row_counts()
    # A client that is still authenticated (a token issued before the suspension, or a race).
    answer = getattr(api_for(suspended), method)(path, {"name": "x", "kind": "toy", "text": "hi"}, format="json")
    assert answer.status_code == 403, answer.content
    assert answer.json()["code"] == "PLAYER_SUSPENDED"
    assert row_counts() == before


PAGE_WRITES = ["/games/new/", "/games/{game}/resign/", "/games/{game}/accept/", "/lobby/{game}/accept/",
               "/leagues/new/", "/leagues/1/join/", "/leagues/1/manage/remove/", "/moderation/report/",
               "/moderation/mute/alice/", "/words/report/", "/accounts/profile/", "/accounts/vacation/",
               "/notifications/read-all/", "/notifications/preferences/", "/accounts/email/",
               "/notifications/devices/switches/"]


@pytest.mark.parametrize("path", PAGE_WRITES)
def test_every_page_write_refuses_a_suspended_player(game, suspended, client, path):
    client.force_login(suspended)  # a session from before the suspension
    before = row_counts()
    answer = client.post(path.format(game=game.pk), {"name": "x", "kind": "toy", "text": "hi"})
    assert answer.status_code == 403 and "PLAYER_SUSPENDED" in answer.content.decode()
    assert row_counts() == before


def test_a_suspended_player_may_still_sign_out(suspended, client):
    client.force_login(suspended)
    assert client.post("/accounts/logout/").status_code == 302


def test_a_player_in_good_standing_passes_the_door(alice, api_for):
    assert api_for(alice).post("/api/leagues/", {"name": "Open", "kind": "toy"}, format="json").status_code == 201
