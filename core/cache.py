"""The Redis cache's client, made to degrade rather than fail while Redis is down.

The cache is django-redis (``django_redis.cache.RedisCache``, which shares one connection pool per Redis
URL in the process); this module is its ``CLIENT_CLASS``, django-redis's own client with one change.
The cache holds only what can be recomputed or forgotten (a suspension standing read again from the
database, presence, rate-limit counts), so an unreachable Redis must not turn a move into a 500: while it
is unreachable every operation goes to a local-memory cache of the process instead.  Rate limits then
count per process rather than site-wide -- neither refusing everyone (allauth's lock would never be
taken) nor letting everyone through -- and what is kept meanwhile is forgotten once Redis answers
again.  Each miss is logged.  Any other error from Redis (a refused command) is raised as django-redis
raises it.

What this module must not know: which keys the site keeps, or how django-redis talks to Redis.
"""

from __future__ import annotations

import functools
import logging

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.signals import setting_changed
from django.dispatch import receiver
from django_redis.client import DefaultClient  # type: ignore[import-untyped]  # django-redis ships no types
from django_redis.exceptions import ConnectionInterrupted  # type: ignore[import-untyped]
from django_redis.pool import ConnectionFactory  # type: ignore[import-untyped]
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)
DOWN = (RedisConnectionError, RedisTimeoutError)
# Where the cache's operations go while Redis is unreachable: this process's memory.
local = LocMemCache("letterpost-while-redis-is-down", {"OPTIONS": {"MAX_ENTRIES": 10000}})
_down = False


def _unreachable(exc: Exception) -> bool:
    """Redis could not be reached (django-redis wraps most such errors in ``ConnectionInterrupted``)."""
    return isinstance(exc, DOWN) or (isinstance(exc, ConnectionInterrupted) and isinstance(exc.__cause__, DOWN))


def _degrading(stand_in):
    """The client's method, answered by ``stand_in(key arguments ...)`` on ``local`` while Redis is down."""

    def wrap(method):
        @functools.wraps(method)
        def degrading(self, *args, **kwargs):
            global _down
            if kwargs.get("client") is not None:
                # django-redis calling itself (``set_many``'s sets into a pipeline, which cannot fail):
                # the outer call falls back, or tells that Redis answered.
                return method(self, *args, **kwargs)
            try:
                answer = method(self, *args, **kwargs)
            except (ConnectionInterrupted, *DOWN) as exc:
                if not _unreachable(exc):
                    raise
                _down = True
                logger.warning("cache %s in this process only, Redis unreachable: %s", method.__name__,
                               exc.__cause__ or exc)
                kwargs.pop("client", None)
                return stand_in(*args, **kwargs)
            if _down:  # Redis is back: what this process kept meanwhile is not the site's
                _down = False
                local.clear()
            return answer

        return degrading

    return wrap


def _set(key, value, timeout=DEFAULT_TIMEOUT, version=None, nx=False, xx=False):
    # django-redis's ``add`` is ``set(nx=True)``.
    if nx:
        return local.add(key, value, timeout, version)
    local.set(key, value, timeout, version)
    return True


def _incr(key, delta=1, version=None, ignore_key_check=False):
    if ignore_key_check and not local.has_key(key, version):
        local.set(key, delta, None, version)
        return delta
    return local.incr(key, delta, version)


class DegradingClient(DefaultClient):
    """django-redis's ``DefaultClient``; while Redis is unreachable, the process's memory stands in."""

    @_degrading(lambda key, default=None, version=None: local.get(key, default, version))
    def get(self, *args, **kwargs):
        return super().get(*args, **kwargs)

    @_degrading(lambda keys, version=None: local.get_many(keys, version))
    def get_many(self, *args, **kwargs):
        return super().get_many(*args, **kwargs)

    @_degrading(lambda key, version=None: local.has_key(key, version))
    def has_key(self, *args, **kwargs):
        return super().has_key(*args, **kwargs)

    @_degrading(_set)
    def set(self, *args, **kwargs):
        return super().set(*args, **kwargs)

    @_degrading(lambda data, timeout=DEFAULT_TIMEOUT, version=None: local.set_many(data, timeout, version))
    def set_many(self, *args, **kwargs):
        return super().set_many(*args, **kwargs)

    @_degrading(lambda key, version=None, prefix=None: local.delete(key, version))
    def delete(self, *args, **kwargs):
        return super().delete(*args, **kwargs)

    @_degrading(lambda keys, version=None: sum(local.delete(key, version) for key in keys))
    def delete_many(self, *args, **kwargs):
        return super().delete_many(*args, **kwargs)

    @_degrading(_incr)
    def incr(self, *args, **kwargs):
        return super().incr(*args, **kwargs)

    @_degrading(lambda key, delta=1, version=None: local.decr(key, delta, version))
    def decr(self, *args, **kwargs):
        return super().decr(*args, **kwargs)

    @_degrading(lambda key, timeout=DEFAULT_TIMEOUT, version=None: local.touch(key, timeout, version))
    def touch(self, *args, **kwargs):
        return super().touch(*args, **kwargs)


class SharedClientFactory(ConnectionFactory):
    """django-redis's connection factory, giving every cache object of the process one Redis client per URL.

    Django makes a cache object per request context and django-redis a Redis client per cache object, while
    the client holds only the shared connection pool and command tables that are the same for every client:
    building those tables is most of a cache lookup's cost in a move.  A Redis client is safe to share
    between threads.  A piece of the speed wing (``CONNECTION_FACTORY`` is set only with ``SPEED_WING`` on);
    like django-redis's own pools, clients are told apart by URL alone.
    """

    _clients: dict = {}

    def get_connection(self, params):
        client = self._clients.get(params["url"])
        if client is None:
            client = self._clients.setdefault(params["url"], super().get_connection(params))
        return client


_per_process: BaseCache | None = None


def shared() -> BaseCache:
    """The default cache, for the read every request makes (the user stamp).

    With the speed wing on, one cache object for the whole process: Django builds one per request
    context, which under ASGI means per request, and building django-redis's object costs about as much
    as the read itself.  The object is safe to share between threads (it holds the one Redis client of
    ``SharedClientFactory``).  With the wing off, Django's own object for the context.
    """
    global _per_process
    if not settings.SPEED_WING:
        return cache
    if _per_process is None:
        _per_process = caches.create_connection(DEFAULT_CACHE_ALIAS)
    return _per_process


@receiver(setting_changed)
def _forget_per_process(*, setting, **kwargs):
    global _per_process
    if setting in ("CACHES", "SPEED_WING"):
        _per_process = None
