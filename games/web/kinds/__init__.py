"""The site side of each game kind, one folder per kind (``games/web/kinds/<kind>/``): its spec in
``__init__.py`` (``KIND``, registered from ``settings.GAME_KINDS``), the board's view-model (``page``),
its part of the new-game form (``form``), its options in words (``words``) and its "How to play"
pictures (``rules``).

A view-model turns what one viewer may know (``presenters.game_payload``: the engine's view for their
seat plus public seat facts) into what ``templates/games/kinds/<kind>.html`` draws, so the templates
only render.  It returns None before the game starts.  A kind without one has the generic board, which
draws its view as data.  Nothing here may read a secret: it is given the viewer's payload, never the
game's state.
"""

from __future__ import annotations

from typing import Any

from games import registry
from games.models import Game


def move_lines(kind: str, entries: list[dict[str, Any]], names: dict[int, str]) -> list[str] | None:
    """One move's log entries in the kind's own words (a replay's step); None for a kind without such
    words, which the caller then tells generically."""
    words = registry.get(kind).move_lines
    return words(entries, names) if words else None


def page_context(game: Game, payload: dict[str, Any]) -> dict[str, Any] | None:
    """The view-model of ``game``'s board for the viewer of ``payload``; None for a kind without a page."""
    page = registry.get(game.kind).page
    return page(game, payload) if page else None
