"""Opening the site's WebSockets in tests (the real ASGI app, an allowed origin, a signed-in user) and
waiting on them for a kind of message."""

from channels.testing import WebsocketCommunicator

from config.asgi import application


async def socket_open(path: str, user) -> WebsocketCommunicator:
    """A connected socket to ``path`` as ``user`` (fails the test if the server refuses it)."""
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def socket_next_of_type(sock: WebsocketCommunicator, kind: str, timeout: float = 5) -> dict:
    """The next message of ``type`` ``kind``, skipping others (the bell may speak first on the user
    socket); fails the test if none comes within ``timeout`` seconds of the previous one."""
    message = await sock.receive_json_from(timeout=timeout)
    while message["type"] != kind:
        message = await sock.receive_json_from(timeout=timeout)
    return message
