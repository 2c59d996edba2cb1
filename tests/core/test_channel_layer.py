"""``core.channel_layer.BatchedRedisChannelLayer.group_send_many``: every member of every group gets its
group's message, groups nobody is in cost nothing more, and a member that left gets nothing.  Needs Redis
(skipped without it, failing in CI)."""

import asyncio
import time

import pytest

from core.channel_layer import BatchedRedisChannelLayer

pytestmark = [pytest.mark.asyncio, pytest.mark.redis]


@pytest.fixture
def layer(redis_url):
    return BatchedRedisChannelLayer(hosts=[redis_url], prefix=f"many-{time.monotonic_ns()}")


async def test_each_member_gets_its_groups_message_and_empty_groups_are_skipped(layer, monkeypatch):
    one, two, gone = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("game-1", one)
    await layer.group_add("game-1", two)
    await layer.group_add("user-7", two)
    await layer.group_add("user-8", gone)
    await layer.group_discard("user-8", gone)
    sent = []
    real_send = layer.group_send

    async def counted(group, message):
        sent.append(group)
        await real_send(group, message)

    monkeypatch.setattr(layer, "group_send", counted)
    await layer.group_send_many([
        ("game-1", {"type": "game.changed", "version": 2}),
        ("user-7", {"type": "games.changed", "version": 2}),
        ("user-8", {"type": "games.changed", "version": 2}),
        ("user-9", {"type": "games.changed", "version": 2}),
    ])
    assert sent == ["game-1", "user-7"]  # nobody is in user-8 (left) or user-9
    assert (await layer.receive(one))["type"] == "game.changed"
    got = {(await layer.receive(two))["type"] for _ in range(2)}
    assert got == {"game.changed", "games.changed"}
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
