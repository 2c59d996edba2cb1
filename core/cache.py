"""Django's Redis cache, made to degrade rather than fail while Redis is down.

With the speed wing on it shares one Redis client, and so one connection pool, among the process's cache
objects (``core.speed.share_cache_client``).

The cache holds only what can be recomputed or forgotten (a suspension standing read again from the
database, presence, rate-limit counts), so an unreachable Redis must not turn a move into a 500: while
it is unreachable every operation goes to a local-memory cache of the process instead. Rate limits then
count per process rather than site-wide -- neither refusing everyone (allauth's lock would never be
taken) nor letting everyone through -- and what is kept meanwhile is forgotten once Redis answers
again.  Each miss is logged.
"""

from __future__ import annotations

import logging

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from . import speed

logger = logging.getLogger(__name__)
DOWN = (RedisConnectionError, RedisTimeoutError)
# Where the cache's operations go while Redis is unreachable: this process's memory.
_local = LocMemCache("letterpost-while-redis-is-down", {"OPTIONS": {"MAX_ENTRIES": 10000}})
_down = False


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        if speed.switched_on():
            speed.share_cache_client(self)

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
