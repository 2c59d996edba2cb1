"""Template helpers for leagues: the profile panel (recent games, league record) that
``accounts/profile_detail.html`` includes beside the ratings panel."""

from django import template

from leagues import selectors

register = template.Library()


@register.inclusion_tag("leagues/profile_panel.html", takes_context=True)
def league_profile_panel(context, player):
    return {"player": player, "request": context.get("request"), **selectors.profile_panel(user=player)}
