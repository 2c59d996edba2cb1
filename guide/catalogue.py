"""The games that have a "How to play" page, in the order the site lists them.

A game's name is a name and stays untranslated (the game pages show it the same way); its one-line
summary is translated.  The player counts come from the engines, so the pages cannot drift from them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engines import registry


@dataclass(frozen=True)
class RulesGame:
    kind: str
    name: str
    summary: Promise

    @property
    def min_players(self) -> int:
        return registry.get(self.kind).min_seats

    @property
    def max_players(self) -> int:
        return registry.get(self.kind).max_seats

    @property
    def cooperative(self) -> bool:
        return registry.get(self.kind).cooperative


GAMES: tuple[RulesGame, ...] = (
    RulesGame("crossword", "Crossword",
              _("Build words across and down on a 15×15 board of premium squares; the classic tile game.")),
    RulesGame("turnspell", "Turnspell",
              _("Everyone picks a tile from the spinning board at once and builds four-letter words; first to 44.")),
    RulesGame("spellcrafter", "Spellcrafter",
              _("Draft letter cards in four suits, then craft one word a round; flushes and long words pay.")),
    RulesGame("spell", "Spell",
              _("A team game: give clues one letter at a time until the question mark finds the secret term.")),
)

BY_KIND: dict[str, RulesGame] = {game.kind: game for game in GAMES}
