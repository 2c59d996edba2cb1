"""Opening the site's WebSockets in tests: the real ASGI app, an allowed origin, a signed-in user."""

from channels.testing import WebsocketCommunicator

from config.asgi import application


async def socket_open(path: str, user) -> WebsocketCommunicator:
    """A connected socket to ``path`` as ``user`` (fails the test if the server refuses it)."""
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator
