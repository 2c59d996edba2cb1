"""Every WebSocket address of the site: the game pages' and the per-user socket."""

from games.web.routing import websocket_urlpatterns as game_sockets
from notifications.routing import websocket_urlpatterns as user_sockets

websocket_urlpatterns = [*game_sockets, *user_sockets]
