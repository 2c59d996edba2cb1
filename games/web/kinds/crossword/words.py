"""Crossword's options in words: its tile set, a word list other than the tile set's, how words are
checked, and an exchange limit other than the rules' seven."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engines.crossword.engine import DEFAULT_MIN_BAG_FOR_EXCHANGE
from games.web.option_words import lexicon_words

TILE_SETS = {"en": gettext_lazy("English tiles"), "nl": gettext_lazy("Dutch tiles")}
CHALLENGE_MODES = {
    "void": gettext_lazy("words checked as played"),
    "single": gettext_lazy("single challenge"),
    "double": gettext_lazy("double challenge"),
}


def option_words(options: Mapping[str, Any]) -> list[str]:
    tile_set = options.get("tile_set", "en")
    words = [str(TILE_SETS.get(tile_set, _("tile set %(code)s") % {"code": tile_set}))]
    words += lexicon_words(options, tile_set)
    challenge = options.get("challenge", "void")
    if challenge in CHALLENGE_MODES:
        words.append(str(CHALLENGE_MODES[challenge]))
    min_bag = options.get("min_bag_for_exchange", DEFAULT_MIN_BAG_FOR_EXCHANGE)
    if isinstance(min_bag, int) and min_bag != DEFAULT_MIN_BAG_FOR_EXCHANGE:
        words.append(ngettext("exchanges while %(n)s tile is in the bag", "exchanges while %(n)s tiles are in the bag",
                              min_bag) % {"n": min_bag})
    return words
