"""Forms behind the lobby and the new-game page."""

import json

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from .engines import registry


class NewGameForm(forms.Form):
    kind = forms.ChoiceField(label=_("Game"), choices=())
    opponent = forms.CharField(
        label=_("Challenge a player"), required=False,
        help_text=_("Leave empty to post an open seek in the lobby; several names separated by commas."),
    )
    seats = forms.IntegerField(label=_("Players"), min_value=2, max_value=6, initial=2)
    days_per_move = forms.TypedChoiceField(
        label=_("Days per move"), coerce=int, initial=settings.DEFAULT_DAYS_PER_MOVE,
        choices=[(d, d) for d in settings.DAYS_PER_MOVE_CHOICES],
    )
    options = forms.CharField(
        label=_("Options (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('For example {"lexicon": "en"}.'),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k, k.capitalize()) for k in registry.kinds()]

    def clean_options(self):
        raw = self.cleaned_data["options"].strip()
        if not raw:
            return {}
        try:
            value = json.loads(raw)
        except ValueError:
            raise forms.ValidationError(_("Options must be a JSON object.")) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Options must be a JSON object."))
        return value

    def clean_opponent(self):
        return [name.strip() for name in self.cleaned_data["opponent"].split(",") if name.strip()]
