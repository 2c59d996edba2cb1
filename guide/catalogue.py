"""The games that have a "How to play" page, in the order the site lists them: every kind the site
offers (``games.registry``).

A game's name is a name and stays untranslated (the game pages show it the same way); its one-line
summary is translated.  The player counts come from the engines, so the pages cannot drift from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import registry


@dataclass(frozen=True)
class RulesGame:
    kind: str
    name: str
    summary: Any
    min_players: int
    max_players: int
    cooperative: bool
    # The game's stylesheet ("css/<kind>.css"), "" for none: its pictures are drawn with it.
    stylesheet: str


def _entry(spec: registry.KindSpec) -> RulesGame:
    engine = spec.engine
    return RulesGame(spec.kind, spec.name, spec.summary, engine.min_seats, engine.max_seats, engine.cooperative,
                     spec.stylesheet)


def rules_games() -> list[RulesGame]:
    return [_entry(spec) for spec in registry.specs()]


def rules_game(kind: str) -> RulesGame | None:
    """The entry of ``kind``; None for a kind the site does not offer."""
    return next((game for game in rules_games() if game.kind == kind), None)
