"""What every WebSocket of the site shares: bounded JSON from the client, the per-account group
through which a signed-in user's sockets are closed at once (a suspension: moderation sends
``account.closed``; the page then stops receiving instead of carrying on until a reload), and the one
look again after the channel layer's quiet time (``core.channel_layer``)."""

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from core.channel_layer import recheck_delay
from core.errors import AppError
from core.parsers import strict_json_loads

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


class AccountSocketMixin:
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


class RecheckSocketMixin:
    """For consumers whose group a move in another process may have found empty just before they
    joined (``core.channel_layer``'s quiet time): ``recheck_start`` in ``connect`` (after the group
    join), ``recheck_stop`` in ``disconnect``.  Once the quiet time is over, ``recheck`` runs once and
    sends whatever the socket missed.  Layers without a quiet time need no second look."""

    async def recheck_prepare(self) -> None:
        """Note what the socket knows as it joins (only when a look again will follow)."""

    async def recheck(self) -> None:
        raise NotImplementedError

    async def recheck_start(self) -> None:
        delay = recheck_delay(self.channel_layer)
        if delay is not None:
            await self.recheck_prepare()
            self.recheck_task = asyncio.create_task(self._recheck_after(delay))

    async def _recheck_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await self.recheck()
        except OSError:  # the client went away meanwhile (uvicorn's ClientDisconnected): nobody to tell
            pass

    def recheck_stop(self) -> None:
        task = getattr(self, "recheck_task", None)
        if task is not None:
            task.cancel()
