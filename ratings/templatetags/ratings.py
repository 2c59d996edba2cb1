"""Template helpers for ratings: a player's ratings panel with its SVG history chart, the change a
game made to its players' ratings, a rating as shown, and a rating key in words."""

from django import template
from django.utils.safestring import mark_safe

from ratings import selectors
from ratings.charts import rating_chart_svg

register = template.Library()


@register.inclusion_tag("ratings/panel.html")
def ratings_panel(player):
    return {"player": player, "ratings": selectors.ratings_panel(user=player)}


@register.simple_tag
def rating_chart(rating, changes):
    points = [changes[0].before, *(c.after for c in changes)] if changes else [rating.rating]
    # Titled in words ("Crossword (English)"); charts.py lets only letters, numbers and a few signs through.
    return mark_safe(rating_chart_svg(points, label=selectors.rating_title(rating.key)))


@register.simple_tag
def rating_changes_for(game_id):
    """user id -> RatingChange for a finished game (empty when it was not rated)."""
    return selectors.changes_for_game(game_id=game_id)


@register.filter
def rating_display(value):
    return "" if value is None else f"{value:.0f}"


@register.filter
def rating_title(key):
    return selectors.rating_title(key)
