"""Turnspell's options in words: a word list other than English's, a turn cap other than the rules'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import ngettext

from engines.turnspell.engine import DEFAULT_MAX_TURNS
from games.web.option_words import lexicon_words


def option_words(options: Mapping[str, Any]) -> list[str]:
    words = lexicon_words(options, "en")
    turns = options.get("max_turns", DEFAULT_MAX_TURNS)
    if isinstance(turns, int) and turns != DEFAULT_MAX_TURNS:
        words.append(ngettext("at most %(n)s turn", "at most %(n)s turns", turns) % {"n": turns})
    return words
