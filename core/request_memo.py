"""Answers remembered for the length of one web request.

Some facts are asked for several times a request by parts that do not know of each other: the
suspension standing, say, by the API's door (``web.permissions.MayAct``) and again by the service
it lets through.  The ASGI handler (``config/asgi.py``) opens a memo for each HTTP request;
``remembered`` computes a fact once within it, and ``forget`` drops it when the request itself
changes the fact.  Outside a request (tests, Celery tasks, sockets) nothing is remembered.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

_memo: ContextVar[dict | None] = ContextVar("request_memo", default=None)


def open_memo() -> dict:
    """Start remembering for the request running in this context (the ASGI handler)."""
    memo: dict = {}
    _memo.set(memo)
    return memo


def remembered(key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, once per request and ``key``."""
    memo = _memo.get()
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    return memo[key]


def forget(key: Hashable) -> None:
    memo = _memo.get()
    if memo is not None:
        memo.pop(key, None)
