"""The channel layer follows the speed wing's switch: on, ``core.channel_layer.BatchedRedisChannelLayer``;
off, channels-redis's ``RedisChannelLayer`` as it is, through which the broadcast still reaches every
watched group."""

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from channels_redis.core import RedisChannelLayer

from core.channel_layer import BatchedRedisChannelLayer
from games import broadcast

ROOT = Path(__file__).resolve().parents[2]
BACKEND = "import config.settings as s; print(s.CHANNEL_LAYERS['default']['BACKEND'])"


@pytest.mark.parametrize(("wing", "backend"), [
    ("true", "core.channel_layer.BatchedRedisChannelLayer"),
    ("false", "channels_redis.core.RedisChannelLayer"),
])
def test_the_switch_chooses_the_layer(wing, backend):
    env = {**os.environ, "SPEED_WING": wing, "REDIS_URL": "redis://127.0.0.1:1/0", "DATABASE_URL": "sqlite://"}
    found = subprocess.run([sys.executable, "-c", BACKEND], env=env, cwd=ROOT, capture_output=True, text=True,
                           check=True, timeout=60)
    assert found.stdout.strip() == backend


@pytest.mark.redis
def test_the_site_uses_the_layer_of_its_switch(redis_url, settings):
    from channels.layers import get_channel_layer

    wanted = BatchedRedisChannelLayer if settings.SPEED_WING else RedisChannelLayer
    assert type(get_channel_layer()) is wanted


@pytest.mark.redis
@pytest.mark.asyncio
async def test_on_the_plain_layer_a_broadcast_reaches_the_watched_groups(redis_url, monkeypatch):
    layer = RedisChannelLayer(hosts=[redis_url], prefix=f"plain-{time.monotonic_ns()}")
    one, two = [await layer.new_channel() for _ in range(2)]
    await layer.group_add("game-1", one)
    await layer.group_add("user-7", two)
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    await asyncio.to_thread(broadcast.games_changed, changes=[(2, 5, [8, 9])])  # nobody watches game 2
    await asyncio.to_thread(broadcast.games_changed, changes=[(1, 3, [7, 8])])
    assert await layer.receive(one) == {"type": "game.changed", "game": 1, "version": 3}
    assert await layer.receive(two) == {"type": "games.changed", "game": 1, "version": 3}
    await layer.flush()
