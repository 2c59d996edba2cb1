"""Tells open sockets that something changed.  Group messages carry no game state, only
"game N is at version V"; each connection then renders its own seat's view.

Called from ``transaction.on_commit``: if the channel layer is down the move is already committed,
so the failure is logged and swallowed.  In a web request the messages go out after the response
(``core.after_response``).
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from core.after_response import after_response

logger = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


# The user sockets of open lobby pages (``/ws/me/?lobby=1``): told when an open seek changes.
LOBBY_GROUP = "lobby"


async def _send_all(layer, messages: list[tuple[str, dict]]) -> None:
    # One hop into the event loop for all groups, sent in order.
    for group, message in messages:
        await layer.group_send(group, message)


def game_changed(*, game_id: int, version: int, user_ids: list[int]) -> None:
    games_changed(changes=[(game_id, version, user_ids)])


def games_changed(*, changes: list[tuple[int, int, list[int]]]) -> None:
    """``(game_id, version, user_ids)`` for each changed game, all sent in one hop (a league season
    starting hundreds of games at once).  The Redis layer is first asked, from this thread, which of the
    groups anybody is in (``core.channel_layer``): a change nobody watches costs one round trip and no
    hop into the event loop."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        messages = []
        for game_id, version, user_ids in changes:
            messages.append((game_group(game_id), {"type": "game.changed", "game": game_id, "version": version}))
            messages += [
                (user_group(user_id), {"type": "games.changed", "game": game_id, "version": version})
                for user_id in user_ids
            ]
        watched = getattr(layer, "groups_with_members", None)
        if watched is not None:
            live = watched([group for group, _ in messages])
            messages = [(group, message) for group, message in messages if group in live]
            if not messages:
                return
        # In a web request: sent from the event loop once the response is out (no thread hop).
        if not after_response(_send_all, layer, messages):
            async_to_sync(_send_all)(layer, messages)
    except Exception:  # the change is committed; a lost notification must not surface as an error
        logger.exception("broadcast of games %s failed", [c[0] for c in changes][:10])


def seeks_changed(*, seek_ids: list[int]) -> None:
    """Tell every open lobby that these seeks changed (posted, a seat taken or given back, started,
    withdrawn): each socket reads each seek again and sends its page the row, or that it is gone.  Only
    ids cross the group; a seek has no secret, but the row is drawn for each viewer (their language, and
    Accept or Withdraw)."""
    try:
        layer = get_channel_layer()
        if layer is None or not seek_ids:
            return
        watched = getattr(layer, "groups_with_members", None)
        if watched is not None and LOBBY_GROUP not in watched([LOBBY_GROUP]):
            return
        messages = [(LOBBY_GROUP, {"type": "lobby.seek", "seek": seek_id}) for seek_id in seek_ids]
        if not after_response(_send_all, layer, messages):
            async_to_sync(_send_all)(layer, messages)
    except Exception:  # the seek is committed; a lost update must not surface as an error
        logger.exception("broadcast of seeks %s failed", seek_ids[:10])
