"""The Redis cache degrades while Redis is down (``core.cache``): reads miss, writes are dropped, a
counter answers as if just started — nothing raises into a request."""

import pytest

from core.cache import ResilientRedisCache


def test_an_unreachable_redis_is_stood_in_for_by_the_process_memory():
    from core import cache as resilient

    resilient._local.clear()
    cache = ResilientRedisCache("redis://127.0.0.1:1/0", {"OPTIONS": {"socket_connect_timeout": 0.5}})
    assert cache.get("standing:1", "missing") == "missing"
    assert cache.get_many(["a", "b"]) == {}
    assert cache.set("a", 1) is None and cache.add("a", 1) is False and cache.delete("a") is True
    assert cache.add("ratelimit:x", 0) is True and cache.incr("ratelimit:x", 1) == 1
    assert cache.get_or_set("record", lambda: 7) == 7 and cache.get("record") == 7
    resilient._local.clear()


def test_every_cache_object_of_the_process_shares_one_client_and_its_connections(speed_wing_on):
    # Under ASGI Django makes a cache object per request: it must not make a connection pool per request.
    options = {"OPTIONS": {"socket_connect_timeout": 0.5}}
    one = ResilientRedisCache("redis://127.0.0.1:1/0", options)
    two = ResilientRedisCache("redis://127.0.0.1:1/0", options)
    assert one._cache is two._cache
    assert ResilientRedisCache("redis://127.0.0.1:1/1", options)._cache is not one._cache


@pytest.mark.redis
def test_one_redis_client_serves_every_command(redis_url, speed_wing_on):
    # Django's client made a new redis.Redis for each command; ours makes one per connection pool.
    cache = ResilientRedisCache(redis_url, {})
    client = cache._cache.get_client("a")
    assert cache._cache.get_client("b") is client and cache._cache.get_client("c", write=True) is client
    cache.set("core-test-shared-client", 5)
    assert cache.get("core-test-shared-client") == 5
    cache.delete("core-test-shared-client")
