"""While Redis (the cache) is unreachable the limits count in each process instead of failing: players
with the right password still log in, and the log-in lock-out and the challenge limit still hold. A
failed log-in counts against the account however it was named (username or e-mail address)."""

import pytest
from django_redis.cache import RedisCache

from core import cache as resilient
from core.ratelimits import rate_limit_consume

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
DEAD_REDIS = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": "redis://127.0.0.1:1/0",
                          "OPTIONS": {"CLIENT_CLASS": "core.cache.DegradingClient",
                                      "CONNECTION_POOL_KWARGS": {"socket_connect_timeout": 0.2}}}}


@pytest.fixture
def redis_down(settings):
    settings.CACHES = DEAD_REDIS
    resilient.local.clear()
    yield
    resilient.local.clear()


def log_in(client, login, password=PASSWORD):
    return client.post("/accounts/login/", {"login": login, "password": password})


def test_the_right_password_logs_in_while_redis_is_down(client, make_user, redis_down):
    make_user(username="zed")
    answer = log_in(client, "zed")
    assert answer.status_code == 302 and client.session.get("_auth_user_id")


def test_limits_count_per_process_while_redis_is_down(redis_down):
    assert [rate_limit_consume(scope="challenge", key=7, limit=2, window=60, now=1000) for _ in range(3)] == [
        True, True, False]


@pytest.mark.parametrize("down", [False, True])
def test_a_lock_out_counts_one_account_once_by_username_or_e_mail(client, make_user, settings, down):
    if down:
        settings.CACHES = DEAD_REDIS
        resilient.local.clear()
    make_user(username="zed")
    for login in ("zed", "zed@example.com", "ZED", "Zed@Example.com", "zed"):  # five failures, five ways
        assert log_in(client, login, "wrong").status_code == 200
    # allauth's "5/5m/key": the sixth try is refused even with the right password, however it is named.
    for login in ("zed", "zed@example.com"):
        answer = log_in(client, login)
        assert not client.session.get("_auth_user_id")
        assert answer.status_code in (200, 429)
        assert "Too many failed login attempts" in answer.content.decode()


def test_what_a_process_kept_during_an_outage_is_dropped_when_redis_answers(monkeypatch):
    """Back from an outage, the first answer from Redis clears the process's stand-in."""
    from django_redis.client import DefaultClient

    store = RedisCache("redis://127.0.0.1:1/0", DEAD_REDIS["default"])
    resilient.local.clear()
    store.set("k", "kept during the outage")
    assert store.get("k") == "kept during the outage"
    monkeypatch.setattr(DefaultClient, "get", lambda self, key, default=None, version=None, client=None: default)
    assert store.get("k") is None  # Redis back
    monkeypatch.undo()
    assert resilient.local.get("k") is None
