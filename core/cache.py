"""Django's Redis cache, made to degrade rather than fail while Redis is down.

It also keeps one Redis client (and so one connection pool) per process: Django builds a cache object
per request context under ASGI, and with it a fresh pool, so every request opened a new connection;
and its client object is made once instead of once per command.

The cache holds only what can be recomputed or forgotten (a suspension standing read again from the
database, presence, rate-limit counts), so an unreachable Redis must not turn a move into a 500
(issue 17.7): reads answer "not cached", writes are dropped, and a counter answers as if it had just
started (a rate limit lets the request through).  Each miss is logged.
"""

from __future__ import annotations

import logging
import threading

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)
DOWN = (RedisConnectionError, RedisTimeoutError)
# One client per server list and options, shared by every cache object of the process (its pools are
# thread-safe and reconnect by themselves).
_clients: dict[str, RedisCacheClient] = {}
_clients_lock = threading.Lock()


class SharedClientRedisCacheClient(RedisCacheClient):
    """Django's client builds a new ``redis.Redis`` for every command (a few hundred dict writes: most of
    a cache read's CPU); a ``redis.Redis`` is thread-safe, taking a pooled connection per command, so one
    per connection pool serves them all."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._redis_clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._redis_clients.get(id(pool))
        if client is None:
            client = self._redis_clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient

    @cached_property
    def _cache(self):
        key = repr((self._class, self._servers, sorted(self._options.items())))
        with _clients_lock:
            if key not in _clients:
                _clients[key] = self._class(self._servers, **self._options)
            return _clients[key]

    def _soft(self, what: str, call, fallback):
        try:
            return call()
        except DOWN as exc:
            logger.warning("cache %s skipped, Redis unreachable: %s", what, exc)
            return fallback

    def get(self, key, default=None, version=None):
        return self._soft("get", lambda: super(ResilientRedisCache, self).get(key, default, version), default)

    def get_many(self, keys, version=None):
        return self._soft("get_many", lambda: super(ResilientRedisCache, self).get_many(keys, version), {})

    def has_key(self, key, version=None):
        return self._soft("has_key", lambda: super(ResilientRedisCache, self).has_key(key, version), False)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("set", lambda: super(ResilientRedisCache, self).set(key, value, timeout, version), None)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("add", lambda: super(ResilientRedisCache, self).add(key, value, timeout, version), False)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("set_many", lambda: super(ResilientRedisCache, self).set_many(data, timeout, version), [])

    def delete(self, key, version=None):
        return self._soft("delete", lambda: super(ResilientRedisCache, self).delete(key, version), False)

    def delete_many(self, keys, version=None):
        return self._soft("delete_many", lambda: super(ResilientRedisCache, self).delete_many(keys, version), None)

    def incr(self, key, delta=1, version=None):
        return self._soft("incr", lambda: super(ResilientRedisCache, self).incr(key, delta, version), delta)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("touch", lambda: super(ResilientRedisCache, self).touch(key, timeout, version), False)
