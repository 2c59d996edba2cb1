"""ASGI entry point: HTTP through Django, WebSockets through Channels (authenticated, same-origin, capped)."""

import contextvars
import gc
import os
import random
from concurrent.futures import ThreadPoolExecutor

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

from asgiref.sync import sync_to_async  # noqa: E402
from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the app registry loaded)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core import signals  # noqa: E402
from django.core.exceptions import RequestAborted  # noqa: E402
from django.core.handlers.asgi import ASGIHandler, get_script_prefix  # noqa: E402
from django.http import FileResponse  # noqa: E402
from django.urls import re_path, set_script_prefix  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402
from core import speed  # noqa: E402
from core.after_response import open_request, run_pending  # noqa: E402
from core.request_memo import open_memo  # noqa: E402
from web.sockets import NoSuchSocket, SameOriginValidator, SocketLimits, SocketOutage  # noqa: E402


def hand_back_connection() -> bool:
    """Whether this response closes its keep-alive connection: one in ``KEEP_ALIVE_REQUESTS``, at random.
    A connection is served by the web process that accepted it for as long as it lasts, so a few busy
    ones can load one process while another idles; when the client reconnects,
    the process with time to spare is the one likeliest to accept."""
    every = settings.KEEP_ALIVE_REQUESTS
    return every > 0 and random.random() * every < 1


# The threads that do HTTP requests' sync work: few, so that they do not take turns at the GIL (settings'
# WEB_THREADS says why); a request waits in the event loop until one is free.
web_threads = ThreadPoolExecutor(max_workers=settings.WEB_THREADS, thread_name_prefix="web")


class OneHopASGIHandler(ASGIHandler):
    """Django's ASGI handler doing each request's sync work in one hop to a pooled thread.

    Django's own adapts every middleware to its neighbours' mode (a chain mixing sync-only and
    async-capable middleware, ours and allauth's, switched threads three times a request), sends
    ``request_started`` and closes the response in hops of their own, and starts a new thread for
    every request.  Every view and middleware here is sync, so one pooled thread does it all: the
    ``request_started`` handlers, the middleware chain and view, and closing the response (which
    hands the database connection back to the pool from the thread that used it).  A streaming
    response is closed after it has been sent.  Sync views cannot be interrupted, so there is no
    listening for an early disconnect.  The pool is ``web_threads``: ``WEB_THREADS`` threads, each holding
    at most one database connection (within ``DATABASE_POOL_MAX``).  Part of the speed wing: with
    ``SPEED_WING`` off Django's own handler serves."""

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def handle(self, scope, receive, send):
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        pending = open_request()
        open_memo()
        try:
            response = await sync_to_async(self._respond, thread_sensitive=False, executor=web_threads)(
                scope, body_file
            )
            if hand_back_connection():
                response["Connection"] = "close"  # the server closes it after this response
            try:
                await self.send_response(response, send)
            finally:
                if response.streaming:
                    await sync_to_async(response.close, thread_sensitive=False, executor=web_threads)()
        finally:
            body_file.close()
            await run_pending(pending)  # the broadcast, eager bots' turns: after the response (core.after_response)

    def _respond(self, scope, body_file):
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            speed.mark_handler(response, self.__class__)
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        if not response.streaming:
            response.close()  # its content is in memory; request_finished runs in this thread
        return response


# Loading the middleware resolves URLs (``reverse`` in a middleware's ``__init__``), which leaves a value
# in each URL resolver's asgiref ``Local`` -- 46 of them -- in the importing thread's context.  Every
# request's context starts as a copy of that one, and asgiref's thread hop walks and re-homes every
# variable in it twice per request (a twentieth of an API move).  So the handler is built in a context
# of its own.
django_asgi_app = contextvars.Context().run(OneHopASGIHandler if settings.SPEED_WING else ASGIHandler)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # A page of this site only; refused cleanly during an outage; capped; an unknown address closed.
        "websocket": SameOriginValidator(SocketOutage(AuthMiddlewareStack(SocketLimits(
            URLRouter([*websocket_urlpatterns, re_path(r"", NoSuchSocket())]))))),
    }
)

# What is loaded at startup (modules, URL patterns, compiled templates) lives as long as the process; frozen
# out of the collector's generations it is no longer walked by every full collection, which a page's
# short-lived cycles (ORM rows with their prefetched seats) trigger every few requests.
gc.collect()
gc.freeze()
