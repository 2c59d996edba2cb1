"""``{% analysis_panel game %}``: a finished Crossword game's analysis beside its move log."""

from django import template

from ..board import page_data
from ..running import game_analysable
from ..selectors import analysis_for_game

register = template.Library()


@register.inclusion_tag("analysis/_game_panel.html", takes_context=True)
def analysis_panel(context, game):
    if not game_analysable(game):
        return {"show": False}
    analysis = analysis_for_game(game_id=game.pk)
    return {
        "show": True, "game": game, "analysis": analysis,
        "data": page_data(analysis.result or {}) if analysis else None,
        "request": context.get("request"), "csrf_token": context.get("csrf_token"),
    }
