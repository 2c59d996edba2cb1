"""``core.channel_layer.BatchedRedisChannelLayer``: ``groups_with_members`` names the groups somebody is in
(expired members trimmed), and the games' broadcast sends to those only, never entering the event loop
when nobody watches.  Needs Redis (skipped without it, failing in CI)."""

import asyncio
import time

import pytest

from core.channel_layer import BatchedRedisChannelLayer
from games import broadcast

pytestmark = [pytest.mark.asyncio, pytest.mark.redis]


@pytest.fixture
def layer(redis_url):
    return BatchedRedisChannelLayer(hosts=[redis_url], prefix=f"many-{time.monotonic_ns()}")


async def test_the_groups_somebody_is_in_are_named_and_expired_members_trimmed(layer):
    one, two, gone = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("game-1", one)
    await layer.group_add("game-1", two)
    await layer.group_add("user-7", two)
    await layer.group_add("user-8", gone)
    await layer.group_discard("user-8", gone)
    asked = ["game-1", "user-7", "user-8", "user-9"]
    assert await asyncio.to_thread(layer.groups_with_members, asked) == {"game-1", "user-7"}
    layer.group_expiry = -5  # every membership is now older than the expiry: trimmed, not counted
    assert await asyncio.to_thread(layer.groups_with_members, asked) == set()
    assert await layer.connection(0).zcard(layer._group_key("game-1")) == 0
    await layer.flush()


async def test_a_broadcast_goes_to_the_watched_groups_only(layer, monkeypatch):
    one, two = [await layer.new_channel() for _ in range(2)]
    await layer.group_add("game-1", one)
    await layer.group_add("user-7", two)
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    sent = []
    real_send = layer.group_send

    async def counted(group, message):
        sent.append(group)
        await real_send(group, message)

    monkeypatch.setattr(layer, "group_send", counted)
    await asyncio.to_thread(broadcast.games_changed, changes=[(2, 5, [8, 9])])  # nobody watches game 2
    assert sent == []
    await asyncio.to_thread(broadcast.games_changed, changes=[(1, 3, [7, 8])])
    assert sent == ["game-1", "user-7"]
    assert await layer.receive(one) == {"type": "game.changed", "game": 1, "version": 3}
    assert await layer.receive(two) == {"type": "games.changed", "game": 1, "version": 3}
    await layer.flush()


async def test_hundreds_of_sockets_leaving_at_once_all_leave(redis_url, settings):
    # A process's sockets closing together (a restart) each discard their group at once; the pool
    # must take the burst (redis-py's default of 100 connections refused the rest).
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    layer = BatchedRedisChannelLayer(hosts=config["hosts"], prefix=f"burst-{time.monotonic_ns()}")
    channels = [await layer.new_channel() for _ in range(300)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"game-{n}", channel)
    await asyncio.gather(*(layer.group_discard(f"game-{n}", c) for n, c in enumerate(channels)))
    connection = layer.connection(0)
    assert sum([await connection.zcard(layer._group_key(f"game-{n}")) for n in range(300)]) == 0
    await layer.flush()


async def test_a_process_that_falls_behind_its_sockets_loses_no_update(redis_url, settings):
    # Every socket of a process reads from the process's one Redis key; updates for 500 of them pile up
    # there while the process is busy, and all must still arrive (channels-redis's default capacity of
    # 100 messages a key dropped the rest).
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    layer = BatchedRedisChannelLayer(hosts=config["hosts"], capacity=config["capacity"],
                                     prefix=f"behind-{time.monotonic_ns()}")
    channels = [await layer.new_channel() for _ in range(500)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"game-{n}", channel)
    for n in range(500):
        await layer.group_send(f"game-{n}", {"type": "game.changed", "game": n, "version": 2})
    received = [await asyncio.wait_for(layer.receive(c), timeout=5) for c in channels]
    assert [m["game"] for m in received] == list(range(500))
    await layer.flush()


async def test_a_group_is_asked_about_every_time(layer, redis_url):
    assert await asyncio.to_thread(layer.groups_with_members, ["game-5", "user-1"]) == set()
    # Another process's socket joins: the next move finds it at once.
    other = BatchedRedisChannelLayer(hosts=[redis_url], prefix=layer.prefix)
    await other.group_add("game-5", await other.new_channel())
    assert await asyncio.to_thread(layer.groups_with_members, ["game-5", "user-1"]) == {"game-5"}
    await layer.flush()


async def test_a_join_in_this_process_is_seen_at_once(layer):
    assert await asyncio.to_thread(layer.groups_with_members, ["game-6"]) == set()
    await layer.group_add("game-6", await layer.new_channel())
    assert await asyncio.to_thread(layer.groups_with_members, ["game-6"]) == {"game-6"}
    await layer.flush()
