"""Django's Redis cache, made to degrade rather than fail while Redis is down.

It also keeps one Redis client (and so one connection pool) per process: Django builds a cache object
per request context under ASGI, and with it a fresh pool, so every request opened a new connection;
and its client object is made once instead of once per command.

The cache holds only what can be recomputed or forgotten (a suspension standing read again from the
database, presence, rate-limit counts), so an unreachable Redis must not turn a move into a 500: while
it is unreachable every operation goes to a local-memory cache of the process instead. Rate limits then
count per process rather than site-wide -- neither refusing everyone (allauth's lock would never be
taken) nor letting everyone through -- and what is kept meanwhile is forgotten once Redis answers
again.  Each miss is logged.
"""

from __future__ import annotations

import logging
import threading

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
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
# Where the cache's operations go while Redis is unreachable: this process's memory.
_local = LocMemCache("letterpost-while-redis-is-down", {"OPTIONS": {"MAX_ENTRIES": 10000}})
_down = False


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

    def _soft(self, what: str, *args):
        global _down
        try:
            answer = getattr(super(), what)(*args)
        except DOWN as exc:
            _down = True
            logger.warning("cache %s in this process only, Redis unreachable: %s", what, exc)
            return getattr(_local, what)(*args)
        if _down:  # Redis is back: what this process kept meanwhile is not the site's
            _down = False
            _local.clear()
        return answer

    def get(self, key, default=None, version=None):
        return self._soft("get", key, default, version)

    def get_many(self, keys, version=None):
        return self._soft("get_many", keys, version)

    def has_key(self, key, version=None):
        return self._soft("has_key", key, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("set", key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("add", key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("set_many", data, timeout, version)

    def delete(self, key, version=None):
        return self._soft("delete", key, version)

    def delete_many(self, keys, version=None):
        return self._soft("delete_many", keys, version)

    def incr(self, key, delta=1, version=None):
        return self._soft("incr", key, delta, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._soft("touch", key, timeout, version)
