"""``{% analysis_panel game %}``: a finished Crossword game's analysis beside its move log."""

from django import template

from ..board import page_data
from ..running import game_analysable
from ..selectors import analysis_for_game
from ..services import master_analyses_left

register = template.Library()


@register.inclusion_tag("analysis/_game_panel.html", takes_context=True)
def analysis_panel(context, game):
    if not game_analysable(game):
        return {"show": False}
    analysis = analysis_for_game(game_id=game.pk)
    if analysis is not None and analysis.result:
        # The players by their display names as they are now (the report stored the names of its day).
        names = {s.index: s.user.public_name for s in game.seats.all() if s.user_id}
        for part in ("summary", "turns"):
            for row in analysis.result.get(part, []):
                row["player"] = names.get(row.get("seat"), row.get("player"))
    request = context.get("request")
    user = getattr(request, "user", None)
    signed_in = bool(user and user.is_authenticated)
    return {
        "show": True, "game": game, "analysis": analysis, "signed_in": signed_in,
        # Counted only where the "Ask the Master" button is drawn: a static analysis that is done.
        "master_left": (master_analyses_left(user=user) if signed_in and analysis is not None
                        and analysis.method == "static" and analysis.status == "done" else 0),
        "data": page_data(analysis.result or {}) if analysis else None,
        "request": context.get("request"), "csrf_token": context.get("csrf_token"),
    }


# The Crossword log entries that are decisions about tiles: the analysed turns, one each, in log order
# (``positions_from_game`` leaves challenges and the accepting pass out, as this does).
DECISIONS = ("place", "exchange", "pass")


def _decision(entry) -> bool:
    return isinstance(entry, dict) and entry.get("type") in DECISIONS


@register.inclusion_tag("analysis/_replay_turn.html")
def analysis_replay_turn(game, view, log_before):
    """Beside a replay's step of a finished Crossword game: that move's analysed turn (its rank, the equity
    and points it lost, the best plays), players by display name.  ``view`` is the spectator's view after
    the step and ``log_before`` the length of its log before it: the step is a turn when the first entry it
    added is a decision, and its turn number is the count of decisions before.  Nothing for other kinds,
    for steps that are not turns, or (but a pointer to the game page) when the game has no finished
    analysis."""
    if not game_analysable(game) or not isinstance(view, dict) or not isinstance(view.get("log"), list):
        return {"show": False}
    log = view["log"]
    if not isinstance(log_before, int) or log_before >= len(log) or not _decision(log[log_before]):
        return {"show": False}
    number = sum(1 for entry in log[:log_before] if _decision(entry))
    analysis = analysis_for_game(game_id=game.pk)
    turns = (analysis.result or {}).get("turns", []) if analysis is not None and analysis.status == "done" else []
    turn = next((t for t in turns if t.get("turn") == number), None)
    if turn is not None:
        names = {s.index: s.user.public_name for s in game.seats.all() if s.user_id}
        turn = {**turn, "player": names.get(turn.get("seat"), turn.get("player"))}
    return {"show": True, "game": game, "turn": turn, "number": number + 1}
