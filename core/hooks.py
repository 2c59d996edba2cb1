"""Hooks: what a lower layer asks the apps above it for that is not a permission (a permission is a
policy, ``core.policies``: "may this write happen").  A hook fetches facts to show (a game's league label,
the lobby's ratings, what a word report may know of its game), adds a part (a game socket's chat) or
tells that something was seen (a player opened a game's page), without the asking layer importing the
apps that answer.  The providers of each hook are listed in the one table (``config/wiring.py``
``HOOKS``) and registered when Django starts.

- ``hook_providers(name)``: every provider, in the table's order (the caller combines their answers);
- ``hook_ask(name, default, **facts)``: the first answer that is not None (or ``default``);
- ``hook_call(name, **facts)``: call every provider, for what it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Registry:
    """Named lists of functions, each registered once, in the order registered (the hooks' and the
    policies' registries alike)."""

    def __init__(self) -> None:
        self._named: dict[str, list[Callable[..., Any]]] = {}

    def register(self, name: str, function: Callable[..., Any]) -> None:
        functions = self._named.setdefault(name, [])
        if function not in functions:
            functions.append(function)

    def get(self, name: str) -> list[Callable[..., Any]]:
        return list(self._named.get(name, ()))


_hooks = Registry()
hook_register = _hooks.register
hook_providers = _hooks.get


def hook_ask(name: str, default: Any = None, **facts: Any) -> Any:
    for provider in _hooks.get(name):
        answer = provider(**facts)
        if answer is not None:
            return answer
    return default


def hook_call(name: str, **facts: Any) -> None:
    for provider in _hooks.get(name):
        provider(**facts)
