"""The Redis channel layer (channels-redis), able to tell, from a worker thread, which groups anybody is in.

A move tells three groups (the game's page and each player's dashboard).  channels-redis's
``group_send`` makes two Redis round trips per group just to learn the members (trim the expired ones,
read the rest), most of the time to find none.  ``groups_with_members`` trims and counts every group's members in
one command (a Lua script) per Redis server, through a plain blocking client, so the move's thread asks
once after its commit and a move nobody is watching never enters the event loop; only the groups
with members go to ``group_send``.

A group found empty is not asked about again for ``QUIET_SECONDS`` by this process (a program playing
through the API, with no page open, asked on every move: a round trip, a twelfth of a move's CPU).  So a
socket that joins a group in another process may miss what is sent in its first ``QUIET_SECONDS``; the
consumers look again once that has passed (``recheck_delay``) and send what changed meanwhile.  A join in
this process forgets the group's entry at once.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from math import inf

import redis
from channels_redis.core import RedisChannelLayer

# KEYS: the groups' keys; ARGV[1]: the expiry cut-off.  Returns each group's member count after the trim.
_TRIM_AND_COUNT = """
local counts = {}
for i, key in ipairs(KEYS) do
    redis.call('ZREMRANGEBYSCORE', key, 0, ARGV[1])
    counts[i] = redis.call('ZCARD', key)
end
return counts
"""

QUIET_SECONDS = 1.0  # a group found empty is taken as empty this long without asking Redis again
RECHECK_MARGIN = 1.0  # and sockets look again this much later still (scheduling, clocks of two processes)
KEEP_AT_MOST = 20_000  # empty groups remembered per process; all are forgotten past that


def recheck_delay(layer) -> float | None:
    """Seconds after joining a group when a consumer should look again for what it may have missed, or
    None when ``layer`` never skips a send."""
    quiet = getattr(layer, "quiet_seconds", 0)
    return quiet + RECHECK_MARGIN if quiet > 0 else None


class BatchedRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._blocking: dict[int, object] = {}  # server index -> the script on a blocking client
        self._blocking_lock = threading.Lock()
        self.quiet_seconds = QUIET_SECONDS
        self._empty: dict[str, float] = {}  # group -> when (time.monotonic) Redis said nobody was in it

    def groups_with_members(self, groups: list[str]) -> set[str]:
        """Of ``groups``, those somebody is in (expired members trimmed first): one blocking round trip
        per Redis server, for a worker thread (never the event loop), none for groups found empty in the
        last ``quiet_seconds``."""
        asked_at = time.monotonic()  # before the read: an entry never outlives what Redis said by more
        by_server: dict[int, list[str]] = defaultdict(list)
        for group in groups:
            assert self.require_valid_group_name(group), "Group name not valid"
            if asked_at - self._empty.get(group, -inf) >= self.quiet_seconds:
                by_server[self.consistent_hash(group)].append(group)
        expired = int(time.time()) - self.group_expiry
        live = set()
        for index, names in by_server.items():
            counts = self._trim_and_count(index)(keys=[self._group_key(g) for g in names], args=[expired])
            live.update(group for group, count in zip(names, counts, strict=True) if count)
        if len(self._empty) >= KEEP_AT_MOST:
            self._empty.clear()
        for names in by_server.values():
            for group in names:
                if group in live:
                    self._empty.pop(group, None)
                else:
                    self._empty[group] = asked_at
        return live

    async def group_add(self, group, channel):
        await super().group_add(group, channel)
        self._empty.pop(group, None)  # a join in this process is seen at once

    def _trim_and_count(self, index: int):
        """The script on a blocking client of server ``index`` (one per process; redis-py's pool is
        thread-safe), connected as channels-redis connects its asyncio pool (``create_pool``)."""
        script = self._blocking.get(index)
        if script is None:
            with self._blocking_lock:
                script = self._blocking.get(index)
                if script is None:
                    host = dict(self.hosts[index])
                    address = host.pop("address", None)
                    pool = (redis.ConnectionPool.from_url(address, **host) if address is not None
                            else redis.ConnectionPool(**host))
                    script = self._blocking[index] = redis.Redis(connection_pool=pool).register_script(
                        _TRIM_AND_COUNT)
        return script
