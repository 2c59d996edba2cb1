"""Spellcrafter's options in words: rounds other than the rules' four, a word list other than English's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import ngettext

from engines.spellcrafter.engine import DEFAULT_ROUNDS
from games.web.option_words import lexicon_words


def option_words(options: Mapping[str, Any]) -> list[str]:
    words = []
    rounds = options.get("rounds", DEFAULT_ROUNDS)
    if isinstance(rounds, int) and rounds != DEFAULT_ROUNDS:
        words.append(ngettext("%(n)s round", "%(n)s rounds", rounds) % {"n": rounds})
    return words + lexicon_words(options, "en")
