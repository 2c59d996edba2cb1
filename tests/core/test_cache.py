"""The Redis cache (django-redis with ``core.cache.DegradingClient``) degrades while Redis is down: the
process's memory stands in, nothing raises into a request, and each miss is logged.  Its cache objects
share one connection pool per Redis URL (django-redis's own) and, with the speed wing on, one Redis client."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django_redis.cache import RedisCache
from django_redis.exceptions import ConnectionInterrupted
from redis.exceptions import ResponseError

from core import cache as degrading

DEAD = "redis://127.0.0.1:1/0"
ROOT = Path(__file__).resolve().parents[2]


def redis_cache(location: str, **options) -> RedisCache:
    return RedisCache(location, {"OPTIONS": {"CLIENT_CLASS": "core.cache.DegradingClient",
                                             "CONNECTION_POOL_KWARGS": {"socket_connect_timeout": 0.5},
                                             **options}})


@pytest.fixture
def stand_in():
    degrading.local.clear()
    yield degrading.local
    degrading.local.clear()


def test_an_unreachable_redis_is_stood_in_for_by_the_process_memory(stand_in):
    cache = redis_cache(DEAD)
    assert cache.get("standing:1", "missing") == "missing"
    assert cache.get_many(["a", "b"]) == {}
    assert cache.has_key("a") is False
    assert cache.set("a", 1) is True and cache.add("a", 1) is False and cache.get("a") == 1
    assert cache.delete("a") is True and cache.get("a") is None
    assert cache.add("ratelimit:x", 0) is True and cache.incr("ratelimit:x", 1) == 1
    assert cache.decr("ratelimit:x", 1) == 0
    with pytest.raises(ValueError):
        cache.incr("never-set")
    assert cache.get_or_set("record", lambda: 7) == 7 and cache.get("record") == 7
    cache.set_many({"m": 1, "n": 2})  # django-redis sets each in a pipeline: kept, and "record" too
    assert cache.get_many(["m", "n", "o", "record"]) == {"m": 1, "n": 2, "record": 7}
    assert cache.touch("m", 60) is True
    cache.delete_many(["m", "n"])
    assert cache.get_many(["m", "n"]) == {}


def test_each_miss_is_logged(stand_in, caplog):
    cache = redis_cache(DEAD)
    with caplog.at_level(logging.WARNING, logger="core.cache"):
        cache.get("a")
        cache.set("a", 1)
    assert [r.getMessage().split(" in this process")[0] for r in caplog.records] == ["cache get", "cache set"]


def test_an_error_other_than_an_unreachable_redis_is_raised(monkeypatch, stand_in):
    def refused(self, *args, **kwargs):
        raise ConnectionInterrupted(connection=None) from ResponseError("WRONGTYPE")

    monkeypatch.setattr("django_redis.client.DefaultClient.get", refused)
    with pytest.raises(ResponseError):
        redis_cache(DEAD).get("a")


def test_the_cache_objects_of_a_process_share_one_connection_pool():
    # Under ASGI Django makes a cache object per request context: it must not make a connection pool
    # for each.  django-redis keeps one per URL.
    one, two = redis_cache(DEAD), redis_cache(DEAD)
    assert one.client is not two.client
    assert one.client.get_client().connection_pool is two.client.get_client().connection_pool
    assert redis_cache("redis://127.0.0.1:1/1").client.get_client().connection_pool is not (
        one.client.get_client().connection_pool)

    # Without the wing's factory each cache object has a Redis client of its own.
    assert one.client.get_client() is not two.client.get_client()


def test_with_the_wings_factory_the_cache_objects_of_a_process_share_one_redis_client(stand_in):
    factory = {"CONNECTION_FACTORY": "core.cache.SharedClientFactory"}
    one, two = redis_cache(DEAD, **factory), redis_cache(DEAD, **factory)
    assert one.client is not two.client
    assert one.client.get_client() is two.client.get_client()
    assert redis_cache("redis://127.0.0.1:1/1", **factory).client.get_client() is not one.client.get_client()
    # The shared client degrades as any other.
    assert one.set("a", 1) is True and two.get("a") == 1


@pytest.mark.parametrize(("wing", "factory"), [("true", "core.cache.SharedClientFactory"), ("false", None)])
def test_the_switch_chooses_the_factory(wing, factory):
    env = {**os.environ, "SPEED_WING": wing, "REDIS_URL": DEAD, "DATABASE_URL": "sqlite://"}
    code = "import config.settings as s; print(s.CACHES['default']['OPTIONS'].get('CONNECTION_FACTORY'))"
    found = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                           check=True, timeout=60)
    assert found.stdout.strip() == str(factory)


@pytest.mark.redis
def test_one_redis_client_serves_every_command_of_a_cache_object(redis_url):
    cache = redis_cache(redis_url)
    client = cache.client.get_client(write=False)
    assert cache.client.get_client(write=True) is client
    cache.set("core-test-shared-client", 5)
    assert cache.get("core-test-shared-client") == 5
    assert cache.incr("core-test-shared-client", 2) == 7
    cache.delete("core-test-shared-client")


@pytest.mark.redis
def test_the_sites_cache_is_django_redis_with_the_degrading_client_and_the_connection_options(redis_url, settings):
    from django.core.cache import caches

    cache = caches["default"]
    assert isinstance(cache, RedisCache) and isinstance(cache.client, degrading.DegradingClient)
    pool = cache.client.get_client().connection_pool
    kwargs = pool.connection_kwargs
    assert kwargs["socket_timeout"] == settings.REDIS_SOCKET_TIMEOUT and kwargs["socket_keepalive"] is True
    assert kwargs["health_check_interval"] == settings.REDIS_CONNECTION_OPTIONS["health_check_interval"]
    assert cache.key_prefix == settings.CACHES["default"]["KEY_PREFIX"]


def test_with_the_wing_on_the_shared_cache_is_one_object_in_every_request_context(settings):
    import contextvars

    from django.core.cache import cache as django_cache

    settings.SPEED_WING = True
    first = contextvars.copy_context().run(degrading.shared)
    assert contextvars.copy_context().run(degrading.shared) is first
    first.set("core-test-shared-cache", 3)
    assert django_cache.get("core-test-shared-cache") == 3  # the same cache as Django's
    django_cache.delete("core-test-shared-cache")
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "core-test-shared-cache"}}
    assert degrading.shared() is not first  # a new configuration, a new object


def test_with_the_wing_off_the_shared_cache_is_djangos(settings):
    from django.core.cache import cache as django_cache

    settings.SPEED_WING = False
    assert degrading.shared() is django_cache
