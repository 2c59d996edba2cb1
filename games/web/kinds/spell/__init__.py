"""Spell (cooperative; it has no bot: its clues need word association we do not have) on the site: its
spec, registered from ``settings.GAME_KINDS``."""

from django.utils.translation import gettext_lazy

from engines.spell import ENGINE
from games.registry import KindSpec

from . import page, rules, words
from .form import SpellForm

KIND = KindSpec(
    engine=ENGINE,
    name="Spell",
    summary=gettext_lazy(
        "A team game: give clues one letter at a time until the question mark finds the secret term."
    ),
    page=page.page_context,
    move_lines=page.move_lines,
    form=SpellForm(),
    option_words=words.option_words,
    rules_examples=rules.examples,
    picture=rules.picture,
    stylesheet="css/spell.css",
)
