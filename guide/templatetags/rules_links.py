"""Links to the rules pages for other pages: the "?" beside a game's title, the list of games, and a
small picture of each game's board for the home page (drawn from the rules pages' examples)."""

from django import template
from django.utils.translation import get_language

from guide import catalogue, diagrams

register = template.Library()


@register.inclusion_tag("guide/_help_link.html")
def rules_help_link(kind: str):
    """A "?" link to how to play ``kind``; nothing for a kind without a rules page."""
    return {"game": catalogue.rules_game(kind)}


@register.inclusion_tag("guide/_game_list.html")
def rules_game_list(heading_level: int = 2):
    """The games with a line each and a link to their rules, for the home page and the rules index."""
    return {"games": catalogue.rules_games(), "heading_level": heading_level}


@register.simple_tag
def rules_games():
    """The games that have a rules page, for a template to list as it likes."""
    return catalogue.rules_games()


@register.simple_tag
def rules_players():
    """How many games the site offers and the fewest and most players among them, for the home page."""
    games = catalogue.rules_games()
    return {"games": len(games), "min": min((g.min_players for g in games), default=2),
            "max": max((g.max_players for g in games), default=2)}


@register.inclusion_tag("guide/_game_picture.html")
def rules_game_picture(kind: str):
    """A small picture of ``kind``'s board in play, from the same engine-checked examples as its rules
    page, in the reader's language (Crossword and Spell have Dutch examples)."""
    picture = diagrams.picture_for(kind, diagrams.language_of(get_language()))
    if picture is None:
        return {"picture": None}
    return {**picture, "kind": kind, "game": catalogue.rules_game(kind), "picture": f"guide/pictures/{kind}.html"}
