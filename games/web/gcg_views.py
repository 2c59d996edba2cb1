"""Downloading a Crossword game as a GCG record, from the game page and from the API.

The record is written by the engine's ``gcg.write`` in the form Quackle and Woogles read: display names,
the lexicon, every move's rack and exchanged tiles, and the final rack adjustments.  Racks are secret
while the game runs, so what a record shows depends on who asks: a player sees their own racks (and
their own exchanged tiles) and nobody else's, a spectator none; once the game is over, everyone sees all.
A game with a time bank says so in its ``#description``, and each move that drew on the bank has a
``#note`` after it (GCG has no field for time in days): how much its player drew.
"""

from __future__ import annotations

from datetime import timedelta

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.views import APIView

from engines import registry
from engines.base import IllegalMove
from engines.crossword import gcg
from games import selectors
from games.access import seat_for_user
from games.context import context_for
from games.errors import MSG_NOT_FOUND, NOT_FOUND, GameError
from games.models import NON_ENGINE_SOURCES, Game, GameStatus

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


def _days_hours(span: timedelta) -> str:
    """A span as GCG notes write it: "1d 4h 30m", whole minutes."""
    minutes = int(span.total_seconds() // 60)
    days, hours, minutes = minutes // 1440, minutes // 60 % 24, minutes % 60
    return " ".join(f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n) or "0m"


def time_bank_notes(game: Game, names: list[str]) -> dict[int, list[str]]:
    """The ``#note`` lines of the moves that drew on the time bank, by the log entry each wrote last
    (one replay, only for a game whose log records a draw; none when the replay misses the log)."""
    moves = [m for m in selectors.moves_for_game(game=game) if m.source not in NON_ENGINE_SOURCES]
    if not any(m.bank_drawn for m in moves):
        return {}
    try:
        _racks, ends, replayed = gcg.turn_history(game.seats_count, game.options, game.seed,
                                                  [(m.seat, m.payload) for m in moves], context_for(game))
    except IllegalMove:
        return {}
    if replayed["log"] != game.state["log"]:
        return {}
    drawn: dict[int, timedelta] = {}
    notes: dict[int, list[str]] = {}
    for move, end in zip(moves, ends, strict=True):
        if move.bank_drawn and end:
            drawn[move.seat] = drawn.get(move.seat, timedelta(0)) + move.bank_drawn
            left = max(timedelta(days=game.time_bank_days) - drawn[move.seat], timedelta(0))
            notes.setdefault(end - 1, []).append(
                f"{names[move.seat]} drew {_days_hours(move.bank_drawn)} from the time bank "
                f"({_days_hours(left)} left)")
    return notes


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
    description, notes = "", {}
    if game.time_bank_days:
        description = f"correspondence: {game.days_per_move}d per move, time bank {game.time_bank_days}d"
        notes = time_bank_notes(game, [name.replace(" ", "_") for name in names])
    return gcg.write(game.state, names, racks=racks, shown=shown, display_names=display,
                     lexicon=(game.options or {}).get("lexicon"), over=over, description=description, notes=notes)


def _gcg_response(game: Game, viewer) -> HttpResponse:
    response = HttpResponse(gcg_record(game, viewer), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="letterpost-{game.pk}.gcg"'
    return response


def _game_with_record(game_id: int) -> Game | None:
    game = selectors.game_with_seats(game_id=game_id)
    if game is None or game.state is None or not registry.get(game.kind).exports_gcg:
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
