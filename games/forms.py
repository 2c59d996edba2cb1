"""Forms behind the lobby and the new-game page."""

import json

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from lexicons.store import lexicon_choices, lexicon_exists

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
    # Crossword settings, merged into the options of a crossword game (the JSON options win).
    tile_set = forms.ChoiceField(
        label=_("Tile set (Crossword)"), required=False, initial="en",
        choices=[("en", _("English (100 tiles)")), ("nl", _("Dutch (102 tiles)"))],
    )
    lexicon = forms.ChoiceField(label=_("Lexicon (Crossword)"), required=False, choices=())
    challenge = forms.ChoiceField(
        label=_("Challenge (Crossword)"), required=False, initial="void",
        choices=[
            ("void", _("Words checked at once: an unknown word is refused")),
            ("single", _("Single: a challenged invalid play is taken back")),
            ("double", _("Double: a failed challenge also loses the turn")),
        ],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k, k.capitalize()) for k in registry.kinds()]
        self.fields["lexicon"].choices = [("", _("The tile set's language")), *lexicon_choices()]

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

    def clean(self):
        data = super().clean()
        if data.get("kind") == "crossword" and isinstance(data.get("options"), dict):
            for name in ("tile_set", "lexicon", "challenge"):
                if data.get(name):
                    data["options"].setdefault(name, data[name])
            code = data["options"].get("lexicon") or data["options"].get("tile_set", "en")
            if not lexicon_exists(code):
                self.add_error("lexicon", _("There is no lexicon %(code)s yet; an administrator imports it with "
                                            "manage.py import_lexicon %(code)s.") % {"code": code})
        return data

    def clean_opponent(self):
        return [name.strip() for name in self.cleaned_data["opponent"].split(",") if name.strip()]
