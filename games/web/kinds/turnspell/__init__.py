"""Turnspell on the site: its spec, registered from ``settings.GAME_KINDS``."""

from django.utils.translation import gettext_lazy, gettext_noop

from engines.turnspell import ENGINE
from games.registry import BotAccount, KindSpec

from . import page, rules, words
from .form import TurnspellForm

KIND = KindSpec(
    engine=ENGINE,
    name="Turnspell",
    summary=gettext_lazy(
        "Everyone picks a tile from the spinning board at once and builds four-letter words; first to 44."
    ),
    page=page.page_context,
    move_lines=page.move_lines,
    form=TurnspellForm(),
    option_words=words.option_words,
    rules_examples=rules.examples,
    picture=rules.picture,
    stylesheet="css/turnspell.css",
    bots=(BotAccount("turnspell-bot", "club", gettext_noop("Turnspell Bot")),),
)
