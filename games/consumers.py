"""WebSocket consumers: one per open game page and one per signed-in user.

Group messages only say "game N is at version V"; each connection then loads the game and renders
the view of its own user's seat (the spectator view for non-players), so nothing secret crosses a
group.  A socket has no request: its renders run in the user's own time zone and language, as the
page's middleware does for a reload, so times and words read the same either way.
"""

from contextlib import contextmanager

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone, translation

from core.timezones import zone_for, zone_named

from . import selectors
from .access import seat_for_user
from .broadcast import game_group, user_group
from .models import Game
from .presenters import game_payload, render_board, render_log, render_parts


@contextmanager
def viewer_locale(user):
    """The user's time zone and language while rendering for their socket (re-read each time, so a
    change on the profile shows without reconnecting); UTC and the site's language for others."""
    zone, language = zone_for(None), settings.LANGUAGE_CODE
    if user is not None and user.is_authenticated:
        row = get_user_model().objects.filter(pk=user.pk).values("time_zone", "language").first()
        if row:
            zone, language = zone_named(row["time_zone"]), row["language"] or language
    with timezone.override(zone), translation.override(language):
        yield


class GameConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        if not await database_sync_to_async(self._exists)():
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(game_group(self.game_id), self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(game_group(self.game_id), self.channel_name)

    async def receive_json(self, content, **kwargs):
        # Clients ask for a fresh copy on every (re)connect, so nothing sent while they were away is
        # lost: the game and, for a player, the chat. Moves go through the HTTP API.
        if isinstance(content, dict) and content.get("type") == "refresh":
            await self.send_json(await database_sync_to_async(self._message)())
            await self.chat_changed({})

    async def game_changed(self, event):
        await self.send_json(await database_sync_to_async(self._message)())

    async def chat_changed(self, event):
        """Chat is for the players only: each socket gets its own user's thread (muted authors left
        out), and a spectator's socket gets nothing (moderation/chat.py)."""
        message = await database_sync_to_async(self._chat_message)()
        if message is not None:
            await self.send_json(message)

    def _chat_message(self) -> dict | None:
        from moderation.chat import chat_socket_message

        user = self.scope["user"]
        with viewer_locale(user):
            return chat_socket_message(game_id=self.game_id, user=user)

    def _exists(self) -> bool:
        return Game.objects.filter(pk=self.game_id).exists()

    def _message(self) -> dict:
        user = self.scope["user"]
        with viewer_locale(user):
            game = selectors.game_with_seats(game_id=self.game_id)
            payload = game_payload(game, user)
            return {
                "type": "game",
                "game": payload,
                "html": render_board(game, payload, user=user),
                "log_html": render_log(game, payload),
                "parts": render_parts(game, payload, user),
            }


class UserConsumer(AsyncJsonWebsocketConsumer):
    """Feeds the dashboard and the "your move" badge of every page."""

    async def connect(self):
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        # After every (re)connect the page asks where things stand: the badge and the bell are set
        # from this, whatever was broadcast while the socket was down.
        if isinstance(content, dict) and content.get("type") == "refresh":
            await self.send_json(await database_sync_to_async(self._summary)())

    async def games_changed(self, event):
        await self.send_json(await database_sync_to_async(self._message)(event["game"]))

    async def notifications_changed(self, event):
        """The bell: the unread count only; the list itself is read on the notifications page."""
        from notifications.selectors import unread_count

        count = await database_sync_to_async(unread_count)(user=self.scope["user"])
        await self.send_json({"type": "notifications", "unread": count})

    def _summary(self) -> dict:
        from notifications.selectors import unread_count

        user = self.scope["user"]
        return {"type": "summary", "awaiting": selectors.awaiting_count(user=user), "unread": unread_count(user=user)}

    def _message(self, game_id: int) -> dict:
        user = self.scope["user"]
        # Only public facts of the game are needed here: no engine view is rendered for the badge.
        game = selectors.game_with_seats(game_id=game_id)
        seat = seat_for_user(game, user)
        return {
            "type": "games",
            "game": game_id,
            "status": game.status,
            "your_move": bool(seat and seat.to_act),
            "awaiting": selectors.awaiting_count(user=user),
        }
