"""Who has the site, and which game pages, open right now: written by the sockets, read before a
"your move" notice goes out (a player looking at the site is not e-mailed or belled about it).

Kept in the cache (Redis in production, local memory in tests): per user, and per user and game,
a small map of open socket → when it was last heard from.  Each socket says it is still there every
``HEARTBEAT`` seconds and removes itself when it closes; an entry not heard from for ``PRESENCE_TTL``
seconds no longer counts, so a crashed tab or a dead server process stops counting by itself.
Two tabs of one player writing at the same instant may drop one entry; its next heartbeat restores it.
"""

from __future__ import annotations

import time

from django.core.cache import cache

HEARTBEAT = 25  # seconds between a page's "still here" messages (static/js/live.js, game.js)
PRESENCE_TTL = 70  # an entry not renewed for this long is gone (two heartbeats missed, and some)
KEY_PREFIX = "presence"  # tests give each test its own (tests/conftest.py)


def _key(user_id: int, game_id: int | None) -> str:
    return f"{KEY_PREFIX}:site:{user_id}" if game_id is None else f"{KEY_PREFIX}:game:{game_id}:{user_id}"


def _live(entries: dict, now: float) -> dict:
    return {channel: at for channel, at in (entries or {}).items() if at > now - PRESENCE_TTL}


def presence_touch(*, user_id: int, channel: str, game_id: int | None = None) -> None:
    """This socket is open (on the site, or on ``game_id``'s page)."""
    now = time.time()
    key = _key(user_id, game_id)
    entries = _live(cache.get(key), now)
    entries[channel] = now
    cache.set(key, entries, PRESENCE_TTL)


def presence_leave(*, user_id: int, channel: str, game_id: int | None = None) -> None:
    """This socket closed."""
    key = _key(user_id, game_id)
    entries = _live(cache.get(key), time.time())
    entries.pop(channel, None)
    if entries:
        cache.set(key, entries, PRESENCE_TTL)
    else:
        cache.delete(key)


def is_present(*, user_id: int, game_id: int | None = None) -> bool:
    """Has the player the site open, or (``game_id``) that game's page?"""
    now = time.time()
    keys = [_key(user_id, None)] + ([_key(user_id, game_id)] if game_id is not None else [])
    return any(_live(entries, now) for entries in cache.get_many(keys).values())
