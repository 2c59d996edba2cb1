"""Tells a player's open pages that their unread count changed (the bell).  Like games/broadcast.py
the message carries no content; the socket reads the count for its own user."""

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.broadcast import user_group

logger = logging.getLogger(__name__)


def unread_changed(*, user_ids: list[int]) -> None:
    if not user_ids:
        return
    try:
        layer = get_channel_layer()
        if layer is None:
            return

        async def send_all():
            message = {"type": "notifications.changed"}
            await asyncio.gather(*(layer.group_send(user_group(uid), message) for uid in user_ids))

        async_to_sync(send_all)()
    except Exception:  # committed already; a lost bell update must not surface as an error
        logger.exception("notification broadcast failed")
