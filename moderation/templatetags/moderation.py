"""``{% chat_panel game %}`` for the game page (players only), ``{% moderation_banner %}`` for every page,
and ``{% moderator_mark player %}``, the moderators' badge on a public profile."""

from django import template

from accounts.templatetags.players import moderator_badge
from games.access import seat_for_user

from ..access import PERM_MODERATE, has_human_opponent
from ..chat import render_thread
from ..forms import ChatForm
from ..models import CHAT_MAX_LENGTH
from ..selectors import muted_author_ids

register = template.Library()


@register.inclusion_tag("moderation/_chat_panel.html", takes_context=True)
def chat_panel(context, game):
    """The chat beside the move log; nothing at all for a spectator, nor in a game against bots only."""
    user = context["request"].user
    if seat_for_user(game, user) is None or not has_human_opponent(game, user):
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


@register.simple_tag
def moderator_mark(player) -> str:
    """The badge for a player who may moderate (markup no display name can imitate), else nothing."""
    return moderator_badge() if player is not None and player.has_perm(PERM_MODERATE) else ""
