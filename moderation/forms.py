"""Forms of the report page and the moderators' action form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import CHAT_MAX_LENGTH, REPORT_TEXT_MAX_LENGTH, ActionKind, ReportReason

DURATIONS = [("1", _("1 day")), ("3", _("3 days")), ("7", _("1 week")), ("30", _("30 days")),
             ("365", _("1 year")), ("forever", _("For good (suspension only)"))]


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("What happened?"), choices=ReportReason.choices, widget=forms.RadioSelect)
    text = forms.CharField(label=_("Details (optional)"), required=False, max_length=REPORT_TEXT_MAX_LENGTH,
                           widget=forms.Textarea(attrs={"rows": 4}))
    messages = forms.TypedMultipleChoiceField(label=_("Attach their chat messages"), required=False, coerce=int,
                                              widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, chat=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["messages"].choices = [(m.pk, f"{m.created_at:%d %b %H:%M} — {m.text}") for m in chat]
        if not chat:
            del self.fields["messages"]


class ChatForm(forms.Form):
    text = forms.CharField(max_length=CHAT_MAX_LENGTH)


class ActionForm(forms.Form):
    action = forms.ChoiceField(label=_("Action"), choices=ActionKind.choices)
    days = forms.ChoiceField(label=_("For (mute, suspension)"), choices=DURATIONS, required=False)
    reason = forms.CharField(label=_("Reason (the player sees it)"),
                             widget=forms.Textarea(attrs={"rows": 3}), required=False)
    user = forms.CharField(required=False, widget=forms.HiddenInput)
    report = forms.IntegerField(required=False, widget=forms.HiddenInput)
    game = forms.IntegerField(required=False, widget=forms.HiddenInput)
    message = forms.IntegerField(required=False, widget=forms.HiddenInput)
    next = forms.CharField(required=False, widget=forms.HiddenInput)
