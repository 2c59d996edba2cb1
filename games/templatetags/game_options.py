"""``{{ game|public_options }}``: a game's options as players may see them (never Spell's term cards)."""

from django import template

from games.presenters import public_options as _public_options

register = template.Library()


@register.filter
def public_options(game) -> dict:
    return _public_options(game.kind, game.options)
