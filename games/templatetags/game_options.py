"""A game's options for templates: in words for people (``{{ game|in_words }}``: "Crossword · English
tiles · double challenge · 3 days per move · rated"; ``{{ game|options_in_words }}`` the same without
the name), and ``{{ game|public_options }}`` as data (never Spell's term cards)."""

from django import template

from games.option_words import SEPARATOR, game_in_words
from games.option_words import options_in_words as _options_in_words
from games.presenters import public_options as _public_options

register = template.Library()


@register.filter
def public_options(game) -> dict:
    return _public_options(game.kind, game.options)


@register.filter
def in_words(game) -> str:
    """The game's name, options, days per move and rated/casual in one line."""
    return game_in_words(game.kind, game.options, days_per_move=game.days_per_move)


@register.filter
def options_in_words(game) -> str:
    """The game's options, days per move and rated/casual, without its name."""
    return SEPARATOR.join(_options_in_words(game.kind, game.options, days_per_move=game.days_per_move))


@register.simple_tag
def settings_in_words(kind: str, options=None, days_per_move=None, with_rating: bool = True) -> str:
    """For settings kept ahead of games (a league's): ``{% settings_in_words league.kind league.options %}``."""
    return SEPARATOR.join(_options_in_words(kind, options, days_per_move=days_per_move, with_rating=with_rating))


@register.filter
def open_seats(game) -> int:
    """How many seats of a seek nobody has taken yet (from the prefetched seats: no query)."""
    return sum(1 for seat in game.seats.all() if seat.user_id is None)
