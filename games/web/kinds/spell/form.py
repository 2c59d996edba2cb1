"""Spell's part of the new-game form: the language of the term cards and which side comes up."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from games.web.forms import LANGUAGES, KindForm, Unavailable, explained_choice
from lexicons.term_decks import spell_deck_languages


class SpellForm(KindForm):
    def fields(self, form, kind, lexicons):
        languages = spell_deck_languages()
        if not languages:
            raise Unavailable(_("there are not enough term cards on this site yet"))
        return [
            *form.seats_fields(kind),
            form.add_field(kind, "language", forms.ChoiceField(
                label=_("Language of the term cards"), required=False, initial=languages[0],
                choices=[(code, LANGUAGES.get(code, code)) for code in languages],
            )),
            form.add_field(kind, "side", forms.ChoiceField(
                label=_("Side of the cards"), widget=forms.RadioSelect, required=False, initial="drawn",
                choices=[
                    ("drawn", explained_choice(_("Drawn each round"), _("Either side may come up, as in the box."))),
                    ("0", explained_choice(_("Always side A"), "")),
                    ("1", explained_choice(_("Always side B"), "")),
                ],
            )),
        ]

    def options(self, form, kind, values):
        options = {"language": values.get("language") or form.fields[f"{kind}_language"].initial}
        if values.get("side") in ("0", "1"):
            options["side"] = int(values["side"])
        return options
