"""How a player's name is shown: ``{% player_name user %}`` is the public name, with a "BOT" badge
for a bot account; ``{% bot_badge %}`` is the badge alone (for names already in a view-model)."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def bot_badge() -> str:
    # The visible label is short; screen readers hear "(bot)" instead of the letters B-O-T.
    return format_html('<span class="bot-badge" title="{}"><span aria-hidden="true">{}</span>'
                       '<span class="visually-hidden">({})</span></span>',
                       _("A bot: a computer player"), _("BOT"), _("bot"))


@register.simple_tag
def player_name(user) -> str:
    if user is None:
        return ""
    if getattr(user, "is_bot", False):
        return format_html("{} {}", user.public_name, bot_badge())
    return format_html("{}", user.public_name)
