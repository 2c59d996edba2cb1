"""ASGI entry point: HTTP through Django, WebSockets through Channels (authenticated, origin-checked)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

from asgiref.sync import sync_to_async  # noqa: E402
from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the app registry loaded)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402


class OneHopASGIHandler(ASGIHandler):
    """Django's ASGI handler running the whole middleware chain and the view in one hop to the request's
    thread.  Django adapts each middleware to its neighbours' mode, and a chain mixing sync-only and
    async-capable middleware (ours, allauth's) switched threads three times a request; every view and
    middleware here is sync, so the chain is built sync and entered once."""

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


django_asgi_app = OneHopASGIHandler()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
