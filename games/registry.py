"""The game kinds the site offers: one ``KindSpec`` per kind, registered once.

A kind's pure rules are its engine (``engines/<kind>/``); everything the site adds -- its name and
one-line summary, the board's view-model, its part of the new-game form, its options in words, its
"How to play" pictures, its bot accounts -- is one spec object, built in the kind's own folder
(``games/web/kinds/<kind>/``) and registered from the one list ``settings.GAME_KINDS`` when the games
app starts.  Every page, form, API and task that differs by kind asks this registry (or the engine's
declared abilities) instead of naming kinds; a kind without some part gets the generic one (a board
drawn as data, only the number of players in the form, no words for its options).

The registry is plain data: it imports nothing of the web side, so the play side (bots, tasks) may read
it too.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engines import registry as engines
from engines.base import Engine


@dataclass(frozen=True)
class BotAccount:
    """A bot player's account: a real user with ``is_bot`` set (``games.bots.accounts.bots_ensure``)."""

    username: str
    level: str
    display_name: str


@dataclass(frozen=True)
class KindSpec:
    engine: Engine
    # The game's name: a name, shown untranslated.
    name: str
    # One line for the rules index, the home page and the new-game form (translated lazily).
    summary: Any = ""
    # (game, payload) -> the board's view-model drawn by its games/kinds/<kind>.html; None: generic.
    page: Callable[..., dict[str, Any] | None] | None = None
    # (entries, names) -> a move's log entries in words, for the replay; None: told generically.
    move_lines: Callable[..., list[str] | None] | None = None
    # The kind's part of the new-game form (a ``games.web.forms.KindForm``); None: the number of players.
    form: Any = None
    # The kind's stylesheet under static/ ("css/<kind>.css"; "" for none): its board and pictures use it.
    stylesheet: str = ""
    # A template drawn under the kind's settings in the form ("" for none).
    form_note: str = ""
    # (options) -> the kind's own options in words ("English tiles", "double challenge").
    option_words: Callable[[Mapping[str, Any]], list[str]] | None = None
    # (language) -> the "How to play" page's example pictures, and the home page's picture of the board.
    rules_examples: Callable[[str], dict[str, Any]] | None = None
    picture: Callable[[str], dict[str, Any]] | None = None
    # The options of each ``manage.py selfplay all`` run (CI plays every kind this way).
    selfplay_options: tuple[dict[str, Any], ...] = ({},)
    # The accounts of the kind's bots (their levels are the engine's ``bot_levels``).
    bots: tuple[BotAccount, ...] = ()

    @property
    def kind(self) -> str:
        return self.engine.kind


_specs: dict[str, KindSpec] = {}


def register(spec: KindSpec) -> KindSpec:
    """Offer a kind on the site: its spec here, its engine in the engines' registry."""
    engines.register(spec.engine)
    _specs[spec.kind] = spec
    return spec


def register_path(path: str) -> KindSpec:
    """Register the ``KIND`` spec of the module at dotted ``path`` (``settings.GAME_KINDS``)."""
    return register(importlib.import_module(path).KIND)


def get(kind: str) -> KindSpec:
    """The spec of ``kind``; an engine registered without one gets the generic spec. KeyError: unknown."""
    if kind not in _specs:
        engine = engines.get(kind)
        return KindSpec(engine=engine, name=kind.capitalize())
    return _specs[kind]


def specs() -> list[KindSpec]:
    """Every kind the site offers, in the order it lists them (``Engine.list_order``, then the kind)."""
    return [get(kind) for kind in engines.kinds_in_order()]
