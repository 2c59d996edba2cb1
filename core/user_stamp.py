"""A stamp per user in the shared cache, replaced whenever a fact a web process keeps in its own memory
about that user may have changed: the user's row, their API tokens, their moderation standing.

Every API request with a token read the token and its user from the database, and the suspension
standing from Redis, a large share of a move's CPU.  Now a process keeps
those facts (``Kept``), and one read of the user's stamp per request (``stamp``, remembered for the
request) says whether they are still current.  Whoever changes such a fact calls ``changed``: the model
signals do it for users and tokens (``watch``), the services for what changes without a signal.  It
drops the stamp at once and again on commit, so a request between the two that read the old row keeps
it under a stamp that is dropped again.  A stamp is random, so a dropped one never comes back.  A
process that cannot read a stamp (Redis down) keeps nothing and asks the database every time, and
nothing is kept longer than ``MAX_AGE`` (a change whose drop was lost while Redis was unreachable).

Reading the stamp was itself a round trip to Redis on every request.  So ``changed`` also publishes the user's
id on a Redis channel, and each process that uses a Redis cache listens to it in a thread of its own
(``_Listener``): while it listens, a stamp read once is kept in the process and dropped the moment any process
announces a change for its user.  Pub/sub loses messages only with the connection, so a listener that loses it
forgets every stamp it kept and reads them from Redis again until it is back; a read that overlapped an
announcement is not kept.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
import weakref
from collections.abc import Hashable
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.redis import RedisCache
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from .request_memo import forget, remembered

STAMP_SECONDS = 24 * 3600  # a user who comes back after a day reads their facts again
MAX_AGE = 60.0  # seconds a process keeps a fact whatever the stamp says
KEEP_AT_MOST = 20_000  # facts per process and store; the oldest go first
CHANNEL = "user-stamp-changed"  # where ``changed`` announces a user's id (under the cache's key prefix)
RELISTEN_SECONDS = 1.0  # a listener that lost Redis tries again after this long

logger = logging.getLogger(__name__)


def _key(user_id: int) -> str:
    return f"user-stamp:{user_id}"


def stamp(user_id: int) -> str | None:
    """The user's current stamp, read once per request; None when the cache cannot say (keep nothing)."""
    return remembered(_key(user_id), lambda: _current(user_id))


def _current(user_id: int) -> str | None:
    listener = _listener()
    if listener is None:
        return _read(user_id)
    value, generation = listener.known(user_id)
    if value is None:
        value = _read(user_id)
        listener.keep(user_id, value, generation)
    return value


def _read(user_id: int) -> str | None:
    key = _key(user_id)
    value = cache.get(key)
    if value is None:
        fresh = secrets.token_hex(8)
        value = fresh if cache.add(key, fresh, timeout=STAMP_SECONDS) else cache.get(key)
    return value


def changed(user_id: int) -> None:
    """Something kept about the user changed (or is changing in this transaction): every process reads it
    afresh on its next request."""
    key = _key(user_id)
    forget(key)
    _drop(user_id)
    transaction.on_commit(lambda: _drop(user_id))


def _drop(user_id: int) -> None:
    """Replace the stamp in the shared cache and tell every listening process (this one at once)."""
    listener = _listener()
    if listener is not None:
        listener.forget(user_id)
    cache.delete(_key(user_id))
    if listener is not None:
        listener.announce(user_id)


def watch(model, user_field: str) -> None:
    """Call ``changed`` whenever a row of ``model`` is saved or deleted (``user_field`` names its user's id:
    ``"pk"`` for the user model itself)."""

    def on_change(sender, instance, **kwargs):
        user_id = getattr(instance, user_field)
        if user_id is not None:
            changed(user_id)

    for signal in (post_save, post_delete):
        signal.connect(on_change, sender=model, weak=False, dispatch_uid=f"user_stamp:{model._meta.label}")


class Kept:
    """Facts a process keeps, each under the stamp of the user it was read for: ``get`` answers only while
    that user's stamp is the one it was kept under, and for ``MAX_AGE`` at most.  Read the stamp before
    reading the fact, and keep the fact under that stamp."""

    def __init__(self) -> None:
        self._facts: dict[Hashable, tuple[str, float, Any]] = {}
        _every_store.add(self)

    def get(self, key: Hashable, user_stamp: str | None) -> Any | None:
        kept = self._facts.get(key)
        if kept is None or user_stamp is None:
            return None
        kept_stamp, until, fact = kept
        if kept_stamp != user_stamp or time.monotonic() > until:
            return None
        return fact

    def put(self, key: Hashable, user_stamp: str | None, fact: Any) -> None:
        if user_stamp is None:
            self._facts.pop(key, None)
            return
        if len(self._facts) >= KEEP_AT_MOST and key not in self._facts:
            self._facts.pop(next(iter(self._facts)), None)
        self._facts[key] = (user_stamp, time.monotonic() + MAX_AGE, fact)

    def drop(self, key: Hashable) -> None:
        self._facts.pop(key, None)

    def clear(self) -> None:
        self._facts.clear()


_every_store: weakref.WeakSet[Kept] = weakref.WeakSet()


def forget_everything() -> None:
    """Every store of the process keeps nothing (tests start each from an empty process memory)."""
    for kept in list(_every_store):
        kept.clear()
    for listener in list(_listeners.values()):
        listener.forget_all()


class _Listener:
    """The stamps this process keeps while it listens to the announcements of changes on Redis."""

    def __init__(self, client, channel: str) -> None:
        self.client, self.channel = client, channel
        self.lock = threading.Lock()
        self.stamps: dict[int, tuple[str, float]] = {}
        # Moves on at every announcement heard and every (re)subscription.  A stamp read from Redis is kept
        # only if nothing was heard for its user while it was read (the read may have returned the replaced
        # stamp): ``heard`` holds when each user's last announcement came, ``floor`` when everything went.
        self.generation = 0
        self.heard: dict[int, int] = {}
        self.floor = 0
        self.live = False  # subscribed: the announcements reach this process
        threading.Thread(target=self._run, name="user-stamp-listener", daemon=True).start()

    def known(self, user_id: int) -> tuple[str | None, int | None]:
        """The kept stamp (or None) and, when it must be read, the generation to keep the read under."""
        with self.lock:
            if not self.live:
                return None, None
            kept = self.stamps.get(user_id)
            if kept is not None and time.monotonic() <= kept[1]:
                return kept[0], None
            return None, self.generation

    def keep(self, user_id: int, value: str | None, generation: int | None) -> None:
        with self.lock:
            if value is None or generation is None or not self.live:
                return
            if generation < self.floor or self.heard.get(user_id, -1) > generation:
                return
            if len(self.stamps) >= KEEP_AT_MOST and user_id not in self.stamps:
                self.stamps.pop(next(iter(self.stamps)), None)
            self.stamps[user_id] = (value, time.monotonic() + MAX_AGE)

    def forget(self, user_id: int) -> None:
        with self.lock:
            self.generation += 1
            self.stamps.pop(user_id, None)
            self.heard.pop(user_id, None)
            if len(self.heard) >= KEEP_AT_MOST:  # the oldest goes, and every read begun before it with it
                self.floor = self.heard.pop(next(iter(self.heard)))
            self.heard[user_id] = self.generation

    def forget_all(self, *, live: bool | None = None) -> None:
        with self.lock:
            self.generation += 1
            self.floor = self.generation
            self.heard.clear()
            self.stamps.clear()
            if live is not None:
                self.live = live

    def announce(self, user_id: int) -> None:
        try:
            self.client.publish(self.channel, str(user_id))
        except Exception as exc:  # Redis unreachable: the others keep the old stamp for MAX_AGE at most
            logger.warning("announcing a change of user %s failed: %s", user_id, exc)

    def _run(self) -> None:
        while True:
            self.pubsub = pubsub = self.client.pubsub()
            try:
                pubsub.subscribe(self.channel)
                while True:
                    message = pubsub.get_message(timeout=30.0)
                    if message is None:
                        continue
                    if message["type"] == "subscribe":
                        self.forget_all(live=True)
                    elif message["type"] == "message":
                        self.forget(int(message["data"]))
            except Exception as exc:  # the connection (and whatever was sent on it meanwhile) is lost
                logger.warning("user stamp listener lost Redis, reading stamps from it meanwhile: %s", exc)
            finally:
                self.forget_all(live=False)
                try:
                    pubsub.close()
                except Exception:  # noqa: S110 - closing a broken connection may fail too
                    pass
            time.sleep(RELISTEN_SECONDS)


_listeners: dict[tuple, _Listener] = {}
_listeners_lock = threading.Lock()
_last: tuple = (None, None, None)  # (the cache settings, the pid, their listener): the request path's shortcut


def _listener() -> _Listener | None:
    """This process's listener for the default cache's Redis, started at first use; None without Redis."""
    global _last
    config, pid = settings.CACHES, os.getpid()
    if _last[0] is config and _last[1] == pid:
        return _last[2]
    backend = caches[DEFAULT_CACHE_ALIAS]
    listener = None
    if isinstance(backend, RedisCache):
        client = backend._cache.get_client(write=True)
        key = (id(client), backend.make_key(CHANNEL), pid)
        with _listeners_lock:
            listener = _listeners.get(key)
            if listener is None:
                listener = _listeners[key] = _Listener(client, key[1])
    _last = (config, pid, listener)
    return listener
