"""Downloading a Crossword game as a GCG record, from the game page and from the API.

The record is written by the engine's ``gcg.write`` in the form Quackle and Woogles read: display names,
the lexicon, every move's rack and exchanged tiles, and the final rack adjustments.  Racks are secret
while the game runs, so what a record shows depends on who asks: a player sees their own racks (and
their own exchanged tiles) and nobody else's, a spectator none; once the game is over, everyone sees all.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.views import APIView

from . import selectors
from .access import seat_for_user
from .context import context_for
from .engines.base import IllegalMove
from .engines.crossword import gcg
from .errors import MSG_NOT_FOUND, NOT_FOUND, GameError
from .models import Game, GameStatus

GCG_KINDS = ("crossword",)
# Statuses after which no rack is secret any more.
OVER_STATUSES = (GameStatus.FINISHED, GameStatus.ABORTED, GameStatus.ANNULLED)


def racks_by_entry(game: Game) -> list[dict[int, str]] | None:
    """Each log entry's racks, replayed from the seed; None when the replay does not reach the stored
    log (a game whose state was changed by hand): better no racks than wrong ones."""
    try:
        moves = selectors.engine_moves_for_game(game=game)
        racks, replayed = gcg.rack_history(game.seats_count, game.options, game.seed, moves, context_for(game))
    except IllegalMove:
        return None
    return racks if replayed["log"] == game.state["log"] else None


def gcg_record(game: Game, viewer=None) -> str:
    """The GCG text of ``game`` as ``viewer`` may see it; seats are named by their players' usernames."""
    seats = list(game.seats.all())
    names = [seat.user.username if seat.user_id else f"seat{seat.index + 1}" for seat in seats]
    display = [seat.user.public_name if seat.user_id else names[i] for i, seat in enumerate(seats)]
    over = game.status in OVER_STATUSES
    if over:
        shown = set(range(game.seats_count))
    else:
        mine = seat_for_user(game, viewer)
        shown = {mine.index} if mine is not None else set()
    racks = racks_by_entry(game) if shown else None
    return gcg.write(game.state, names, racks=racks, shown=shown, display_names=display,
                     lexicon=(game.options or {}).get("lexicon"), over=over)


def _gcg_response(game: Game, viewer) -> HttpResponse:
    response = HttpResponse(gcg_record(game, viewer), content_type="text/plain; charset=utf-8")
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
    return _gcg_response(game, request.user)


class GameGcgApi(APIView):
    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request, game_id: int):
        """The game as a GCG record (text/plain attachment): every move's rack once the game is over;
        while it runs, the asking player's own racks only (a spectator's record has none)."""
        game = _game_with_record(game_id)
        if game is None:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        return _gcg_response(game, request.user)
