"""API tokens with a life: several named tokens per player, listed and revoked through the API
and on the profile page; every token ends with a new password however it is set; a token unused for
``API_TOKEN_IDLE_DAYS`` is refused with 401 and deleted; its last use is written at most once an hour."""

import importlib
import re
from datetime import timedelta

import pytest
from django.contrib.auth.hashers import PBKDF2SHA1PasswordHasher
from django.core import mail
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection, models
from django.test import Client
from django.test.utils import CaptureQueriesContext, isolate_apps
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.api_tokens import MSG_UNKNOWN_TOKEN, TOKENS_PER_USER, UNKNOWN_TOKEN, api_token_issue
from accounts.models import ApiToken
from web import authentication
from web.authentication import TokenAuthentication

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
NEW_PASSWORD = "brand new secret 9"


@pytest.fixture(autouse=True)
def clear_rate_limits():
    cache.clear()  # allauth counts logins and password changes in the cache


def with_token(key: str) -> APIClient:
    return APIClient(HTTP_AUTHORIZATION=f"Token {key}")


def refused(answer) -> bool:
    """A revoked token is an unknown one: DRF's 403 (session authentication comes first, see
    ``web.api_schema``); only an expired token gets its own 401."""
    return answer.status_code == 403 and answer.json()["code"] == "AUTHENTICATION_FAILED"


def link_in(message) -> str:
    return re.sub(r"^https?://[^/]+", "", re.search(r"https?://[^\s]+", message.body).group(0))


def token_updates(queries) -> int:
    return sum(1 for q in queries if (q["sql"] or "").startswith("UPDATE") and "accounts_apitoken" in q["sql"])


# --- a new password ends every token ---------------------------------------------------------------


def test_changing_the_password_on_allauths_page_revokes_every_token_and_signs_out_other_sessions(alice):
    keys = [api_token_issue(user=alice, name="bot"), api_token_issue(user=alice, name="script")]
    here, elsewhere = Client(), Client()
    here.force_login(alice)
    elsewhere.force_login(alice)
    answer = here.post("/accounts/password/change/",
                       {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert answer.status_code == 302
    assert not ApiToken.objects.filter(user=alice).exists()
    assert all(refused(with_token(key).get("/api/games/")) for key in keys)
    # Django's session hash ends the other session; allauth keeps the one that changed it signed in.
    assert here.get("/games/").status_code == 200
    assert elsewhere.get("/games/").status_code == 302


def test_resetting_the_password_by_the_emailed_link_revokes_every_token(alice, client):
    key = api_token_issue(user=alice)
    client.post("/accounts/password/reset/", {"email": alice.email})
    response = client.get(link_in(mail.outbox[-1]), follow=True)
    form_path = response.redirect_chain[-1][0]
    answer = client.post(form_path, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert answer.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    assert not ApiToken.objects.filter(user=alice).exists()
    assert refused(with_token(key).get("/api/games/"))


def test_set_password_and_save_revokes_every_token(alice, bob):
    api_token_issue(user=alice)
    kept = api_token_issue(user=bob)
    alice.set_password(NEW_PASSWORD)
    alice.save()
    assert not ApiToken.objects.filter(user=alice).exists()
    assert ApiToken.objects.filter(key=kept).exists()  # only the player's own


def test_the_admins_password_form_revokes_every_token(alice, make_user, client):
    key = api_token_issue(user=alice)
    client.force_login(make_user(username="root", is_staff=True, is_superuser=True))
    answer = client.post(f"/admin/accounts/user/{alice.pk}/password/",
                         {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"})
    assert answer.status_code == 302, answer.content[:2000]
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    assert refused(with_token(key).get("/api/games/"))


def test_manage_py_changepassword_revokes_every_token(alice, monkeypatch):
    from django.contrib.auth.management.commands import changepassword

    key = api_token_issue(user=alice)
    monkeypatch.setattr(changepassword.Command, "_get_pass", lambda self, prompt="": NEW_PASSWORD)
    call_command("changepassword", "alice", stdout=None)
    assert not ApiToken.objects.filter(key=key).exists()


class CheapPBKDF2SHA1(PBKDF2SHA1PasswordHasher):
    iterations = 1


def test_other_saves_and_a_hash_upgrade_at_login_leave_the_tokens_alone(alice, settings):
    key = api_token_issue(user=alice)
    alice.display_name = "Alice"
    alice.save()
    # A stored hash of an older algorithm is rehashed at login: that is no new password.
    settings.PASSWORD_HASHERS = ["tests.accounts.test_api_tokens.CheapPBKDF2SHA1",
                                 "django.contrib.auth.hashers.MD5PasswordHasher"]
    answer = APIClient().post("/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert answer.status_code == 200
    alice.refresh_from_db()
    assert alice.password.startswith("pbkdf2_sha1$")
    assert ApiToken.objects.filter(key=key).exists()
    assert with_token(key).get("/api/games/").status_code == 200


# --- idle tokens expire; the last use is written once an hour -----------------------------------------


def test_a_token_unused_past_the_limit_is_refused_with_401_and_deleted(alice, settings):
    settings.API_TOKEN_IDLE_DAYS = 90
    now = timezone.now()
    idle = api_token_issue(user=alice, name="old", now=now - timedelta(days=200))
    ApiToken.objects.filter(key=idle).update(last_used=now - timedelta(days=90, minutes=1))
    never_used = api_token_issue(user=alice, name="never", now=now - timedelta(days=91))
    for key in (idle, never_used):
        answer = with_token(key).get("/api/games/")
        assert answer.status_code == 401, answer.content
        assert answer.json()["code"] == "TOKEN_EXPIRED" and "90 days" in answer.json()["message"]
        assert answer["WWW-Authenticate"] == "Token"
        assert not ApiToken.objects.filter(key=key).exists()
        assert refused(with_token(key).get("/api/games/"))  # and then it is simply unknown


def test_a_token_used_within_the_limit_works_and_counts_from_its_last_use(alice, settings):
    settings.API_TOKEN_IDLE_DAYS = 90
    now = timezone.now()
    key = api_token_issue(user=alice, now=now - timedelta(days=400))
    ApiToken.objects.filter(key=key).update(last_used=now - timedelta(days=89))
    assert with_token(key).get("/api/games/").status_code == 200
    assert ApiToken.objects.get(key=key).last_used >= now  # written: it counts from today again


def test_the_limit_is_a_setting(alice, settings):
    settings.API_TOKEN_IDLE_DAYS = 7
    key = api_token_issue(user=alice, now=timezone.now() - timedelta(days=8))
    answer = with_token(key).get("/api/games/")
    assert answer.status_code == 401 and "7 days" in answer.json()["message"]


def test_a_dutch_players_expired_token_is_refused_the_same_way(alice):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    key = api_token_issue(user=alice, now=timezone.now() - timedelta(days=365))
    answer = with_token(key).get("/api/games/")
    assert answer.status_code == 401 and answer.json()["code"] == "TOKEN_EXPIRED"


def test_the_last_use_is_written_at_most_once_an_hour(alice, monkeypatch):
    key = api_token_issue(user=alice)
    client = with_token(key)
    start = timezone.now()
    with CaptureQueriesContext(connection) as queries:
        for _ in range(5):
            assert client.get("/api/bots/").status_code == 200
    assert token_updates(queries.captured_queries) == 1
    first = ApiToken.objects.get(key=key).last_used
    assert first >= start

    monkeypatch.setattr(TokenAuthentication, "_now", lambda self: first + timedelta(minutes=59))
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert client.get("/api/bots/").status_code == 200
    assert token_updates(queries.captured_queries) == 0

    later = first + timedelta(minutes=61)
    monkeypatch.setattr(TokenAuthentication, "_now", lambda self: later)
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert client.get("/api/bots/").status_code == 200
    assert token_updates(queries.captured_queries) == 1
    assert ApiToken.objects.get(key=key).last_used == later


def test_a_process_that_did_not_write_it_leaves_a_fresh_last_use_alone(alice):
    key = api_token_issue(user=alice)
    written = timezone.now() - timedelta(minutes=10)
    ApiToken.objects.filter(key=key).update(last_used=written)  # by another process
    authentication._written.pop(key, None)
    with CaptureQueriesContext(connection) as queries:
        assert with_token(key).get("/api/bots/").status_code == 200
    assert token_updates(queries.captured_queries) == 0
    assert ApiToken.objects.get(key=key).last_used == written


# --- issuing, listing and revoking through the API ---------------------------------------------------


def login(**body):
    return APIClient().post("/api/auth/token/", {"username": "alice", "password": PASSWORD, **body}, format="json")


def test_each_login_issues_a_new_named_token_and_the_old_ones_keep_working(alice):
    first = login().json()
    second = login(name="my bot").json()
    assert first["token"] != second["token"] and len(second["token"]) == 40
    assert second["name"] == "my bot" and second["prefix"] == second["token"][:8]
    for body in (first, second):
        assert with_token(body["token"]).get("/api/games/").status_code == 200
    assert sorted(ApiToken.objects.filter(user=alice).values_list("name", flat=True)) == ["", "my bot"]


def test_an_unknown_field_is_refused_and_issues_nothing(alice):
    answer = login(nmae="typo")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_FIELD"
    assert not ApiToken.objects.exists()
    too_long = login(name="x" * 51)
    assert too_long.status_code == 400 and too_long.json()["code"] == "BAD_REQUEST"
    assert not ApiToken.objects.exists()


def test_a_player_holds_at_most_so_many_tokens_and_the_least_recently_used_goes(alice):
    now = timezone.now()
    keys = [api_token_issue(user=alice, name=f"t{i}", now=now - timedelta(days=30 - i))
            for i in range(TOKENS_PER_USER)]
    ApiToken.objects.filter(key=keys[0]).update(last_used=now)  # the oldest, but in use
    newest = api_token_issue(user=alice, name="new")
    left = set(ApiToken.objects.filter(user=alice).values_list("key", flat=True))
    assert len(left) == TOKENS_PER_USER and newest in left and keys[0] in left and keys[1] not in left


def test_the_list_shows_ones_own_tokens_without_their_keys(alice, bob):
    mine = api_token_issue(user=alice, name="bot")
    other = api_token_issue(user=alice, name="script")
    theirs = api_token_issue(user=bob, name="bobs")
    answer = with_token(mine).get("/api/auth/tokens/")
    assert answer.status_code == 200
    rows = answer.json()
    assert {r["name"] for r in rows} == {"bot", "script"}
    assert {r["prefix"] for r in rows} == {mine[:8], other[:8]}
    assert [r["current"] for r in rows if r["name"] == "bot"] == [True]
    assert set(rows[0]) == {"prefix", "name", "created", "last_used", "expires", "current"}
    text = answer.content.decode()
    assert mine not in text and other not in text and theirs[:8] not in text


def test_the_session_lists_and_revokes_too(alice, api_for):
    key = api_token_issue(user=alice, name="bot")
    client = api_for(alice)
    assert [r["current"] for r in client.get("/api/auth/tokens/").json()] == [False]
    assert client.delete(f"/api/auth/tokens/{key[:8]}/").status_code == 204
    assert client.get("/api/auth/tokens/").json() == []


def test_revoking_a_token_refuses_it_at_once(alice):
    keep = api_token_issue(user=alice, name="keep")
    gone = api_token_issue(user=alice, name="gone")
    answer = with_token(keep).delete(f"/api/auth/tokens/{gone[:8]}/")
    assert answer.status_code == 204
    assert refused(with_token(gone).get("/api/games/"))
    assert with_token(keep).get("/api/games/").status_code == 200
    # A program may revoke the token it uses (signing out).
    assert with_token(keep).delete(f"/api/auth/tokens/{keep[:8]}/").status_code == 204
    assert refused(with_token(keep).get("/api/games/"))


def test_another_players_token_cannot_be_revoked(alice, bob):
    mine = api_token_issue(user=alice)
    theirs = api_token_issue(user=bob)
    for prefix in (theirs[:8], "zzzzzzzz", "00", theirs):
        answer = with_token(mine).delete(f"/api/auth/tokens/{prefix}/")
        assert answer.status_code == 404 and answer.json() == {"code": UNKNOWN_TOKEN, "message": MSG_UNKNOWN_TOKEN}
    assert ApiToken.objects.filter(key=theirs).exists()
    assert with_token(theirs).get("/api/games/").status_code == 200


def test_a_revoke_with_a_body_is_refused(alice):
    key = api_token_issue(user=alice)
    answer = with_token(key).delete(f"/api/auth/tokens/{key[:8]}/", {"all": True}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_FIELD"
    assert ApiToken.objects.filter(key=key).exists()


def test_the_token_list_needs_a_player():
    assert APIClient().get("/api/auth/tokens/").status_code == 403


def test_a_suspension_deletes_the_tokens(alice, make_user):
    from moderation import services as moderation
    from moderation.groups import moderator_group_ensure

    moderator = make_user(username="mod")
    moderator.groups.add(moderator_group_ensure())
    api_token_issue(user=alice, name="a")
    api_token_issue(user=alice, name="b")
    moderation.player_suspend(moderator=moderator, user=alice, reason="abuse", days=3)
    assert not ApiToken.objects.filter(user=alice).exists()


# --- the profile page ------------------------------------------------------------------------------


def test_the_profile_page_lists_ones_tokens_with_a_revoke_button(alice, bob, client):
    api_token_issue(user=alice, name="my bot")
    key = api_token_issue(user=alice)
    theirs = api_token_issue(user=bob, name="bobs bot")
    client.force_login(alice)
    page = client.get("/accounts/profile/").content.decode()
    assert "API tokens" in page and "my bot" in page and "(no name)" in page
    assert f'action="/accounts/profile/tokens/{key[:8]}/revoke/"' in page
    assert key not in page and "bobs bot" not in page and theirs[:8] not in page


def test_the_profile_page_reads_the_tokens_in_one_query(alice, client):
    client.force_login(alice)
    api_token_issue(user=alice)
    with CaptureQueriesContext(connection) as one:
        client.get("/accounts/profile/")
    for _ in range(4):
        api_token_issue(user=alice)
    with CaptureQueriesContext(connection) as five:
        client.get("/accounts/profile/")
    assert len(five.captured_queries) == len(one.captured_queries)


def test_the_profile_pages_revoke_button_revokes(alice, client):
    key = api_token_issue(user=alice, name="my bot")
    client.force_login(alice)
    answer = client.post(f"/accounts/profile/tokens/{key[:8]}/revoke/", follow=True)
    assert answer.redirect_chain == [("/accounts/profile/", 302)]
    assert "is revoked" in answer.content.decode()
    assert not ApiToken.objects.filter(key=key).exists()
    assert refused(with_token(key).get("/api/games/"))


def test_the_profile_page_cannot_revoke_another_players_token(alice, bob, client):
    theirs = api_token_issue(user=bob)
    client.force_login(alice)
    assert client.post(f"/accounts/profile/tokens/{theirs[:8]}/revoke/").status_code == 404
    assert ApiToken.objects.filter(key=theirs).exists()


def test_the_revoke_button_needs_a_post_with_its_csrf_token(alice):
    key = api_token_issue(user=alice)
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.get(f"/accounts/profile/tokens/{key[:8]}/revoke/").status_code == 405
    assert client.post(f"/accounts/profile/tokens/{key[:8]}/revoke/").status_code == 403
    assert ApiToken.objects.filter(key=key).exists()


def test_the_tokens_section_renders_for_a_dutch_player(alice, client):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    api_token_issue(user=alice)
    client.force_login(alice)
    page = client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="nl")
    assert page.status_code == 200 and "/api/auth/token/" in page.content.decode()


# --- DRF's tokens are carried over ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_copies_drfs_tokens_with_their_keys(make_user):
    user = make_user(username="olduser")
    created = timezone.now() - timedelta(days=400)

    with isolate_apps("accounts"):
        class DrfToken(models.Model):
            key = models.CharField(max_length=40, primary_key=True)
            user_id = models.BigIntegerField()
            created = models.DateTimeField()

            class Meta:
                app_label = "accounts"
                db_table = "authtoken_token"

            def __str__(self) -> str:
                return self.key

    with connection.schema_editor() as editor:
        editor.create_model(DrfToken)
    try:
        DrfToken.objects.create(key="a" * 40, user_id=user.pk, created=created)
        migration = importlib.import_module("accounts.migrations.0009_apitoken")
        with connection.schema_editor() as editor:
            migration.copy_drf_tokens(None, editor)
    finally:
        with connection.schema_editor() as editor:
            editor.delete_model(DrfToken)
    token = ApiToken.objects.get(key="a" * 40)
    assert token.user == user and token.created == created
    assert token.last_used > timezone.now() - timedelta(minutes=1)  # counts from the migration
    assert with_token("a" * 40).get("/api/games/").status_code == 200
