"""A socket joining just after another process found its group empty (``core.channel_layer``'s quiet
time) still gets the change: the consumers look again once the quiet time is over.  The other process is
played by this one's layer remembering the groups as empty right after the sockets joined.  Needs Redis
(skipped without it, failing in CI)."""

import time

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from core import channel_layer
from games import broadcast, services
from tests.sockets import socket_next_of_type

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.redis]


@pytest.fixture
def redis_layer(redis_url, settings, monkeypatch):
    layer = settings.CHANNEL_LAYERS["default"]
    settings.CHANNEL_LAYERS = {
        "default": {**layer, "CONFIG": {**layer["CONFIG"], "prefix": f"recheck-{time.monotonic_ns()}"}}
    }
    monkeypatch.setattr(channel_layer, "RECHECK_MARGIN", 0.3)
    layer = get_channel_layer()
    layer.quiet_seconds = 0.3
    return layer


@pytest.fixture
def game(alice, bob):
    return services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


def found_empty(layer, *groups):
    for group in groups:
        layer._empty[group] = time.monotonic()


async def move(game, user, version):
    await sync_to_async(services.game_submit_move)(
        game_id=game.pk, user=user, move={"type": "add", "n": 1}, version=version, idempotency_key=f"r{version}"
    )


async def test_a_move_nobody_was_told_of_reaches_the_game_socket_after_the_quiet_time(
    redis_layer, game, alice, bob, sockets
):
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    found_empty(
        redis_layer, broadcast.game_group(game.pk), broadcast.user_group(alice.pk), broadcast.user_group(bob.pk)
    )
    await move(game, alice, 1)
    assert await sock.receive_nothing(timeout=0.2)  # the broadcast was skipped
    message = await socket_next_of_type(sock, "game")  # the look again
    assert message["game"]["version"] == 2 and message["game"]["seat"] == 1


async def test_the_game_socket_says_nothing_more_when_nothing_moved(redis_layer, game, bob, sockets):
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    assert await sock.receive_nothing(timeout=1.2)


async def test_the_user_socket_asks_the_page_to_fetch_its_lists_after_a_missed_change(
    redis_layer, game, alice, bob, sockets
):
    sock = await sockets.open("/ws/me/", bob)
    found_empty(
        redis_layer, broadcast.game_group(game.pk), broadcast.user_group(alice.pk), broadcast.user_group(bob.pk)
    )
    await move(game, alice, 1)
    message = await socket_next_of_type(sock, "summary")
    assert message["resync"] is True and message["awaiting"] == 1


async def test_the_user_socket_says_nothing_more_when_nothing_changed(redis_layer, game, bob, sockets):
    sock = await sockets.open("/ws/me/", bob)
    assert await sock.receive_nothing(timeout=1.2)


async def test_sockets_told_of_a_move_say_nothing_more_after_the_quiet_time(redis_layer, game, alice, bob, sockets):
    game_sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    user_sock = await sockets.open("/ws/me/", bob)
    await move(game, alice, 1)  # both groups have a member: the broadcast goes out
    assert (await socket_next_of_type(game_sock, "game"))["game"]["version"] == 2
    assert (await socket_next_of_type(user_sock, "games"))["game"] == game.pk
    assert await game_sock.receive_nothing(timeout=1.2)
    assert await user_sock.receive_nothing(timeout=0.1)
