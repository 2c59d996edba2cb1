"""The GCG upload form: paste the record or choose a file, and the dictionary to check words in."""

from django import forms
from django.utils.translation import gettext_lazy as _

from lexicons.store import lexicon_choices

GCG_FILE_MAX_BYTES = 100_000


class GcgUploadForm(forms.Form):
    gcg = forms.CharField(label=_("GCG record"), required=False, strip=False,
                          widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "class": "gcg-text"}),
                          help_text=_("Paste the record (ours, Quackle's or Woogles'), or choose the file below."))
    file = forms.FileField(label=_("or a .gcg file"), required=False)
    lexicon = forms.ChoiceField(label=_("Dictionary"), choices=())
    master = forms.BooleanField(label=_("Ask the Master"), required=False,
                                widget=forms.CheckboxInput(attrs={"aria-describedby": "master-help"}),
                                help_text=_("Rank the plays by the Master bot's simulation instead of static equity: "
                                            "deeper, about a minute, a few a day."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["lexicon"].choices = lexicon_choices()

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > GCG_FILE_MAX_BYTES:
                raise forms.ValidationError(_("The file is too large for a game record."))
            try:
                data["gcg"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        if not (data.get("gcg") or "").strip():
            raise forms.ValidationError(_("Paste a GCG record or choose a file."))
        return data
