"""Admin for Spell's term cards: curate cards one by one, retire or restore them, and move whole decks
in and out as CSV (the format is documented in lexicons/term_csv.py and on the import page).

An import is all or nothing: a file with a bad row is refused with the row numbers and writes nothing.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import TermCard
from .term_csv import HEADER, CardFormatError, clean_card
from .term_decks import TermImportError, term_cards_export, term_cards_import

MAX_UPLOAD_BYTES = 5 * 1024 * 1024


class TermCardForm(forms.ModelForm):
    class Meta:
        model = TermCard
        fields = ["language", "side_a", "side_b", "alternatives", "active"]
        widgets = {
            "side_a": forms.TextInput(attrs={"size": 80}),
            "side_b": forms.TextInput(attrs={"size": 80}),
            "alternatives": forms.Textarea(attrs={"rows": 2, "cols": 80}),
        }

    def clean(self):
        data = super().clean()
        if self.errors or data is None:  # a ModelForm's clean() returns its cleaned_data, never None
            return data
        try:
            card = clean_card(
                language=data.get("language", ""), side_a=data.get("side_a", ""), side_b=data.get("side_b", ""),
                alternatives=data.get("alternatives", ""),
            )
        except CardFormatError as exc:
            raise forms.ValidationError(str(exc)) from None
        # Stored in the canonical spelling ("a, b, c, d, e"), the same as an import writes.
        data.update(language=card.language, side_a=card.side_a, side_b=card.side_b, alternatives=card.alternatives)
        return data


class TermImportForm(forms.Form):
    file = forms.FileField(label=_("Deck file (CSV, UTF-8)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 5 MB."))
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text.")) from None


def _csv_response(cards, name: str) -> HttpResponse:
    response = HttpResponse(term_cards_export(cards=cards), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@admin.register(TermCard)
class TermCardAdmin(admin.ModelAdmin):
    form = TermCardForm
    list_display = ("id", "language", "side_a", "side_b", "active", "updated_at")
    list_filter = ("language", "active")
    search_fields = ("side_a", "side_b", "alternatives")
    readonly_fields = ("created_at", "updated_at")
    actions = ["export_csv", "retire", "restore"]
    change_list_template = "admin/lexicons/termcard/change_list.html"

    @admin.action(description=_("Export the selected cards as CSV"), permissions=["view"])
    def export_csv(self, request, queryset):
        return _csv_response(queryset.order_by("language", "pk"), "term-cards-selected.csv")

    @admin.action(description=_("Retire the selected cards (never drawn again)"), permissions=["change"])
    def retire(self, request, queryset):
        count = queryset.update(active=False, updated_at=timezone.now())
        self.message_user(request, ngettext("%d card retired.", "%d cards retired.", count) % count)

    @admin.action(description=_("Restore the selected cards"), permissions=["change"])
    def restore(self, request, queryset):
        count = queryset.update(active=True, updated_at=timezone.now())
        self.message_user(request, ngettext("%d card restored.", "%d cards restored.", count) % count)

    def get_urls(self):
        own = [
            path("import/", self.admin_site.admin_view(self.import_view), name="lexicons_termcard_import"),
            path("export/", self.admin_site.admin_view(self.export_view), name="lexicons_termcard_export"),
        ]
        return own + super().get_urls()

    def export_view(self, request):
        """Every card, or those of one language with ?language=xx."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        cards = TermCard.objects.order_by("language", "pk")
        language = request.GET.get("language", "")
        if language:
            cards = cards.filter(language=language)
        return _csv_response(cards, f"term-cards-{language or 'all'}.csv")

    def import_view(self, request):
        if not (self.has_add_permission(request) and self.has_change_permission(request)):
            raise PermissionDenied
        form = TermImportForm(request.POST or None, request.FILES or None)
        row_errors: list[tuple[int, str]] = []
        if request.method == "POST" and form.is_valid():
            try:
                result = term_cards_import(text=form.cleaned_data["file"])
            except TermImportError as exc:
                row_errors = exc.errors
            else:
                self.message_user(
                    request,
                    _("Imported: %(created)d new cards, %(updated)d changed.")
                    % {"created": result.created, "updated": result.updated},
                    messages.SUCCESS,
                )
                return redirect(reverse("admin:lexicons_termcard_changelist"))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Import term cards"),
            "form": form,
            "row_errors": row_errors,
            "header": ",".join(HEADER),
        }
        return TemplateResponse(request, "admin/lexicons/termcard/import.html", context)
