"""Turns a game into what one viewer may receive: the engine's view for their seat plus public
facts about the seats.  HTML, API JSON and WebSocket messages are all built from this."""

from __future__ import annotations

import json

from django.template.loader import render_to_string, select_template

from . import kinds, selectors
from .access import seat_for_user
from .engines import registry
from .models import Game, GameStatus


def seat_summaries(game: Game) -> list[dict]:
    return [
        {
            "index": s.index,
            "username": s.user.username if s.user_id else None,
            "name": s.user.public_name if s.user_id else None,
            "score": s.score,
            "rank": s.rank,
            "to_act": s.to_act,
            "deadline": s.deadline.isoformat() if s.deadline else None,
            "resigned": s.resigned,
            "accepted": s.accepted,
        }
        for s in game.seats.all()
    ]


def public_options(kind: str, options: dict | None) -> dict:
    """A game's options as clients may see them: without the keys its engine keeps private
    (``private_options``; Spell's term cards hold every secret term)."""
    try:
        private = registry.get(kind).private_options
    except KeyError:
        private = ()
    return {k: v for k, v in (options or {}).items() if k not in private}


def game_payload(game: Game, user) -> dict:
    """Everything the viewer may know about the game, as JSON-ready data."""
    seat = seat_for_user(game, user)
    seat_index = seat.index if seat else None
    view = None
    if game.status != GameStatus.OPEN and game.state is not None:
        view = registry.get(game.kind).view(game.state, seat_index)
    return {
        "id": game.pk,
        "kind": game.kind,
        "status": game.status,
        "options": public_options(game.kind, game.options),
        "days_per_move": game.days_per_move,
        "version": game.version,
        "turn_version": game.turn_version,
        "seat": seat_index,
        "to_act": [s.index for s in game.seats.all() if s.to_act],
        "your_move": bool(seat and seat.to_act),
        "seats": seat_summaries(game),
        "result": game.result,
        "view": view,
    }


def board_template(kind: str):
    return select_template([f"games/kinds/{kind}.html", "games/kinds/generic.html"])


def render_board(game: Game, payload: dict, request=None) -> str:
    """The live part of the game page, re-rendered for each viewer after every change: the kind's
    template draws ``page``, its view-model from ``games/kinds/<kind>.py``."""
    context = {
        "game": game,
        "p": payload,
        "page": kinds.page_context(game, payload),
        "view_json": json.dumps(payload["view"], indent=1, sort_keys=True),
    }
    return render_to_string(board_template(game.kind).template.name, context, request=request)


def render_log(game: Game, payload: dict) -> str:
    """The move record beside the board, as the viewer's seat may see it; also pushed live."""
    if game.state is None or board_template(game.kind).template.name != "games/kinds/generic.html":
        return ""  # a game's own board shows its log in its own words (words, scores, rounds)
    log = selectors.log_for_seat(game=game, moves=selectors.moves_for_game(game=game), seat_index=payload["seat"])
    names = {s["index"]: s["name"] for s in payload["seats"]}
    for entry in log:
        entry["player"] = names.get(entry["seat"])
        entry["text"] = json.dumps(entry["move"], ensure_ascii=False)
    return render_to_string("games/_log.html", {"game": game, "log": log})
