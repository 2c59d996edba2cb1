"""Template helpers for leagues: the profile panel (ratings, chart, recent games, league record) that
``accounts/profile_detail.html`` includes, and the rating chart."""

from django import template
from django.utils.safestring import mark_safe

from leagues import selectors
from leagues.charts import rating_chart_svg

register = template.Library()


@register.inclusion_tag("leagues/profile_panel.html", takes_context=True)
def league_profile_panel(context, player):
    return {"player": player, "request": context.get("request"), **selectors.profile_panel(user=player)}


@register.simple_tag
def rating_chart(rating, changes):
    points = [changes[0].before, *(c.after for c in changes)] if changes else [rating.rating]
    return mark_safe(rating_chart_svg(points, label=rating.key))  # numbers only, see charts.py


@register.filter
def rating_display(value):
    return "" if value is None else f"{value:.0f}"
