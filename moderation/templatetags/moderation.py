"""``{% chat_panel game %}`` for the game page (players only) and ``{% moderation_banner %}`` for every page."""

from django import template

from games.access import seat_for_user

from ..chat import render_thread
from ..forms import ChatForm
from ..models import CHAT_MAX_LENGTH
from ..selectors import muted_author_ids

register = template.Library()


@register.inclusion_tag("moderation/_chat_panel.html", takes_context=True)
def chat_panel(context, game):
    """The chat beside the move log; nothing at all for a spectator."""
    user = context["request"].user
    if seat_for_user(game, user) is None:
        return {"show": False}
    muted = muted_author_ids(user=user)
    opponents = [
        {"user": s.user, "muted": s.user_id in muted}
        for s in game.seats.all() if s.user_id and s.user_id != user.pk
    ]
    return {
        "show": True,
        "game": game,
        "thread_html": render_thread(game=game, viewer=user),
        "opponents": opponents,
        "form": ChatForm(),
        "max_length": CHAT_MAX_LENGTH,
        "request": context["request"],
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("moderation/_banner.html", takes_context=True)
def moderation_banner(context):
    return {"warnings": context.get("moderation_warnings") or [], "request": context.get("request"),
            "csrf_token": context.get("csrf_token")}
