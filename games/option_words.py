"""A game's options in words for people: "Crossword · English tiles · double challenge · 3 days per
move · rated".  The lobby, the dashboard, league pages and anything else that shows a game's settings
use this, so a player never meets a raw option dict or an internal value.

Only what a player chose or needs to know is said: a default that every game of the kind has (seven
tiles in the bag for an exchange, Turnspell's 200-turn cap) is left out.  Private options (Spell's term
cards) are never read.  Unknown keys (a kind without words here) are left out rather than shown raw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engines import registry

SEPARATOR = " · "

TILE_SETS = {"en": gettext_lazy("English tiles"), "nl": gettext_lazy("Dutch tiles")}
CARD_LANGUAGES = {"en": gettext_lazy("English cards"), "nl": gettext_lazy("Dutch cards")}
CHALLENGE_MODES = {
    "void": gettext_lazy("words checked as played"),
    "single": gettext_lazy("single challenge"),
    "double": gettext_lazy("double challenge"),
}
SPELL_SIDES = {0: gettext_lazy("always side A"), 1: gettext_lazy("always side B")}

# The values every game of a kind has unless its creator chose otherwise: not worth saying.
DEFAULT_MIN_BAG = 7
DEFAULT_TURNSPELL_TURNS = 200
DEFAULT_SPELLCRAFTER_ROUNDS = 4


def kind_name(kind: str) -> str:
    """A game's name: a name, not translated ("Crossword", "Spell")."""
    return kind.capitalize()


def is_rated(kind: str, options: Mapping[str, Any] | None) -> bool:
    """Rated unless the creator chose casual (``{"rated": false}``); a cooperative game never is."""
    try:
        if registry.get(kind).cooperative:
            return False
    except KeyError:
        pass
    return (options or {}).get("rated", True) is not False


def _lexicon_words(options: Mapping[str, Any], default: str | None) -> list[str]:
    lexicon = options.get("lexicon")
    if isinstance(lexicon, str) and lexicon and lexicon != default:
        return [_("word list %(code)s") % {"code": lexicon}]
    return []


def _crossword(options: Mapping[str, Any]) -> list[str]:
    tile_set = options.get("tile_set", "en")
    words = [str(TILE_SETS.get(tile_set, _("tile set %(code)s") % {"code": tile_set}))]
    words += _lexicon_words(options, tile_set)
    challenge = options.get("challenge", "void")
    if challenge in CHALLENGE_MODES:
        words.append(str(CHALLENGE_MODES[challenge]))
    min_bag = options.get("min_bag_for_exchange", DEFAULT_MIN_BAG)
    if isinstance(min_bag, int) and min_bag != DEFAULT_MIN_BAG:
        words.append(ngettext("exchanges while %(n)s tile is in the bag", "exchanges while %(n)s tiles are in the bag",
                              min_bag) % {"n": min_bag})
    return words


def _turnspell(options: Mapping[str, Any]) -> list[str]:
    words = _lexicon_words(options, "en")
    turns = options.get("max_turns", DEFAULT_TURNSPELL_TURNS)
    if isinstance(turns, int) and turns != DEFAULT_TURNSPELL_TURNS:
        words.append(ngettext("at most %(n)s turn", "at most %(n)s turns", turns) % {"n": turns})
    return words


def _spellcrafter(options: Mapping[str, Any]) -> list[str]:
    words = []
    rounds = options.get("rounds", DEFAULT_SPELLCRAFTER_ROUNDS)
    if isinstance(rounds, int) and rounds != DEFAULT_SPELLCRAFTER_ROUNDS:
        words.append(ngettext("%(n)s round", "%(n)s rounds", rounds) % {"n": rounds})
    return words + _lexicon_words(options, "en")


def _spell(options: Mapping[str, Any]) -> list[str]:
    language = options.get("language", "en")
    words = [str(CARD_LANGUAGES.get(language, _("cards in %(code)s") % {"code": language}))]
    side = options.get("side")
    if side in SPELL_SIDES and type(side) is int:
        words.append(str(SPELL_SIDES[side]))
    return words


_BY_KIND = {"crossword": _crossword, "turnspell": _turnspell, "spellcrafter": _spellcrafter, "spell": _spell}


def options_in_words(kind: str, options: Mapping[str, Any] | None, *, days_per_move: int | None = None,
                     with_rating: bool = True, time_bank_days: int = 0) -> list[str]:
    """The parts that describe a game of ``kind`` with ``options`` (without the game's name), in the
    active language: the kind's own settings, then the days per move (when given) and the time bank (if
    any), then rated, casual or cooperative (unless ``with_rating`` is False)."""
    options = options if isinstance(options, Mapping) else {}
    describe = _BY_KIND.get(kind)
    words = describe(options) if describe else []
    if days_per_move is not None:
        words.append(ngettext("%(n)s day per move", "%(n)s days per move", days_per_move) % {"n": days_per_move})
    if time_bank_days:
        words.append(ngettext("a %(n)s-day time bank", "a %(n)s-day time bank", time_bank_days) % {"n": time_bank_days})
    if with_rating:
        try:
            cooperative = registry.get(kind).cooperative
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
