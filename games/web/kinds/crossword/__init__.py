"""Crossword (Scrabble rules, English and Dutch tiles) on the site: its spec, registered from
``settings.GAME_KINDS``."""

from django.utils.translation import gettext_lazy, gettext_noop

from engines.crossword import ENGINE
from games.registry import BotAccount, KindSpec

from . import page, rules, words
from .form import CrosswordForm

KIND = KindSpec(
    engine=ENGINE,
    name="Crossword",
    summary=gettext_lazy(
        "Build words across and down on a 15×15 board of premium squares; the classic tile game."
    ),
    page=page.page_context,
    move_lines=page.move_lines,
    form=CrosswordForm(),
    form_note="games/kinds/_crossword_form_note.html",
    option_words=words.option_words,
    rules_examples=rules.examples,
    picture=rules.picture,
    stylesheet="css/crossword.css",
    selfplay_options=({}, {"tile_set": "nl"}),
    bots=(
        BotAccount("crossword-beginner", "beginner", gettext_noop("Crossword Beginner Bot")),
        BotAccount("crossword-casual", "casual", gettext_noop("Crossword Casual Bot")),
        BotAccount("crossword-club", "club", gettext_noop("Crossword Club Bot")),
        BotAccount("crossword-expert", "expert", gettext_noop("Crossword Expert Bot")),
        BotAccount("crossword-master", "master", gettext_noop("Crossword Master Bot")),
    ),
)
