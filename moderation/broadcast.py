"""Tells a game's open sockets that its chat changed.  The group message carries no text: each socket
then reads the thread for its own user, and only players get it (games/web/consumers.py: parts_changed)."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.broadcast import game_group

logger = logging.getLogger(__name__)


def chat_changed(*, game_id: int) -> None:
    try:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(game_group(game_id), {"type": "parts.changed", "game": game_id})
    except Exception:  # the message is stored; a lost live update must not surface as an error
        logger.exception("chat broadcast for game %s failed", game_id)
