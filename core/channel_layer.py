"""The speed wing's channel layer: channels-redis's ``RedisChannelLayer``, able to tell, from a worker
thread, which groups anybody is in.

A move tells three groups (the game's page and each player's dashboard).  channels-redis's
``group_send`` makes two Redis round trips per group just to learn the members (trim the expired ones,
read the rest), most of the time to find none, and from a worker thread it first hops into an event
loop.  ``groups_with_members`` trims and counts every group's members in one command (a Lua script) per
Redis server, through a plain blocking client, so the move's thread asks once after its commit and a
move nobody is watching never enters the event loop; only the groups with members go to ``group_send``,
the library's own.

The site uses this layer only with ``SPEED_WING`` on (``CHANNEL_LAYERS`` in config/settings.py); with
it off the layer is channels-redis's as it is, and ``games.broadcast``, finding no
``groups_with_members``, sends to every group.  The group's key is channels-redis's private name
(``core.speed.group_key``); the members and their expiry are read as channels-redis writes them.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict

import redis
from channels_redis.core import RedisChannelLayer

from core import speed

# KEYS: the groups' keys; ARGV[1]: the expiry cut-off.  Returns each group's member count after the trim.
_TRIM_AND_COUNT = """
local counts = {}
for i, key in ipairs(KEYS) do
    redis.call('ZREMRANGEBYSCORE', key, 0, ARGV[1])
    counts[i] = redis.call('ZCARD', key)
end
return counts
"""

class BatchedRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._blocking: dict[int, object] = {}  # server index -> the script on a blocking client
        self._blocking_lock = threading.Lock()

    def groups_with_members(self, groups: list[str]) -> set[str]:
        """Of ``groups``, those somebody is in (expired members trimmed first): one blocking round trip
        per Redis server, for a worker thread (never the event loop)."""
        by_server: dict[int, list[str]] = defaultdict(list)
        for group in groups:
            assert self.require_valid_group_name(group), "Group name not valid"
            by_server[self.consistent_hash(group)].append(group)
        expired = int(time.time()) - self.group_expiry
        live: set[str] = set()
        for index, names in by_server.items():
            counts = self._trim_and_count(index)(keys=[speed.group_key(self, g) for g in names], args=[expired])
            live.update(group for group, count in zip(names, counts, strict=True) if count)
        return live

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
