"""The speed wing: where Letterpost leaves the plain Django path for measured speed, behind one switch,
and the one place the code touches a library's private attributes.

With ``SPEED_WING`` on (the default): on PostgreSQL the move path's hot statements are plain SQL written once
(``core.rawsql``: the game and its seats read and locked in one statement, their JSON read by orjson
(``core.fastjson``), the move written in one, a token and its user read in one, many rows updated in one) and
the pool checks a connection without a round trip when the server said nothing; a token API request takes a
shorter middleware chain (``ChainHandler``), a request's sync work one thread hop (``config.asgi``), a
well-formed move body no serializer, the cache objects of a process one Redis client and the user-stamp read
one cache object (``core.cache``), and a broadcast asks Redis once which of its groups anybody is in
(``core.channel_layer``).  With it off, or on another database, every caller takes the plain library path: that
path is the reference, and the same tests (query-count pins included) pass both ways.  docs/performance.md
gives what each piece buys.

Every touch of a library's private attribute is a function here, listed in ``LIBRARY_TOUCHES``;
tests/core/test_speed_wing.py pins each one against the installed library and fails when code outside
this module touches a private attribute of a library.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.core.handlers.base import BaseHandler
from django.core.handlers.exception import convert_exception_to_response
from django.db.models import Model
from django.db.models.base import ModelState
from django.utils.module_loading import import_string

# (library, attribute, what for): the private attributes this module touches, each pinned by a test.
LIBRARY_TOUCHES = (
    ("django", "Model._state", "a row read or written by plain SQL becomes an instance the ORM sees as saved"),
    ("django", "Model._prefetched_objects_cache", "the seats read with their game answer game.seats.all()"),
    ("psycopg_pool", "ConnectionPool._check", "the checkout check Django gives the pool, which has no setter"),
    ("djangorestframework", "Request._request", "allauth's login form and the rate limits take Django's request"),
    ("drf-spectacular", "AutoSchema._get_response_bodies", "every operation documents the shared refusals"),
    ("drf-spectacular", "AutoSchema._get_response_for_code", "a refusal's response built as the library does"),
    ("django", "OutputWrapper._out", "a progress bar writes to a command's own error stream"),
    ("django", "HttpResponse._handler_class", "the one-hop ASGI handler marks a response as Django's does"),
    ("django", "BaseHandler._middleware_chain", "a token API request takes a shorter middleware chain"),
    ("django", "BaseHandler._view_middleware", "(the same chain's view, template and exception hooks)"),
    ("django", "BaseHandler._get_response", "(the view call at the end of that chain)"),
    ("django", "AbstractBaseUser._password", "a new password (not a hash upgrade at login) ends the API tokens"),
    ("channels-redis", "RedisChannelLayer._group_key", "many groups' members counted in one Redis command"),
    ("django-csp", "CSPMiddleware._csp_nonce_post_response", "a nonce asked for after the header is an error"),
    ("django-csp", "HttpRequest._csp_nonce", "whether a page asked for a nonce (then django-csp writes it)"),
)


def on(connection) -> bool:
    """Whether the wing's plain-SQL path serves ``connection``: the switch is on and it is PostgreSQL."""
    return settings.SPEED_WING and connection.vendor == "postgresql"


def switched_on() -> bool:
    """The switch itself, for the pieces that do not depend on the database."""
    return bool(settings.SPEED_WING)


# --- Django models -------------------------------------------------------------------------------

def saved_state(obj: Model, alias: str) -> None:
    """``obj`` now has its row in database ``alias`` (as after ``save`` or a query)."""
    state = obj.__dict__.get("_state")
    if state is None:
        obj._state = state = ModelState()
    state.adding, state.db = False, alias


def keep_prefetched(obj: Model, name: str, related: list) -> None:
    """``getattr(obj, name).all()`` answers ``related`` without a query, as after ``prefetch_related``."""
    obj._prefetched_objects_cache = {name: related}  # type: ignore[attr-defined]  # Django's, unannotated


def mark_handler(response, handler_class: type) -> None:
    """What Django's handlers do to each response (the test client reads it)."""
    response._handler_class = handler_class


def password_being_set(user) -> bool:
    """``set_password`` was called since the user was read or saved (Django clears it for a hash upgrade)."""
    return user._password is not None


# --- channels-redis ----------------------------------------------------------------------------------

def group_key(layer, group: str) -> str:
    """The Redis key under which channels-redis keeps a group's members."""
    return layer._group_key(group)


# --- django-csp -----------------------------------------------------------------------------------

def csp_nonce_asked(request) -> bool:
    """Whether the page used ``request.csp_nonce`` (django-csp then builds the header with it)."""
    return getattr(request, "_csp_nonce", None) is not None


def csp_late_nonce(middleware) -> Callable:
    """django-csp's guard that refuses a nonce asked for after the header was written."""
    return middleware._csp_nonce_post_response


# --- Django's handler --------------------------------------------------------------------------------

class ChainHandler(BaseHandler):
    """Django's handler with a middleware list of its own (all sync), built as ``BaseHandler.load_middleware``
    builds the chain of ``settings.MIDDLEWARE``."""

    def __init__(self, middleware: Sequence[str]) -> None:
        super().__init__()
        self.middleware = list(middleware)

    def load_middleware(self, is_async=False):
        self._view_middleware: list = []
        self._template_response_middleware: list = []
        self._exception_middleware: list = []
        handler = convert_exception_to_response(self._get_response)  # type: ignore[attr-defined]
        for path in reversed(self.middleware):
            try:
                middleware = import_string(path)(handler)
            except MiddlewareNotUsed:
                continue
            if hasattr(middleware, "process_view"):
                self._view_middleware.insert(0, middleware.process_view)
            if hasattr(middleware, "process_template_response"):
                self._template_response_middleware.append(middleware.process_template_response)
            if hasattr(middleware, "process_exception"):
                self._exception_middleware.append(middleware.process_exception)
            handler = convert_exception_to_response(middleware)
        self._middleware_chain = handler


# --- psycopg_pool --------------------------------------------------------------------------------

def pool_check(pool) -> Callable | None:
    """The check the pool runs on each connection it hands out."""
    return pool._check


def set_pool_check(pool, check: Callable) -> None:
    pool._check = check


# --- Django REST framework ---------------------------------------------------------------------------

def django_request(request) -> Any:
    """The Django ``HttpRequest`` under a DRF ``Request``."""
    return request._request


# --- drf-spectacular -----------------------------------------------------------------------------

class ResponseBodies:
    """Mixin for drf-spectacular's ``AutoSchema``: ``more_responses(responses)`` adds to each operation's
    documented responses (the library offers no public hook for that)."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)  # type: ignore[misc]
        return responses if direction != "response" else self.more_responses(responses)

    def more_responses(self, responses: dict) -> dict:
        return responses

    def response_for_code(self, serializer, code: str) -> dict:
        return self._get_response_for_code(serializer, code, direction="response")  # type: ignore[attr-defined]


# --- Django management commands -------------------------------------------------------------------

def raw_stream(output_wrapper) -> Any:
    """The stream under a command's ``self.stdout``/``self.stderr`` (their ``write`` adds a line end)."""
    return output_wrapper._out
