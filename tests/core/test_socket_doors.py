"""The doors every WebSocket passes (config/asgi.py, web/sockets.py): same origin by scheme, host and
port; caps per user, per address and per game for anonymous spectators (4429); an unknown address
closed with 4404; a channel layer that fails while a socket opens gives 1013, never a server error."""

import pytest
import pytest_asyncio
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.asgi import application
from games import services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def game(alice, bob):
    return services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


class Opened:
    """Sockets opened by one test, all closed at its end."""

    def __init__(self):
        self.all = []

    async def open(self, path, user=None, *, origin=b"http://127.0.0.1", host=b"127.0.0.1",
                   client=("127.0.0.1", 50000), scheme="ws"):
        """Open a socket: "open" when accepted and kept, the close code when accepted and closed at
        once, "refused" when the handshake was refused."""
        headers = [(b"origin", origin)] if origin is not None else []
        communicator = WebsocketCommunicator(application, path, headers=[*headers, (b"host", host)])
        communicator.scope.update(client=client, scheme=scheme, user=user or AnonymousUser())
        self.all.append(communicator)
        connected, _ = await communicator.connect(timeout=5)
        if not connected:
            return "refused"
        if await communicator.receive_nothing(timeout=0.2):
            return "open"
        message = await communicator.receive_output(timeout=1)
        return message.get("code") if message["type"] == "websocket.close" else "open"

    async def close_all(self):
        for communicator in self.all:
            if not communicator.future.done():
                await communicator.disconnect()


@pytest_asyncio.fixture
async def opened():
    sockets = Opened()
    yield sockets
    await sockets.close_all()


async def test_the_origin_must_be_the_pages_own_scheme_host_and_port(game, bob, opened, settings):
    settings.SITE_URL = "https://letterpost.example"
    path = f"/ws/games/{game.pk}/"
    assert await opened.open(path, bob) == "open"
    for origin in (b"https://127.0.0.1", b"http://127.0.0.1:8001", b"http://evil.example", b"null", None,
                   b"http://127.0.0.1.evil.example"):
        assert await opened.open(path, bob, origin=origin) == "refused", origin
    # Behind a proxy that ends TLS the socket is wss and the page https; and the site's own address.
    assert await opened.open(path, bob, origin=b"https://127.0.0.1:443", scheme="wss") == "open"
    assert await opened.open(path, bob, origin=b"https://letterpost.example", host=b"10.0.0.5:8000") == "open"
    assert await opened.open(path, bob, origin=b"http://127.0.0.1", host=b"not-allowed.example") == "refused"


async def test_a_user_may_hold_twenty_sockets_and_the_next_is_closed_with_4429(game, bob, alice, opened):
    path = f"/ws/games/{game.pk}/"
    for i in range(20):
        assert await opened.open(path, bob, client=("10.0.0.1", i)) == "open"
    assert await opened.open(path, bob, client=("10.0.0.2", 1)) == 4429
    assert await opened.open(path, alice, client=("10.0.0.1", 99)) == "open"  # someone else: their own cap
    await opened.all[0].disconnect()
    assert await opened.open("/ws/me/", bob, client=("10.0.0.1", 100)) == "open"  # one closed, one may open


async def test_an_address_and_a_games_anonymous_spectators_are_capped(game, alice, bob, carol, opened, settings):
    settings.SOCKETS_PER_ADDRESS = 3
    settings.ANONYMOUS_SOCKETS_PER_PATH = 2
    path = f"/ws/games/{game.pk}/"
    assert [await opened.open(path, user, client=("10.0.0.7", 1)) for user in (alice, bob, carol)] == ["open"] * 3
    assert await opened.open(path, alice, client=("10.0.0.7", 2)) == 4429
    assert [await opened.open(path, client=(f"10.1.0.{i}", 1)) for i in range(3)] == ["open", "open", 4429]
    other = await services_game(alice, bob)
    assert await opened.open(f"/ws/games/{other.pk}/", client=("10.1.0.9", 1)) == "open"
    assert await opened.open(path, carol, client=("10.2.0.1", 1)) == "open"  # a signed-in spectator


async def services_game(alice, bob):
    from asgiref.sync import sync_to_async

    return await sync_to_async(services.game_create)(creator=alice, kind="toy", opponents=[bob], seed=6)


async def test_an_unknown_socket_address_is_closed_with_4404(bob, opened):
    assert await opened.open("/ws/no-such-socket/", bob) == 4404
    assert await opened.open("/ws/games/not-a-number/") == 4404
    assert await opened.open("/ws/games/999999/", bob) == "refused"  # no such game: refused as before


async def test_a_channel_layer_down_as_a_socket_opens_closes_it_with_1013(game, bob, opened, monkeypatch):
    async def down(self, *args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(type(get_channel_layer()), "group_add", down)  # in memory, or Redis in CI
    assert await opened.open(f"/ws/games/{game.pk}/", bob) == 1013
    assert await opened.open("/ws/me/", bob) == 1013
