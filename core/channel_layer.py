"""The Redis channel layer (channels-redis), able to send to several groups at once.

A move tells three groups (the game's page and each player's dashboard).  channels-redis's
``group_send`` makes two Redis round trips per group just to learn the members (trim the expired ones,
read the rest), most of the time to find none: about a quarter of a move's CPU went to it
(bench/README.md "Move submission").  ``group_send_many`` trims and counts every group's members in one
command (a Lua script: one request to pack and one reply to parse, where a pipeline of two commands per
group cost redis-py a tenth of a move) and hands only the groups that have members to ``group_send``.
"""

from __future__ import annotations

import time
from collections import defaultdict

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


class BatchedRedisChannelLayer(RedisChannelLayer):
    _trim_and_count = None  # redis-py's script object: EVALSHA, loading the script where it is unknown

    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        """``group_send`` of each ``(group, message)``, skipping, after one round trip per Redis server,
        the groups nobody is in."""
        by_server: dict[int, list[tuple[str, dict]]] = defaultdict(list)
        for group, message in messages:
            assert self.require_valid_group_name(group), "Group name not valid"
            by_server[self.consistent_hash(group)].append((group, message))
        for index, items in by_server.items():
            expired = int(time.time()) - self.group_expiry
            keys = [self._group_key(group) for group, _ in items]
            connection = self.connection(index)
            if self._trim_and_count is None:
                self._trim_and_count = connection.register_script(_TRIM_AND_COUNT)
            counts = await self._trim_and_count(keys=keys, args=[expired], client=connection)
            for (group, message), count in zip(items, counts, strict=True):
                if count:
                    await self.group_send(group, message)
