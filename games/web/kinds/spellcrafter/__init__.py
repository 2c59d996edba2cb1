"""Spellcrafter on the site: its spec, registered from ``settings.GAME_KINDS``."""

from django.utils.translation import gettext_lazy, gettext_noop

from engines.spellcrafter import ENGINE
from games.registry import BotAccount, KindSpec

from . import page, rules, words
from .form import SpellcrafterForm

KIND = KindSpec(
    engine=ENGINE,
    name="Spellcrafter",
    summary=gettext_lazy("Draft letter cards in four suits, then craft one word a round; flushes and long words pay."),
    page=page.page_context,
    move_lines=page.move_lines,
    form=SpellcrafterForm(),
    option_words=words.option_words,
    rules_examples=rules.examples,
    picture=rules.picture,
    stylesheet="css/spellcrafter.css",
    bots=(BotAccount("spellcrafter-bot", "club", gettext_noop("Spellcrafter Bot")),),
)
