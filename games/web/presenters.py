"""Turns a game into what one viewer may receive: the engine's view for their seat plus public
facts about the seats.  HTML, API JSON and WebSocket messages are all built from this.

The game page and its socket share the renderers here, so a live update draws exactly what a reload
would: the board (``render_board``), the generic move record (``render_log``) and the page's other
live parts (``render_parts``: clocks, the game-over banner, the action buttons).  Ratings belong to an
app above the games core: the banner's rating lines come from a template tag, never from an import."""

from __future__ import annotations

import json
from datetime import timedelta

from django.conf import settings
from django.template.loader import render_to_string, select_template
from django.utils.translation import gettext as _

from engines import registry
from games import selectors
from games.access import seat_for_user
from games.models import Game, GameStatus, Seat
from games.web import kinds

# The first-game hint line shows until a player has finished this many games of the kind.
HINT_GAMES = 3


def seat_summaries(game: Game) -> list[dict]:
    """Each seat's public facts; its clock as ``deadline`` and, with a time bank, ``time_bank_left``
    (seconds) and ``timeout_at`` (the deadline plus that bank: when the time really runs out)."""
    return [_seat_summary(s, s.bank_left(game.time_bank_days)) for s in game.seats.all()]


def _seat_summary(s: Seat, bank: timedelta) -> dict:
    return {
        "index": s.index,
        "username": s.user.username if s.user_id else None,
        "name": s.user.public_name if s.user_id else None,
        "bot": bool(s.user_id and s.user.is_bot),
        "score": s.score,
        "rank": s.rank,
        "to_act": s.to_act,
        "deadline": s.deadline.isoformat() if s.deadline else None,
        "time_bank_left": int(bank.total_seconds()),
        "timeout_at": (s.deadline + bank).isoformat() if s.deadline else None,
        "resigned": s.resigned,
        "accepted": s.accepted,
    }


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
    payload = game_summary(game, user)
    payload["view"] = None
    if game.status != GameStatus.OPEN and game.state is not None:
        payload["view"] = registry.get(game.kind).view(game.state, payload["seat"])
    return payload


def game_summary(game: Game, user) -> dict:
    """The game payload without ``view``: what a list of games sends (seats, scores, whose move, the
    result).  It never reads the game's state, so a list can leave the states unread."""
    seat = seat_for_user(game, user)
    seat_index = seat.index if seat else None
    return {
        "id": game.pk,
        "kind": game.kind,
        "status": game.status,
        "options": public_options(game.kind, game.options),
        "days_per_move": game.days_per_move,
        "time_bank_days": game.time_bank_days,
        "version": game.version,
        "turn_version": game.turn_version,
        "seat": seat_index,
        "to_act": [s.index for s in game.seats.all() if s.to_act],
        "your_move": bool(seat and seat.to_act),
        "seats": seat_summaries(game),
        "result": game.result,
    }


def board_template(kind: str):
    return select_template([f"games/kinds/{kind}.html", "games/kinds/generic.html"])


def hint_applies(game: Game, payload: dict, user) -> bool:
    """Whether the first-game hint line may show at all: to a player of a running game."""
    return payload["seat"] is not None and game.status == GameStatus.ACTIVE and user is not None


def new_to_kind(user, kind: str) -> bool:
    """Whether ``user`` has finished fewer than ``HINT_GAMES`` games of ``kind`` (one query)."""
    finished = Seat.objects.filter(user=user, game__kind=kind, game__status=GameStatus.FINISHED)
    return finished[:HINT_GAMES].count() < HINT_GAMES


def shows_hints(game: Game, payload: dict, user, *, new: bool | None = None) -> bool:
    """The first-game hint line: for a player of a running game who has finished fewer than
    ``HINT_GAMES`` games of this kind (``new``, when the caller already knows it)."""
    if not hint_applies(game, payload, user):
        return False
    return new if new is not None else new_to_kind(user, game.kind)


def render_board(game: Game, payload: dict, request=None, *, user=None, new: bool | None = None) -> str:
    """The live part of the game page, re-rendered for each viewer after every change: the kind's
    template draws ``page``, its view-model from ``games/web/kinds/<kind>.py``.  ``user`` (or the
    request's) decides whether the first-game hint line shows; ``new``, when given, whether they are
    still new to the kind (``new_to_kind``)."""
    viewer = user if user is not None else getattr(request, "user", None)
    context = {
        "game": game,
        "p": payload,
        "page": kinds.page_context(game, payload),
        "show_hint": shows_hints(game, payload, viewer, new=new),
        # Only the generic board shows it; a template calls a callable, so the other kinds never pay for it.
        "view_json": lambda: json.dumps(payload["view"], indent=1, sort_keys=True),
    }
    return render_to_string(board_template(game.kind).template.name, context, request=request)


def _score_line(scores: list[int]) -> str:
    return "–".join(str(s) for s in scores)


def result_banner(game: Game, payload: dict) -> dict | None:
    """What the game-over banner says, in words: who won and by what score (the team's score in a
    cooperative game), why it ended when that is not the rules, and the seats whose rating change the
    template shows.  None until the game has ended (an open seek, a challenge not yet answered, a game
    in play)."""
    if game.status in (GameStatus.OPEN, GameStatus.CHALLENGE, GameStatus.ACTIVE):
        return None
    seats = payload["seats"]
    names = {s["index"]: s["name"] or _("seat %(n)s") % {"n": s["index"] + 1} for s in seats}
    banner = {"status": game.status, "headline": "", "reason": "", "standings": [], "may_be_rated": False,
              "players": [{"user_id": s.user_id, "name": names[s.index]} for s in game.seats.all() if s.user_id]}
    if game.status == GameStatus.ABORTED:
        banner["headline"] = _("This game was aborted: it has no result.")
        return banner
    if game.status == GameStatus.ANNULLED:
        banner["headline"] = _("This game was annulled by a moderator: it has no result.")
        return banner
    result = game.result or {}
    scores, ranks = result.get("scores") or [], result.get("ranks") or []
    engine = registry.get(game.kind) if game.kind in registry.kinds() else None
    cooperative = bool(engine and engine.cooperative)
    if cooperative:
        team = result.get("team_score")
        team = team if team is not None else max(scores, default=0)
        banner["headline"] = _("The team scored %(n)s points.") % {"n": team}
    elif scores and ranks:
        winners = [names[i] for i, rank in enumerate(ranks) if rank == 1 and i in names]
        order = sorted(range(len(scores)), key=lambda i: (ranks[i], i))
        if len(scores) == 2:
            line = _score_line([scores[i] for i in order])
            if len(winners) == 1:
                banner["headline"] = _("%(name)s won %(score)s") % {"name": winners[0], "score": line}
            else:
                banner["headline"] = _("A draw, %(score)s") % {"score": line}
        else:
            banner["headline"] = (_("%(names)s won") % {"names": ", ".join(winners)} if len(winners) == 1
                                  else _("Shared win: %(names)s") % {"names": ", ".join(winners)})
            banner["standings"] = [{"rank": ranks[i], "name": names.get(i, "—"), "score": scores[i]} for i in order]
    reason = result.get("reason")
    out = ", ".join(names[s["index"]] for s in seats if s["resigned"])
    if reason == "resignation" and out:
        banner["reason"] = _("%(names)s resigned.") % {"names": out}
    elif reason == "timeout" and out:
        banner["reason"] = _("%(names)s ran out of time.") % {"names": out}
    elif reason == "suspension" and out:
        banner["reason"] = _("%(names)s forfeited (account suspended).") % {"names": out}
    elif reason == "adjudicated":
        banner["reason"] = _("Adjudicated on the score when the league season ended.")
    elif reason == "instant_win":
        banner["reason"] = _("A word worth 50 or more ended it.")
    # Whether rating lines may still arrive (they are stored by a task after the end); the template
    # asks the ratings app for the changes themselves.
    banner["may_be_rated"] = (not cooperative and (game.options or {}).get("rated", True) is not False
                              and all(s["username"] for s in seats))
    return banner


def render_parts(game: Game, payload: dict, user, request=None) -> dict[str, str]:
    """The game page's live parts beside the board, as HTML by name: ``clocks`` (time left, due
    times in the viewer's zone), ``banner`` (the result once over, with Rematch for a player of a
    finished game), ``challenge`` (who has accepted, and the viewer's answer, while a challenge waits)
    and ``actions`` (Resign while the viewer's seat plays).  The page includes the same templates, so
    a live update and a reload agree."""
    seat = seat_for_user(game, user)
    context = {
        "game": game,
        "p": payload,
        "user": user,
        "my_seat": seat,
        "expiry_days": settings.CHALLENGE_EXPIRY_DAYS,
        "banner": result_banner(game, payload),
        "can_resign": bool(seat and not seat.resigned and game.status == GameStatus.ACTIVE),
        "can_rematch": bool(seat and game.status == GameStatus.FINISHED),
    }
    return {
        name: render_to_string(f"games/_part_{name}.html", context, request=request)
        for name in ("banner", "challenge", "clocks", "actions")
    }


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
