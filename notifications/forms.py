"""The preferences form: per kind, in-app on/off and e-mail each / digest / off; the digest hour."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import EmailMode, Kind


class PreferencesForm(forms.Form):
    digest_hour = forms.TypedChoiceField(
        label=_("Send my daily digest at"), coerce=int, choices=[(h, f"{h:02d}:00") for h in range(24)]
    )

    def __init__(self, *args, table: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["digest_hour"].initial = table["digest_hour"]
        for row in table["rows"]:
            self.fields[f"{row['kind']}_in_app"] = forms.BooleanField(
                label=_("In the app"), required=False, initial=row["in_app"]
            )
            self.fields[f"{row['kind']}_email"] = forms.ChoiceField(
                label=_("E-mail"), choices=EmailMode.choices, initial=row["email"]
            )
        self.rows = [
            {**row, "in_app_field": self[f"{row['kind']}_in_app"], "email_field": self[f"{row['kind']}_email"]}
            for row in table["rows"]
        ]

    def choices(self) -> dict[str, tuple[bool, str]]:
        data = self.cleaned_data
        return {k: (data[f"{k}_in_app"], data[f"{k}_email"]) for k in Kind.values}
