"""Opening the site's WebSockets in tests (the real ASGI app, an allowed origin, a signed-in user),
closing them when the test ends, and waiting on them for a kind of message."""

from channels.testing import WebsocketCommunicator

from config.asgi import application

ALLOWED_ORIGIN = b"http://127.0.0.1"
HOST = b"127.0.0.1"  # the page's own origin is the socket's scheme, host and port


class Sockets:
    """The sockets one test opens (the ``sockets`` fixture of ``tests/conftest.py``), each closed when the
    test ends if it is still open, whether the test passed, failed or forgot.  A consumer left running
    (the server refused its socket, or an assertion failed first) would otherwise be cancelled only as
    the test's event loop closes, and a hang there once held the Redis channel layer's receive for the
    next tests' loops ("Two event loops are trying to receive()")."""

    def __init__(self):
        self.opened: list[WebsocketCommunicator] = []

    async def connect(self, path: str, user=None, origin: bytes = ALLOWED_ORIGIN):
        """A socket to ``path`` as ``user`` (the scope's own when ``None``), with whether the server
        accepted it and the close code if it refused."""
        communicator = WebsocketCommunicator(application, path, headers=[(b"origin", origin), (b"host", HOST)])
        if user is not None:
            communicator.scope["user"] = user
        self.opened.append(communicator)
        connected, code = await communicator.connect()
        return communicator, connected, code

    async def open(self, path: str, user) -> WebsocketCommunicator:
        """A connected socket to ``path`` as ``user`` (fails the test if the server refuses it)."""
        communicator, connected, code = await self.connect(path, user)
        assert connected, f"the server refused {path} with code {code}"
        return communicator

    async def close_all(self) -> None:
        """Close every socket still open, all of them even if one fails; then raise the first failure."""
        failures = []
        for communicator in self.opened:
            if not communicator.future.done():
                try:
                    await communicator.disconnect()
                except Exception as failure:  # the others are still closed first
                    failures.append(failure)
        if failures:
            raise failures[0]


async def socket_next_of_type(sock: WebsocketCommunicator, kind: str, timeout: float = 5) -> dict:
    """The next message of ``type`` ``kind``, skipping others (the bell may speak first on the user
    socket); fails the test if none comes within ``timeout`` seconds of the previous one."""
    message = await sock.receive_json_from(timeout=timeout)
    while message["type"] != kind:
        message = await sock.receive_json_from(timeout=timeout)
    return message


async def socket_snapshot(game_id: int, user) -> dict:
    """What the game socket sends ``user`` when the page asks for a fresh copy."""
    sockets = Sockets()
    try:
        sock = await sockets.open(f"/ws/games/{game_id}/", user)
        await sock.send_json_to({"type": "refresh"})
        return await socket_next_of_type(sock, "game", timeout=10)
    finally:
        await sockets.close_all()
