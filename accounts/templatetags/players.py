"""How a player's name is shown: ``{% player_name user %}`` is the public name, with a "BOT" badge
for a bot account; ``{% bot_badge %}`` is the badge alone (for names already in a view-model), and
``moderator_badge()`` the moderators' (drawn where moderation says who moderates).

A badge is markup the site adds beside a name, never part of the name: display names may not hold a
badge's words or marks (``accounts/names.py``), so no name can pass for one."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

register = template.Library()


def _badge(css_class: str, title: str, shown: str, spoken: str) -> str:
    # The visible label is short; screen readers hear the word in brackets instead of its letters.
    return format_html('<span class="{}" title="{}"><span aria-hidden="true">{}</span>'
                       '<span class="visually-hidden">({})</span></span>', css_class, title, shown, spoken)


@register.simple_tag
def bot_badge() -> str:
    return _badge("bot-badge", _("A bot: a computer player"), _("BOT"), _("bot"))


def moderator_badge() -> str:
    return _badge("mod-badge", _("A moderator of Letterpost"), _("MOD"), _("moderator"))


@register.simple_tag
def player_name(user) -> str:
    if user is None:
        return ""
    if getattr(user, "is_bot", False):
        return format_html("{} {}", user.public_name, bot_badge())
    return format_html("{}", user.public_name)
