"""A stamp per user in the shared cache, replaced whenever a fact a web process keeps in its own memory
about that user may have changed: the user's row, their API tokens, their moderation standing.

A process keeps those facts (``Kept``) instead of reading them on every request, and one read of the
user's stamp per request (``stamp``, remembered for the request) says whether they are still current.
Whoever changes such a fact calls ``changed``: the model signals do it for users and tokens (``watch``),
the services for what changes without a signal.  It drops the stamp at once and again on commit, so a
request between the two that read the old row keeps it under a stamp that is dropped again.  A stamp is
random, so a dropped one never comes back.  A process that cannot read a stamp (Redis down) keeps
nothing and asks the database every time, and nothing is kept longer than ``MAX_AGE`` (a change whose
drop was lost while Redis was unreachable).
"""

from __future__ import annotations

import secrets
import time
import weakref
from collections.abc import Hashable
from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete, post_save

from core.cache import shared
from core.request_memo import forget, remembered

STAMP_SECONDS = 24 * 3600  # a user who comes back after a day reads their facts again
MAX_AGE = 60.0  # seconds a process keeps a fact whatever the stamp says
KEEP_AT_MOST = 20_000  # facts per process and store; the oldest go first

def _key(user_id: int) -> str:
    return f"user-stamp:{user_id}"


def stamp(user_id: int) -> str | None:
    """The user's current stamp, read once per request; None when the cache cannot say (keep nothing)."""
    return remembered(_key(user_id), lambda: _read(user_id))


def _read(user_id: int) -> str | None:
    key = _key(user_id)
    cache = shared()
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
    """Replace the stamp in the shared cache: every process reads the new one on its next request."""
    shared().delete(_key(user_id))


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
