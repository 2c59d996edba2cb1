"""Maps a game kind ("crossword", "turnspell", ...) to its engine.

The site registers the engines of the kinds it offers (``games.registry``, from ``settings.GAME_KINDS``);
tests may ``register`` an engine of their own.  Without a registration, ``get`` finds a kind's engine by
its folder: ``engines/<kind>/`` exports ``ENGINE`` (scripts that use the pure rules alone).
"""

from __future__ import annotations

import importlib

from .base import Engine

_engines: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Add an engine; it must inherit the contract, so its optional abilities have their defaults."""
    if not isinstance(engine, Engine):
        raise TypeError(f"{engine!r} does not inherit engines.base.Engine.")
    _engines[engine.kind] = engine
    return engine


def register_path(path: str) -> Engine:
    """Register the engine at "module:attribute"."""
    module_name, attr = path.split(":")
    return register(getattr(importlib.import_module(module_name), attr))


def get(kind: str) -> Engine:
    """The engine for ``kind``; KeyError for an unknown kind."""
    if kind not in _engines:
        if not kind.isidentifier():
            raise KeyError(kind)
        try:
            module = importlib.import_module(f"{__package__}.{kind}")
        except ModuleNotFoundError:
            raise KeyError(kind) from None
        if not isinstance(getattr(module, "ENGINE", None), Engine):
            raise KeyError(kind)
        register(module.ENGINE)
    return _engines[kind]


def is_registered(kind: str) -> bool:
    return kind in _engines


def kinds() -> list[str]:
    """The registered kinds."""
    return sorted(_engines)


def kinds_in_order() -> list[str]:
    """Every kind in the order the site lists its games (``Engine.list_order``, then the kind)."""
    return sorted(kinds(), key=lambda kind: (get(kind).list_order, kind))
