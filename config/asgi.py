"""ASGI entry point: HTTP through Django, WebSockets through Channels (authenticated, origin-checked)."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the app registry loaded)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# What is loaded at startup (modules, URL patterns, compiled templates) lives as long as the process; frozen
# out of the collector's generations it is no longer walked by every full collection, which a page's
# short-lived cycles (ORM rows with their prefetched seats) trigger every few requests (bench/README.md,
# "The site at scale").
gc.collect()
gc.freeze()
