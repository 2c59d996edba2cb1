"""The per-user WebSocket (``/ws/me/``) every page opens: the "your move" badge, the dashboard's rows
and the bell, each read for this socket's user when a group message says something changed.  It also
records that the player has the site open (``games.presence``; the page says "ping" every
``HEARTBEAT`` seconds): no "your move" notice is sent to a player who is here.
An open lobby page opens it as ``/ws/me/?lobby=1``: the socket then also joins the lobby's group and
sends the page each changed seek's row, drawn for this user (``games.web.lobby``), or that it is gone:
the lobby lives on the socket every page opens anyway, within the same limits."""

from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import presence
from games import selectors as game_selectors
from games.access import seat_for_user
from games.broadcast import LOBBY_GROUP, user_group
from games.web.consumers import viewer_locale
from games.web.lobby import lobby_seek, seek_rows_html
from web.sockets import AccountSocketMixin

from .selectors import unread_count


class UserConsumer(AccountSocketMixin, AsyncJsonWebsocketConsumer):
    """Feeds the dashboard and the "your move" badge of every page."""

    async def connect(self):
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.lobby = query.get("lobby") == ["1"]
        if self.lobby:
            await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.account_join()
        await self.accept()
        await self._touch()

    async def disconnect(self, code):
        await self.account_leave()
        if getattr(self, "lobby", False):
            await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await sync_to_async(presence.presence_leave)(user_id=self.scope["user"].pk, channel=self.channel_name)

    async def _touch(self):
        await sync_to_async(presence.presence_touch)(user_id=self.scope["user"].pk, channel=self.channel_name)

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":  # the site is still open
            await self._touch()
            return
        # After every (re)connect the page asks where things stand: the badge and the bell are set
        # from this, whatever was broadcast while the socket was down.
        if isinstance(content, dict) and content.get("type") == "refresh":
            await self._touch()
            await self.send_json(await database_sync_to_async(self._summary)())

    async def games_changed(self, event):
        await self.send_json(await database_sync_to_async(self._message)(event["game"]))

    async def lobby_seek(self, event):
        """A seek changed: its row as this user sees it, or ``html: null`` when it left the lobby."""
        await self.send_json(await database_sync_to_async(self._seek_row)(event["seek"]))

    async def notifications_changed(self, event):
        """The bell: the unread count only; the list itself is read on the notifications page."""
        count = await database_sync_to_async(unread_count)(user=self.scope["user"])
        await self.send_json({"type": "notifications", "unread": count})

    def _seek_row(self, game_id: int) -> dict:
        user = self.scope["user"]
        seek, ratings = lobby_seek(game_id=game_id)
        html = None
        if seek is not None:
            with viewer_locale(user):
                # No form token on a socket: the page puts its own in (static/js/lobby.js).
                html = seek_rows_html([seek], ratings=ratings, user_id=user.pk, csrf_input="").strip()
        return {"type": "seek", "seek": game_id, "html": html}

    def _summary(self) -> dict:
        user = self.scope["user"]
        awaiting = game_selectors.awaiting_count(user=user)
        return {"type": "summary", "awaiting": awaiting, "unread": unread_count(user=user)}

    def _message(self, game_id: int) -> dict:
        user = self.scope["user"]
        # Only public facts of the game are needed here: no engine view is rendered for the badge.
        game = game_selectors.game_with_seats(game_id=game_id)
        seat = seat_for_user(game, user)
        known = getattr(self, "known", None)
        if known is not None:
            if seat is not None and game.status in game_selectors.UNFINISHED:
                known[game_id] = (game.version, game.status)
            else:
                known.pop(game_id, None)
        return {
            "type": "games",
            "game": game_id,
            "status": game.status,
            "your_move": bool(seat and seat.to_act),
            "awaiting": game_selectors.awaiting_count(user=user),
        }
