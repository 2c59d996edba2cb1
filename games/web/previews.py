"""Previewing a move before it is submitted: what the server would count, computed by the engine.

A read: nothing is written and nothing secret is returned (the engine's ``preview`` draws no tile).
Only kinds whose engine ``has_preview`` support it; the others answer ``NO_PREVIEW``.  A move the rules
refuse is an answer, not a failed request: ``{"legal": false, "code", "message", "details"}`` with the
code the move itself would get, so a page previewing as the player places tiles logs no errors.
"""

from __future__ import annotations

from typing import Any

from engines import registry
from engines.base import NO_PREVIEW, IllegalMove
from games.access import access_seat_for_user
from games.context import context_for
from games.errors import GAME_NOT_ACTIVE, MSG_NOT_ACTIVE, MSG_NOT_FOUND, NOT_FOUND, GameError
from games.models import GameStatus
from games.selectors import game_with_seats

MSG_NO_PREVIEW = "This kind of game has no move preview."


def move_preview(*, game_id: int, user, move: Any) -> dict[str, Any]:
    """The engine's preview of ``move`` for ``user``'s seat; raises GameError with a stable code."""
    game = game_with_seats(game_id=game_id)
    if game is None:
        raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
    seat = access_seat_for_user(game, user)
    engine = registry.get(game.kind)
    if not engine.has_preview:
        raise GameError(NO_PREVIEW, MSG_NO_PREVIEW)
    if game.status != GameStatus.ACTIVE:
        raise GameError(GAME_NOT_ACTIVE, MSG_NOT_ACTIVE)
    try:
        return {"legal": True, **engine.preview(game.state, seat.index, move, context_for(game))}
    except IllegalMove as exc:
        return {"legal": False, "code": exc.code, "message": exc.message, "details": exc.details}
