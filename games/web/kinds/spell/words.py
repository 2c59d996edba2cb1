"""Spell's options in words: the language of the term cards and a side chosen for every round.  The
term cards themselves are a private option and never read here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

CARD_LANGUAGES = {"en": gettext_lazy("English cards"), "nl": gettext_lazy("Dutch cards")}
SIDES = {0: gettext_lazy("always side A"), 1: gettext_lazy("always side B")}


def option_words(options: Mapping[str, Any]) -> list[str]:
    language = options.get("language", "en")
    words = [str(CARD_LANGUAGES.get(language, _("cards in %(code)s") % {"code": language}))]
    side = options.get("side")
    if side in SIDES and type(side) is int:
        words.append(str(SIDES[side]))
    return words
