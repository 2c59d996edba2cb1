"""Forms for the profile page, and sign-up as allauth has it plus the browser's time zone; both check
a name being set against ``accounts/names.py`` (lookalikes, reserved words, badges)."""

from functools import lru_cache

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.utils.translation import gettext_lazy as _

from .models import REMINDER_HOURS, User, time_zone_choices
from .names import display_name_check, display_name_normalise, username_check, username_normalise


@lru_cache(maxsize=1)
def _zone_names() -> frozenset[str]:
    return frozenset(name for name, _label in time_zone_choices())


class SignupForm(AllauthSignupForm):
    """allauth's sign-up (``ACCOUNT_FORMS["signup"]``) with a hidden ``time_zone`` that
    ``static/js/timezone_field.js`` fills from the browser (``Intl.DateTimeFormat``).  A name outside the
    profile's choices, or none (no JavaScript), leaves the default UTC: the player never typed it, so it
    never blocks signing up; they can change it on their profile."""

    time_zone = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].validators = []  # anything odd (a NUL, a long string) just means UTC

    def clean_username(self) -> str:
        # allauth's checks (the validators, "taken" in any case) see the NFKC form, which is what is stored.
        self.cleaned_data["username"] = username_normalise(self.cleaned_data["username"])
        username = super().clean_username()
        username_check(username)
        return username

    def clean_time_zone(self) -> str:
        name = (self.cleaned_data.get("time_zone") or "").strip()
        return name if name in _zone_names() else ""

    def custom_signup(self, request, user) -> None:
        super().custom_signup(request, user)
        zone = self.cleaned_data.get("time_zone")
        if zone:
            user.time_zone = zone
            user.save(update_fields=["time_zone"])


class DisplayNameMixin:
    """For a ``ModelForm`` of a ``User`` with ``display_name``: the name normalised, and checked when it
    changes (a player's existing name stands, whatever it is)."""

    def clean_display_name(self) -> str:
        name = display_name_normalise(self.cleaned_data["display_name"])
        if name != self.instance.display_name:
            display_name_check(name, user=self.instance)
        return name


HOUR_CHOICES = [("", _("— none —"))] + [(str(h), f"{h:02d}:00") for h in range(24)]


class ProfileForm(DisplayNameMixin, forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=time_zone_choices)
    # Shown together under "Quiet hours" (templates/accounts/profile_edit.html), with what they mean.
    quiet_from = forms.TypedChoiceField(
        label=_("Quiet hours from"), choices=HOUR_CHOICES, coerce=int, empty_value=None, required=False,
        widget=forms.Select(attrs={"aria-describedby": "quiet-hours-help"}),
    )
    quiet_until = forms.TypedChoiceField(
        label=_("Quiet hours until"), choices=HOUR_CHOICES, coerce=int, empty_value=None, required=False,
        widget=forms.Select(attrs={"aria-describedby": "quiet-hours-help"}),
    )

    # Shown together under "Alerts".
    reminder_hours = forms.TypedMultipleChoiceField(
        label=_("Remind me before a deadline"), coerce=int, required=False,
        choices=[(h, _("%(hours)s h before") % {"hours": h}) for h in REMINDER_HOURS],
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Each reminder is sent once per turn, as you chose under notification preferences."),
    )

    class Meta:
        model = User
        fields = ["display_name", "time_zone", "language", "challenges_from_strangers", "quiet_from", "quiet_until",
                  "reminder_hours", "sound_on_move", "confirm_moves"]
        help_texts = {
            "sound_on_move": _("A soft sound while a page of Letterpost is open and it becomes your move."),
            "confirm_moves": _("The Play button asks once more before a move is sent."),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["confirm_moves"].required = False  # left out: kept as it is

    def clean_confirm_moves(self) -> str | None:
        return self.cleaned_data.get("confirm_moves") or None

    def clean(self):
        data = super().clean()
        start, end = data.get("quiet_from"), data.get("quiet_until")
        if (start is None) != (end is None):
            self.add_error("quiet_until", _("Choose both hours for quiet hours, or neither."))
        elif start is not None and start == end:
            self.add_error("quiet_until", _("Quiet hours must end at a different hour from the one they start."))
        return data


class VacationForm(forms.Form):
    starts_on = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                                help_text=_("Leave empty to start now."))
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=30, initial=7)
