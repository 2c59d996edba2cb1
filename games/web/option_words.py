"""A game's options in words for people: "Crossword · English tiles · double challenge · 3 days per
move · rated".  The lobby, the dashboard, league pages and anything else that shows a game's settings
use this, so a player never meets a raw option dict or an internal value.

Only what a player chose or needs to know is said: a default that every game of the kind has (seven
tiles in the bag for an exchange, Turnspell's 200-turn cap) is left out.  Private options (Spell's term
cards) are never read.  Unknown keys (a kind that has no words for them, ``KindSpec.option_words``) are left out
rather than shown raw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engines import registry as engines
from games import registry

SEPARATOR = " · "

def kind_name(kind: str) -> str:
    """A game's name: a name, not translated ("Crossword", "Spell")."""
    try:
        return registry.get(kind).name
    except KeyError:
        return kind.capitalize()


def is_rated(kind: str, options: Mapping[str, Any] | None) -> bool:
    """Rated unless the creator chose casual (``{"rated": false}``); a cooperative game never is."""
    try:
        if engines.get(kind).cooperative:
            return False
    except KeyError:
        pass
    return (options or {}).get("rated", True) is not False


def lexicon_words(options: Mapping[str, Any], default: str | None) -> list[str]:
    """The word list in words, when it is not the kind's ``default`` one."""
    lexicon = options.get("lexicon")
    if isinstance(lexicon, str) and lexicon and lexicon != default:
        return [_("word list %(code)s") % {"code": lexicon}]
    return []


def options_in_words(kind: str, options: Mapping[str, Any] | None, *, days_per_move: int | None = None,
                     with_rating: bool = True, time_bank_days: int = 0) -> list[str]:
    """The parts that describe a game of ``kind`` with ``options`` (without the game's name), in the
    active language: the kind's own settings, then the days per move (when given) and the time bank (if
    any), then rated, casual or cooperative (unless ``with_rating`` is False)."""
    options = options if isinstance(options, Mapping) else {}
    try:
        describe = registry.get(kind).option_words
    except KeyError:
        describe = None
    words = describe(options) if describe else []
    if days_per_move is not None:
        words.append(ngettext("%(n)s day per move", "%(n)s days per move", days_per_move) % {"n": days_per_move})
    if time_bank_days:
        words.append(ngettext("a %(n)s-day time bank", "a %(n)s-day time bank", time_bank_days) % {"n": time_bank_days})
    if with_rating:
        try:
            cooperative = engines.get(kind).cooperative
        except KeyError:
            cooperative = False
        if cooperative:
            words.append(_("cooperative"))
        else:
            words.append(_("rated") if is_rated(kind, options) else _("casual"))
    return words


def game_in_words(kind: str, options: Mapping[str, Any] | None, *, days_per_move: int | None = None,
                  with_rating: bool = True, time_bank_days: int = 0) -> str:
    """One line: the game's name and its settings, "Crossword · English tiles · … · rated"."""
    parts = [kind_name(kind), *options_in_words(kind, options, days_per_move=days_per_move, with_rating=with_rating,
                                                time_bank_days=time_bank_days)]
    return SEPARATOR.join(parts)
