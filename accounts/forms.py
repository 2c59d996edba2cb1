"""Forms for the profile page."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import User, time_zone_choices


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=time_zone_choices)

    class Meta:
        model = User
        fields = ["display_name", "time_zone", "language", "challenges_from_strangers"]


class VacationForm(forms.Form):
    starts_on = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                                help_text=_("Leave empty to start now."))
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=30, initial=7)
