"""Sockets on the real Redis channel layer stay up while idle.

The redis client's default 5 s socket timeout once equalled channels-redis' 5 s blocking read, so an
idle socket's consumer died after about 5 s with ``TimeoutError``. These tests hold sockets idle well
past that and then expect a move's update on the same connection. They need Redis (``REDIS_URL``):
skipped without it, failing in CI.
"""

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer

from games import services
from tests.sockets import socket_next_of_type

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.slow, pytest.mark.redis]

IDLE_SECONDS = 30


@pytest.fixture
def redis_layer(redis_url, settings):
    """The configured Redis layer, under a prefix of its own: other runs may share the server."""
    layer = settings.CHANNEL_LAYERS["default"]
    settings.CHANNEL_LAYERS = {
        "default": {**layer, "CONFIG": {**layer["CONFIG"], "prefix": f"idle-{time.monotonic_ns()}"}}
    }
    assert isinstance(get_channel_layer(), RedisChannelLayer)
    return get_channel_layer()


@pytest.fixture
def game(alice, bob):
    return services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)



async def test_idle_sockets_still_receive_a_move_after_30_seconds(redis_layer, game, alice, bob, sockets):
    game_sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    user_sock = await sockets.open("/ws/me/", bob)

    await asyncio.sleep(IDLE_SECONDS)
    # Neither consumer died in the meantime (a crashed consumer re-raises here).
    assert await game_sock.receive_nothing(timeout=0.1)
    assert await user_sock.receive_nothing(timeout=0.1)

    await sync_to_async(services.game_submit_move)(
        game_id=game.pk, user=alice, move={"type": "add", "n": 2}, version=1, idempotency_key="idle-1"
    )
    message = await socket_next_of_type(game_sock, "game")
    assert message["game"]["version"] == 2 and message["game"]["seat"] == 1
    badge = await socket_next_of_type(user_sock, "games")
    assert badge["game"] == game.pk and badge["your_move"] is True
