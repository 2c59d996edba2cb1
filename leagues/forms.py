"""Forms for the league pages: they parse input; the services validate the league's rules."""

import json

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.engines import registry

from .models import Visibility


def kind_choices():
    return [(k, k.capitalize()) for k in registry.kinds()]


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False)
    kind = forms.ChoiceField(label=_("Game"), choices=kind_choices)
    options = forms.CharField(
        label=_("Game options (JSON)"), required=False, initial="{}",
        help_text=_('For example {"tile_set": "nl"} for Dutch Crossword.'),
    )
    days_per_move = forms.TypedChoiceField(
        label=_("Days per move"), coerce=int, initial=settings.DEFAULT_DAYS_PER_MOVE,
        choices=[(d, d) for d in settings.DAYS_PER_MOVE_CHOICES],
    )
    visibility = forms.ChoiceField(label=_("Who may join"), choices=Visibility.choices)
    table_size = forms.IntegerField(label=_("Players per game"), min_value=2, max_value=6, initial=2)
    double_round_robin = forms.BooleanField(label=_("Play everyone twice"), required=False)
    division_min = forms.IntegerField(label=_("Smallest division"), min_value=2, max_value=40, initial=6)
    division_max = forms.IntegerField(label=_("Largest division"), min_value=2, max_value=40, initial=12)
    promote = forms.IntegerField(label=_("Promoted per division"), min_value=0, max_value=20, initial=2)
    relegate = forms.IntegerField(label=_("Relegated per division"), min_value=0, max_value=20, initial=2)
    season_days = forms.IntegerField(label=_("Season length (days)"), min_value=7, max_value=365, initial=60)
    max_players = forms.IntegerField(label=_("Most players (0: no limit)"), min_value=0, initial=0)

    def clean_options(self):
        raw = self.cleaned_data.get("options") or "{}"
        try:
            value = json.loads(raw)
        except ValueError:
            raise forms.ValidationError(_("Options must be JSON, e.g. {}.")) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Options must be a JSON object."))
        return value


class UsernameForm(forms.Form):
    username = forms.CharField(label=_("Player"), max_length=150)


class MoveForm(UsernameForm):
    level = forms.IntegerField(label=_("To division"), min_value=1)


class ForfeitForm(UsernameForm):
    game = forms.IntegerField(label=_("Game number"), min_value=1)
