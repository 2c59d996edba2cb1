"""The board pages' view-models, one module per game kind: ``games/kinds/<kind>.py`` turns what one
viewer may know (``presenters.game_payload``: the engine's view for their seat plus public seat facts)
into what ``templates/games/kinds/<kind>.html`` draws, so the templates only render.

Every module offers ``page_context(game, payload) -> dict | None`` (None before the game starts).  A
kind without a module of its own has no view-model: the generic board draws its view as data.  Nothing
here may read a secret: it is given the viewer's payload, never the game's state.
"""

from __future__ import annotations

import importlib
from typing import Any

from games.models import Game

# Kinds with a page of their own; the module is imported on first use.
PAGES = ("crossword", "turnspell", "spellcrafter", "spell")


def move_lines(kind: str, entries: list[dict[str, Any]], names: dict[int, str]) -> list[str] | None:
    """One move's log entries in the kind's own words (``move_lines`` of its module: a replay's step); None
    for a kind without a page or without such words, which the caller then tells generically."""
    if kind not in PAGES:
        return None
    words = getattr(importlib.import_module(f"{__name__}.{kind}"), "move_lines", None)
    return words(entries, names) if words else None


def page_context(game: Game, payload: dict[str, Any]) -> dict[str, Any] | None:
    """The view-model of ``game``'s board for the viewer of ``payload``; None for a kind without a page."""
    if game.kind not in PAGES:
        return None
    return importlib.import_module(f"{__name__}.{game.kind}").page_context(game, payload)
