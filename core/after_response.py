"""Async work a request hands to the server to run once its response has gone out.

The ASGI handler (``config/asgi.py``) opens a list for each HTTP request; ``after_response`` adds a
coroutine function to it and the handler awaits each, in order, on the event loop after sending the
response: no thread hop and no wait for it in the request.  Outside such a request (tests, Celery
tasks, the deadline sweep) there is no list and the caller runs the work itself.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar

logger = logging.getLogger(__name__)

_pending: ContextVar[list | None] = ContextVar("after_response", default=None)


def after_response(work: Callable[..., Awaitable[None]], *args) -> bool:
    """Queue ``work(*args)`` to run after the current request's response; False when there is no request
    to hand it to (the caller then runs it itself)."""
    pending = _pending.get()
    if pending is None:
        return False
    pending.append((work, args))
    return True


def open_request() -> list:
    """Start collecting work for the request running in this context (the ASGI handler)."""
    pending: list = []
    _pending.set(pending)
    return pending


async def run_pending(pending: list) -> None:
    """Run what the request queued, in order; a failure is logged (the request's changes are committed)."""
    for work, args in pending:
        try:
            await work(*args)
        except Exception:
            logger.exception("work after the response failed: %s", getattr(work, "__qualname__", work))
