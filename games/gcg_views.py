"""Downloading a Crossword game as a GCG record, from the game page and from the API.

The record is written by the engine's ``gcg.write`` from the public log: no rack and no exchanged tile
appears while the game runs, so anyone who may watch the game may download it.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.views import APIView

from . import selectors
from .engines.crossword import gcg
from .errors import MSG_NOT_FOUND, NOT_FOUND, GameError
from .models import Game

GCG_KINDS = ("crossword",)


def gcg_record(game: Game) -> str:
    """The GCG text of ``game``; seats are named by their players' usernames."""
    names = [seat.user.username if seat.user_id else f"seat{seat.index + 1}" for seat in game.seats.all()]
    return gcg.write(game.state, names)


def _gcg_response(game: Game) -> HttpResponse:
    response = HttpResponse(gcg_record(game), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="letterpost-{game.pk}.gcg"'
    return response


def _game_with_record(game_id: int) -> Game | None:
    game = selectors.game_with_seats(game_id=game_id)
    if game is None or game.kind not in GCG_KINDS or game.state is None:
        return None
    return game


def game_gcg(request, game_id: int) -> HttpResponse:
    """GET /games/<id>/gcg/: the record as a file (games are public to watch, so no login needed)."""
    game = _game_with_record(game_id)
    if game is None:
        raise Http404
    return _gcg_response(game)


class GameGcgApi(APIView):
    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request, game_id: int):
        """The game as a GCG record (text/plain attachment); racks appear only once the game is over."""
        game = _game_with_record(game_id)
        if game is None:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        return _gcg_response(game)
