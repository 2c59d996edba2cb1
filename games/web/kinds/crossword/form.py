"""Crossword's part of the new-game form: the tile set, its word list and how words are checked."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.web.forms import LANGUAGES, KindForm, Unavailable, explained_choice

# The tile sets, each played with a word list of its language.
TILE_SETS = {"en": gettext_lazy("English (100 tiles)"), "nl": gettext_lazy("Dutch (102 tiles)")}


def challenge_choices() -> list[tuple[str, str]]:
    return [
        ("void", explained_choice(_("Words checked as played"),
                            _("A word the word list does not know is refused at once and you try again; "
                              "nothing is lost."))),
        ("single", explained_choice(_("Single challenge"),
                              _("Any play stands until the next player challenges it: an invalid play goes back to the "
                                "rack and scores nothing; a failed challenge costs nothing."))),
        ("double", explained_choice(_("Double challenge"),
                              _("As single, but a failed challenge costs the challenger their turn."))),
    ]


class CrosswordForm(KindForm):
    def fields(self, form, kind, lexicons):
        tile_sets = [code for code in TILE_SETS if any(lx.language == code for lx in lexicons)]
        if not tile_sets:
            raise Unavailable(_("no English or Dutch word list is loaded on this site yet"))
        return [
            *form.seats_fields(kind),
            form.add_field(kind, "tile_set", forms.ChoiceField(
                label=_("Tile set"), widget=forms.RadioSelect, required=False, initial=tile_sets[0],
                choices=[(code, TILE_SETS[code]) for code in tile_sets],
                help_text=_("The letters and their values; the word list is in the same language."),
            )),
            form.lexicon_field(kind, [lx for lx in lexicons if lx.language in tile_sets],
                                matching=_("The word list in the tile set's language")),
            form.add_field(kind, "challenge", forms.ChoiceField(
                label=_("Checking words"), widget=forms.RadioSelect, required=False, initial="void",
                choices=challenge_choices(),
            )),
        ]

    def options(self, form, kind, values):
        tile_set = values.get("tile_set") or form.fields[f"{kind}_tile_set"].initial
        # No choice: the list named like the tile set ("nl"), else the first in its language.
        lexicon = values.get("lexicon") or (tile_set if tile_set in form.lexicons else next(
            (code for code, lx in form.lexicons.items() if lx.language == tile_set), ""))
        chosen = form.lexicons.get(lexicon)
        if chosen is not None and chosen.language != tile_set:
            form.add_error(f"{kind}_lexicon", _(
                "%(lexicon)s is not a word list for the %(tiles)s tiles; choose one in the same language.")
                % {"lexicon": chosen.name, "tiles": LANGUAGES.get(tile_set, tile_set)})
        return {"tile_set": tile_set, "lexicon": lexicon, "challenge": values.get("challenge") or "void"}
