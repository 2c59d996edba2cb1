"""``core.user_stamp``: what a process keeps of a user (their token's rows, their suspension standing) is
used only while the user's stamp is the one it was read under, and every change replaces the stamp:
a save of the user or a token, a deleted token, a suspension, a vacation (an update without a signal)."""

import contextvars
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import vacations
from accounts.api_tokens import api_token_issue
from accounts.models import ApiToken
from core import user_stamp
from games import services as game_services
from moderation import selectors
from moderation import services as moderation
from moderation.groups import moderator_group_ensure
from moderation.models import PlayerStanding

pytestmark = pytest.mark.django_db


def client_with(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@contextmanager
def token_reads():
    """Counts the statements that read a token."""
    reads = []

    def spy(execute, sql, params, many, context):
        reads.extend([1] if "accounts_apitoken" in sql else [])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        yield reads


def changed_in_another_process(user_id: int) -> None:
    """What another process's ``changed`` does: the shared stamp dropped."""
    cache.delete(f"user-stamp:{user_id}")


@pytest.fixture
def seen(alice, bob, postgres, django_assert_max_num_queries, speed_wing_on):
    """A game and alice's token, already used twice: the process keeps her rows."""
    game = game_services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    key = api_token_issue(user=alice)
    client = client_with(key)
    for _ in range(2):  # the first learns whose the token is, the second keeps the rows under her stamp
        assert client.get(f"/api/games/{game.pk}/").status_code == 200
    return game, key, client


@pytest.mark.postgres  # the token is kept on PostgreSQL only (other databases take DRF's query)
def test_a_kept_token_is_answered_without_a_query(seen, django_assert_num_queries):
    game, _, client = seen
    with django_assert_num_queries(1), token_reads() as reads:  # the game API's one
        answer = client.get(f"/api/games/{game.pk}/")
    assert answer.status_code == 200 and answer.json()["seat"] == 0 and reads == []


@pytest.mark.postgres  # the token is kept on PostgreSQL only (other databases take DRF's query)
def test_a_deleted_token_is_refused_at_once(seen):
    game, key, client = seen
    ApiToken.objects.filter(key=key).delete()
    answer = client.get(f"/api/games/{game.pk}/")
    assert answer.status_code == 403 and answer.json()["message"] == "Invalid token."


@pytest.mark.postgres  # the token is kept on PostgreSQL only (other databases take DRF's query)
def test_a_deactivated_player_is_refused_at_once(seen, alice):
    game, _, client = seen
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    answer = client.get(f"/api/games/{game.pk}/")
    assert answer.status_code == 403 and answer.json()["message"] == "User inactive or deleted."


@pytest.mark.postgres  # the token is kept on PostgreSQL only (other databases take DRF's query)
def test_a_change_in_another_process_is_read_after_the_stamp_is_replaced(seen, alice, django_assert_num_queries):
    game, _, client = seen
    changed_in_another_process(alice.pk)
    with django_assert_num_queries(2), token_reads() as reads:  # the token again, then the game's one
        assert client.get(f"/api/games/{game.pk}/").status_code == 200
    assert reads == [1]


@pytest.mark.postgres  # the token is kept on PostgreSQL only (other databases take DRF's query)
def test_a_suspension_closes_the_kept_door(seen, alice, make_user):
    game, key, client = seen
    moderator = make_user(username="mod")
    moderator.groups.add(moderator_group_ensure())
    assert selectors.suspension_for(user=alice) is None  # kept now
    moderation.player_suspend(moderator=moderator, user=alice, reason="spam", days=3)
    assert selectors.suspension_for(user=alice) is not None
    answer = client.get(f"/api/games/{game.pk}/")
    assert answer.status_code == 403 and answer.json()["message"] == "Invalid token."  # revoked with it
    moderation.suspension_lift(moderator=moderator, user=alice, reason="appeal")
    assert selectors.suspension_for(user=alice) is None


def test_a_standing_saved_without_the_services_is_seen_at_once(alice):
    assert selectors.suspension_for(user=alice) is None  # kept now
    PlayerStanding.objects.create(user=alice, suspended_for_good=True)  # the admin's form, say
    assert selectors.suspension_for(user=alice) is not None


def test_a_vacation_replaces_the_stamp(alice):
    before = user_stamp.stamp(alice.pk)
    vacations.vacation_book(user=alice, days=2, starts_on=(timezone.now() + timedelta(days=3)).date())
    assert user_stamp.stamp(alice.pk) not in (None, before)


@pytest.mark.postgres  # the token is kept on PostgreSQL only (other databases take DRF's query)
def test_without_a_stamp_nothing_is_kept(seen, monkeypatch, django_assert_num_queries):
    game, _, client = seen
    monkeypatch.setattr(user_stamp, "_read", lambda user_id: None)  # the cache cannot be read (Redis down)
    for _ in range(2):
        with django_assert_num_queries(2), token_reads() as reads:
            assert client.get(f"/api/games/{game.pk}/").status_code == 200
        assert reads == [1]


def test_the_standing_is_kept_per_stamp_and_read_once_a_request(alice, django_assert_num_queries):
    def request():
        from core.request_memo import open_memo

        open_memo()
        return selectors.suspension_for(user=alice), selectors.suspension_for(user=alice)

    with django_assert_num_queries(1):  # not known yet: the standing's row, once
        assert contextvars.copy_context().run(request) == (None, None)
    with django_assert_num_queries(0):
        assert contextvars.copy_context().run(request) == (None, None)
    user_stamp.changed(alice.pk)
    with django_assert_num_queries(1):
        assert contextvars.copy_context().run(request) == (None, None)


def test_kept_facts_answer_only_under_their_stamp_for_a_bounded_time(monkeypatch):
    kept = user_stamp.Kept()
    kept.put("k", "s1", "fact")
    assert kept.get("k", "s1") == "fact"
    assert kept.get("k", "s2") is None and kept.get("k", None) is None
    clock = [1000.0]
    monkeypatch.setattr(user_stamp.time, "monotonic", lambda: clock[0])
    kept.put("k", "s1", "fact")
    clock[0] += user_stamp.MAX_AGE + 1
    assert kept.get("k", "s1") is None
    kept.put("k", None, "fact")  # no stamp: nothing is kept
    clock[0] = 1000.0
    assert kept.get("k", "s1") is None


def test_a_process_keeps_a_bounded_number_of_facts(monkeypatch):
    monkeypatch.setattr(user_stamp, "KEEP_AT_MOST", 3)
    kept = user_stamp.Kept()
    for n in range(5):
        kept.put(n, "s", n)
    assert [kept.get(n, "s") for n in range(5)] == [None, None, 2, 3, 4]
