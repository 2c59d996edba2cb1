"""The WebSocket of an open game page (``/ws/games/<id>/``); the per-user socket is notifications'.

Group messages only say "game N is at version V"; each connection then loads the game and renders
the view of its own user's seat (the spectator view for non-players), so nothing secret crosses a
group.  Other apps' parts of the game page (the players' chat) ride on the same socket: the consumer
asks who adds a part (``hooks.SOCKET_PARTS``) and sends what each renders for its own user.
A socket has no request: every render runs in the user's own time zone and language, as the page's
middleware does for a reload, so times and words read the same either way.
A signed-in player's socket also records that they have this game open (``presence``; the page says
"ping" every ``presence.HEARTBEAT`` seconds).  A turn counts as seen only when the page says so ("seen",
sent by a visible page after it drew the turn): a push alone proves nothing, since the server side of a
just-closed page's socket can still take a message (over Redis) while no one is looking.

A socket renders one update at a time: a notice that arrives while it renders asks for one more render
after it, however many arrive (``render_soon``).  That render starts after every notice it answers, so it
reads every change they announce, and a socket that falls behind (a burst of moves, a busy process)
catches up in one render instead of one per move.  Anonymous spectators share one render per version
(``_anonymous``): a move costs the same however many of them watch.  What does not change between renders is kept per
socket: the viewer's time zone and language while the user's stamp says their row is unchanged
(``core.user_stamp``), and whether the player is still new to the game's kind (the hint line).
"""

import asyncio
import json
import logging
from contextlib import contextmanager

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone, translation

from core import user_stamp
from core.timezones import zone_for, zone_named
from games import presence, selectors
from games.broadcast import game_group
from games.hooks import socket_parts
from games.models import Game
from games.services import seat_mark_seen
from games.web.presenters import game_payload, hint_applies, new_to_kind, render_board, render_log, render_parts
from web.sockets import AccountSocketMixin

logger = logging.getLogger(__name__)

# Each user's time zone and language as last read, kept while their stamp is unchanged.
_locales = user_stamp.Kept()

# Anonymous spectators all see the same thing (the public view, in UTC and the site's language): the
# newest game message rendered for one, as JSON text, per game -- (version, text). Each socket of a
# game with a thousand anonymous watchers would otherwise load and render it again after every move.
_anonymous: dict[int, tuple[int, str]] = {}
_anonymous_pending: dict[int, asyncio.Future] = {}  # the render under way for a game's watchers
ANONYMOUS_KEPT = 1000  # games; forgotten all at once beyond that (a render costs one reload each)


def _locale_row(user_id: int) -> dict | None:
    current = user_stamp.stamp(user_id)
    row = _locales.get(user_id, current)
    if row is None:
        row = get_user_model().objects.filter(pk=user_id).values("time_zone", "language").first()
        if row is not None:
            _locales.put(user_id, current, row)
    return row


@contextmanager
def viewer_locale(user):
    """The user's time zone and language while rendering for their socket (a change on the profile
    shows on the next render, without reconnecting: saving the user drops their stamp); UTC and the
    site's language for others."""
    zone, language = zone_for(None), settings.LANGUAGE_CODE
    if user is not None and user.is_authenticated:
        row = _locale_row(user.pk)
        if row:
            zone, language = zone_named(row["time_zone"]), row["language"] or language
    with timezone.override(zone), translation.override(language):
        yield


class GameConsumer(AccountSocketMixin, AsyncJsonWebsocketConsumer):
    render_task: asyncio.Task | None = None
    render_wanted = False
    announced = 0  # the newest version a "game changed" notice named
    # Whether the player has finished fewer than HINT_GAMES games of this kind: asked once per socket
    # (finishing one elsewhere shows on the next page load).
    is_new_to_kind: bool | None = None

    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.version = await database_sync_to_async(self._version)()  # what this socket has shown
        if self.version is None:
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(game_group(self.game_id), self.channel_name)
        await self.account_join()
        await self.accept()
        self.present = True
        await self._touch()

    async def disconnect(self, code):
        if self.render_task is not None:
            self.render_task.cancel()
        await self.account_leave()
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(game_group(self.game_id), self.channel_name)
        user = self.scope["user"]
        if getattr(self, "present", False) and user.is_authenticated:
            await sync_to_async(presence.presence_leave)(user_id=user.pk, channel=self.channel_name,
                                                         game_id=self.game_id)

    async def _touch(self):
        user = self.scope["user"]
        if user.is_authenticated:
            await sync_to_async(presence.presence_touch)(user_id=user.pk, channel=self.channel_name,
                                                         game_id=self.game_id)

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":  # the page is still open
            await self._touch()
            return
        if isinstance(content, dict) and content.get("type") == "seen":  # the turn is on a visible page
            await self._touch()
            await database_sync_to_async(self._seen)()
            return
        # Clients ask for a fresh copy on every (re)connect, so nothing sent while they were away is
        # lost: the game and, for a player, the chat. Moves go through the HTTP API.
        if isinstance(content, dict) and content.get("type") == "refresh":
            await self._touch()
            self.render_soon()
            await self.render_task  # the game first, then the other parts
            await self.parts_changed({})

    async def game_changed(self, event):
        self.announced = max(self.announced, event.get("version") or 0)
        self.render_soon()

    def render_soon(self) -> None:
        """Send the game as it is once whatever render is under way has finished (see the module
        docstring): one render however many notices come in meanwhile."""
        self.render_wanted = True
        if self.render_task is None or self.render_task.done():
            self.render_task = asyncio.create_task(self._render_while_wanted())

    async def _render_while_wanted(self) -> None:
        try:
            while self.render_wanted:
                self.render_wanted = False
                if self.scope["user"].is_authenticated or not self.announced or not settings.SHARED_SPECTATOR_RENDER:
                    text = await database_sync_to_async(self._message_text)()
                else:
                    text = await self._anonymous_text()
                await self.send(text_data=text)
        except OSError:  # the client went away meanwhile (uvicorn's ClientDisconnected): nobody to tell
            pass
        except Exception:  # the next notice renders again; the socket stays open
            logger.exception("rendering game %s for a socket failed", self.game_id)

    async def parts_changed(self, event):
        """Another app's part of the page changed (the chat): each socket gets what that part shows its
        own user, or nothing (a spectator gets no chat)."""
        for message in await database_sync_to_async(self._parts)():
            await self.send_json(message)

    def _parts(self) -> list[dict]:
        user = self.scope["user"]
        with viewer_locale(user):
            messages = socket_parts(game_id=self.game_id, user=user)
        return [m for m in messages if m is not None]

    def _version(self) -> int | None:
        return Game.objects.filter(pk=self.game_id).values_list("version", flat=True).first()

    def _seen(self) -> None:
        user = self.scope["user"]
        if user.is_authenticated:
            seat_mark_seen(game=selectors.game_with_seats(game_id=self.game_id), user=user)

    async def _anonymous_text(self) -> str:
        """The game message for an anonymous spectator told of version ``announced``: the one already
        rendered for them when it is that new, else the one render under way for the game's anonymous
        watchers in this process (started by the first to ask), else a render of its own."""
        while True:
            kept = _anonymous.get(self.game_id)
            if kept is not None and kept[0] >= self.announced:
                self.version = kept[0]
                return kept[1]
            pending = _anonymous_pending.get(self.game_id)
            if pending is None:
                pending = asyncio.ensure_future(database_sync_to_async(self._message_text)())
                _anonymous_pending[self.game_id] = pending
                pending.add_done_callback(lambda done, game_id=self.game_id: _anonymous_pending.pop(game_id, None))
            text = await asyncio.shield(pending)  # a watcher leaving does not cancel the others' render
            if _anonymous.get(self.game_id, (0,))[0] < self.announced:
                continue  # it had read the game before this version: one more
            return text

    def _message_text(self) -> str:
        message = self._message()
        text = json.dumps(message)
        if not self.scope["user"].is_authenticated:
            version = message["game"]["version"]
            kept = _anonymous.get(self.game_id)
            if kept is None or kept[0] < version:
                if len(_anonymous) >= ANONYMOUS_KEPT:
                    _anonymous.clear()
                _anonymous[self.game_id] = (version, text)
        return text

    def _message(self) -> dict:
        user = self.scope["user"]
        with viewer_locale(user):
            game = selectors.game_with_seats(game_id=self.game_id)
            payload = game_payload(game, user)
            self.version = game.version
            if self.is_new_to_kind is None and hint_applies(game, payload, user):
                self.is_new_to_kind = new_to_kind(user, game.kind)
            return {
                "type": "game",
                "game": payload,
                "html": render_board(game, payload, user=user, new=self.is_new_to_kind),
                "log_html": render_log(game, payload),
                "parts": render_parts(game, payload, user),
            }
