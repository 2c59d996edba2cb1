"""Forms for dictionaries: the word lookup and report pages, and the curators' admin pages.

Forms only parse; the rules (rule 8, duplicates, permissions) live in ``lexicon_services``.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import ReportKind, WordAction
from .store import lexicon_choices


class LexiconChoiceMixin:
    """For a form with a ``lexicon`` ChoiceField: its choices are the lexicons there are now."""

    fields: dict[str, forms.Field]  # the form's, which this is mixed into

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        lexicon = self.fields["lexicon"]
        assert isinstance(lexicon, forms.ChoiceField)
        lexicon.choices = lexicon_choices()


class WordLookupForm(LexiconChoiceMixin, forms.Form):
    lexicon = forms.ChoiceField(label=_("Dictionary"), choices=())
    word = forms.CharField(label=_("Word"), max_length=40)


class WordReportForm(LexiconChoiceMixin, forms.Form):
    lexicon = forms.ChoiceField(label=_("Dictionary"), choices=())
    word = forms.CharField(label=_("Word"), max_length=40)
    kind = forms.ChoiceField(label=_("What is wrong"), choices=ReportKind.choices, widget=forms.RadioSelect)
    comment = forms.CharField(
        label=_("Comment"), required=False, max_length=500, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Optional: a meaning, a source, where you saw it."),
    )
    game = forms.IntegerField(required=False, widget=forms.HiddenInput)


CHANGE_ACTIONS = [(WordAction.ADDED, _("Add the word")), (WordAction.REMOVED, _("Remove the word"))]


class CurateWordForm(forms.Form):
    word = forms.CharField(label=_("Word"), max_length=40)
    action = forms.ChoiceField(label=_("Action"), choices=CHANGE_ACTIONS, widget=forms.RadioSelect)
    reason = forms.CharField(label=_("Reason"), max_length=300, help_text=_("Kept in the change history."))


class BulkChangeForm(forms.Form):
    file = forms.FileField(label=_("Word list"), help_text=_("UTF-8 text, one word a line, at most 5 MiB."))
    action = forms.ChoiceField(
        label=_("Action"), widget=forms.RadioSelect,
        choices=[(WordAction.ADDED, _("Add these words")), (WordAction.REMOVED, _("Remove these words"))],
    )
    reason = forms.CharField(label=_("Reason"), max_length=300)


class VersionDiffForm(forms.Form):
    old = forms.IntegerField(label=_("From version"), min_value=0)
    new = forms.IntegerField(label=_("To version"), min_value=0)


class ReportResolveForm(forms.Form):
    decision = forms.ChoiceField(
        label=_("Decision"), widget=forms.RadioSelect,
        choices=[("accept", _("Accept: change the dictionary")), ("reject", _("Reject: leave it as it is"))],
    )
    note = forms.CharField(label=_("Note to the reporter"), required=False, max_length=300)
