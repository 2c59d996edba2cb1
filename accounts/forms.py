"""Forms for the profile page."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import User, time_zone_choices


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=time_zone_choices)

    class Meta:
        model = User
        fields = ["display_name", "time_zone", "language"]
