"""Maps a game kind ("crossword", "turnspell", ...) to its engine.

Built-in engines are imported lazily by dotted path so that importing the registry stays cheap;
tests may ``register`` an engine of their own.
"""

from __future__ import annotations

import importlib

from .base import Engine

# kind -> "module:attribute" of the engine instance.  A game issue adds its line here.
BUILTIN: dict[str, str] = {
    "crossword": "engines.crossword:ENGINE",
    "turnspell": "engines.turnspell:ENGINE",
    "spellcrafter": "engines.spellcrafter:ENGINE",
    "spell": "engines.spell:ENGINE",
}

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
        module_name, attr = BUILTIN[kind].split(":")
        _engines[kind] = getattr(importlib.import_module(module_name), attr)
    return _engines[kind]


def kinds() -> list[str]:
    return sorted(set(BUILTIN) | set(_engines))


def kinds_in_order() -> list[str]:
    """Every kind in the order the site lists its games (``Engine.list_order``, then the kind)."""
    return sorted(kinds(), key=lambda kind: (get(kind).list_order, kind))
