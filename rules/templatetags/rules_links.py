"""Links to the rules pages for other pages: the "?" beside a game's title and the list of games."""

from django import template

from rules.catalogue import BY_KIND, GAMES

register = template.Library()


@register.inclusion_tag("rules/_help_link.html")
def rules_help_link(kind: str):
    """A "?" link to how to play ``kind``; nothing for a kind without a rules page."""
    return {"game": BY_KIND.get(kind)}


@register.inclusion_tag("rules/_game_list.html")
def rules_game_list(heading_level: int = 2):
    """The games with a line each and a link to their rules, for the home page and the rules index."""
    return {"games": GAMES, "heading_level": heading_level}


@register.simple_tag
def rules_games():
    """The games that have a rules page, for a template to list as it likes."""
    return GAMES
