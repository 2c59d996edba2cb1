"""The game page's "Next game" link (``{% next_game_link game p %}``): to the game awaiting the viewer's
move with the least time left (``views.game_next`` picks it when followed), with how many other games
await them.  The count comes from the awaiting badge's (``context_processors.awaiting``, read once per
page), less this game when it awaits them too: no query of its own.  game.js keeps it current."""

from django import template
from django.utils.translation import gettext as _

register = template.Library()


def status_texts() -> dict[str, str]:
    """What the link says beside it, by how many other games await (game.js fills ``{n}`` alike)."""
    return {"none": _("No other game awaits your move."), "one": _("One other game awaits your move."),
            "many": _("{n} other games await your move.")}


@register.inclusion_tag("games/_next_game.html", takes_context=True)
def next_game_link(context, game, p):
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return {"show": False}
    awaiting = context.get("awaiting_count", 0) + 0  # the badge's lazy count: "+ 0" reads it
    others = max(awaiting - (1 if p.get("your_move") else 0), 0)
    texts = status_texts()
    status = texts["none"] if not others else texts["one"] if others == 1 else texts["many"].replace("{n}", str(others))
    return {"show": True, "game": game, "awaiting": awaiting, "your_move": bool(p.get("your_move")),
            "others": others, "texts": texts, "status": status}
