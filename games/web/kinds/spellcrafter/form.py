"""Spellcrafter's part of the new-game form: the number of rounds, and an English word list (its cards
carry English letters)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engines.spellcrafter.engine import DEFAULT_ROUNDS, MAX_ROUNDS
from games.web.forms import EnglishWordsForm


class SpellcrafterForm(EnglishWordsForm):
    def own_fields(self, form, kind):
        return [form.add_field(kind, "rounds", forms.TypedChoiceField(
            label=_("Rounds"), coerce=int, required=False, initial=DEFAULT_ROUNDS,
            choices=[(n, ngettext("%(n)s round", "%(n)s rounds", n) % {"n": n}) for n in range(1, MAX_ROUNDS + 1)],
            help_text=_("The rules play 4 rounds; fewer make a shorter game."),
        ))]

    def options(self, form, kind, values):
        return {**super().options(form, kind, values), "rounds": values.get("rounds") or DEFAULT_ROUNDS}
