"""What every WebSocket of the site shares: bounded JSON from the client, the per-account group
through which a signed-in user's sockets are closed at once (a suspension: moderation sends
``account.closed``; the page then stops receiving instead of carrying on until a reload)."""

import logging
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.http.request import split_domain_port, validate_host

from core.errors import AppError
from web.parsers import strict_json_loads

if TYPE_CHECKING:  # the mixins below are mixed into this; they add no base class of their own
    from channels.generic.websocket import AsyncJsonWebsocketConsumer as _Consumer
else:
    _Consumer = object

logger = logging.getLogger(__name__)

# The close code a page sees when its user's account was closed to it (suspended).
CLOSE_ACCOUNT_CLOSED = 4403


def account_group(user_id: int) -> str:
    return f"account-{user_id}"


def account_sockets_close(*, user_id: int) -> None:
    """Close every open socket of the user (called on commit; a failure is logged, not raised: the
    sessions are already ended and every write refused)."""
    try:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(account_group(user_id), {"type": "account.closed"})
    except Exception:
        logger.exception("closing the sockets of user %s failed", user_id)


class AccountSocketMixin(_Consumer):
    """For ``AsyncJsonWebsocketConsumer`` subclasses: call ``account_join`` in ``connect`` (before
    ``accept``) and ``account_leave`` in ``disconnect``."""

    async def account_join(self) -> None:
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.account_group_name = account_group(user.pk)
            await self.channel_layer.group_add(self.account_group_name, self.channel_name)

    async def account_leave(self) -> None:
        if getattr(self, "account_group_name", None):
            await self.channel_layer.group_discard(self.account_group_name, self.channel_name)

    async def account_closed(self, event) -> None:
        await self.close(code=CLOSE_ACCOUNT_CLOSED)

    @classmethod
    async def decode_json(cls, text_data):
        # A client's message nested thousands deep (or otherwise unparseable) is ignored, not a crash.
        try:
            return strict_json_loads(text_data)
        except AppError:
            return None


# Close codes a page may see when it opens a socket.
CLOSE_NO_SUCH_SOCKET = 4404  # no socket lives at that address
CLOSE_TOO_MANY = 4429  # this user, address or game has as many open as it may
CLOSE_TRY_LATER = 1013  # the channel layer (Redis) cannot be reached: reconnect later


async def refuse(receive, send, code: int) -> None:
    """Answer a socket's opening handshake, then close it with ``code``: the page learns why (a close
    before the handshake would only be an HTTP 403)."""
    message = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": code})


class SocketLimits:
    """ASGI middleware (inside the authentication) capping the sockets this process holds open: per
    signed-in user, per client address, and per game for anonymous spectators, whose sockets each cost a
    render per move. A socket over a cap is answered and closed with ``CLOSE_TOO_MANY``. The counts are
    per process: with ``WEB_CONCURRENCY`` processes a client may hold that many times the caps at most."""

    def __init__(self, inner):
        self.inner = inner
        self.open: dict[tuple, int] = {}

    def _keys(self, scope) -> list[tuple[tuple, int]]:
        user = scope.get("user")
        client = scope.get("client") or ("?", 0)
        keys = [(("address", client[0]), settings.SOCKETS_PER_ADDRESS)]
        if user is not None and user.is_authenticated:
            keys.append((("user", user.pk), settings.SOCKETS_PER_USER))
        else:
            keys.append((("anonymous", scope["path"]), settings.ANONYMOUS_SOCKETS_PER_PATH))
        return keys

    async def __call__(self, scope, receive, send):
        keys = self._keys(scope)
        if any(self.open.get(key, 0) >= cap for key, cap in keys):
            await refuse(receive, send, CLOSE_TOO_MANY)
            return
        for key, _ in keys:
            self.open[key] = self.open.get(key, 0) + 1
        try:
            return await self.inner(scope, receive, send)
        finally:
            for key, _ in keys:
                left = self.open[key] - 1
                if left:
                    self.open[key] = left
                else:
                    del self.open[key]


class SocketOutage:
    """ASGI middleware: a socket whose opening fails (the channel layer's Redis unreachable, the
    session store down) is answered and closed with ``CLOSE_TRY_LATER`` instead of an HTTP 500. Once
    a socket is open, a failure closes it as the server does (1011), and the page reconnects."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        connected = answered = False

        async def received():
            nonlocal connected
            message = await receive()
            connected = connected or message["type"] == "websocket.connect"
            return message

        async def tracked(message):
            nonlocal answered
            if message["type"] in ("websocket.accept", "websocket.close", "websocket.http.response.start"):
                answered = True
            await send(message)

        try:
            return await self.inner(scope, received, tracked)
        except Exception:
            if answered:
                raise
            logger.warning("a socket to %s could not be opened", scope.get("path"), exc_info=True)
            if not connected:
                await receive()
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": CLOSE_TRY_LATER})


class NoSuchSocket:
    """The last route: a socket at an address of no consumer is answered and closed with
    ``CLOSE_NO_SUCH_SOCKET`` (Channels' router would raise, and the server answer 500)."""

    async def __call__(self, scope, receive, send):
        await refuse(receive, send, CLOSE_NO_SUCH_SOCKET)


class SameOriginValidator:
    """ASGI middleware refusing a socket whose page came from another site: the ``Origin`` must be
    this request's own scheme, host and port (the ``Host`` header, on an allowed host), the site's
    ``SITE_URL``, or one of ``CSRF_TRUSTED_ORIGINS``. Channels' own validator compares the host alone."""

    def __init__(self, inner):
        self.inner = inner

    @staticmethod
    def _origin(scheme: str, host: str) -> str:
        default = {"http": "80", "https": "443"}[scheme]
        return f"{scheme}://{host.lower().removesuffix(f':{default}')}"

    def allowed(self, scope) -> bool:
        headers = dict(scope.get("headers") or [])
        origin = headers.get(b"origin", b"").decode("latin-1").strip().lower()
        if not origin or origin == "null":
            return False
        scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
        try:
            origin = self._origin(*origin.split("://", 1)) if "://" in origin else origin
        except KeyError:
            return False
        host = headers.get(b"host", b"").decode("latin-1").strip()
        if host and validate_host(split_domain_port(host)[0], settings.ALLOWED_HOSTS) \
                and origin == self._origin(scheme, host):
            return True
        site = urlsplit(settings.SITE_URL)
        trusted = {self._origin(site.scheme, site.netloc)} | {
            self._origin(*o.lower().split("://", 1)) for o in settings.CSRF_TRUSTED_ORIGINS if "://" in o}
        return origin in trusted

    async def __call__(self, scope, receive, send):
        if not self.allowed(scope):
            await receive()  # the handshake, refused: an HTTP 403
            await send({"type": "websocket.close"})
            return
        return await self.inner(scope, receive, send)
