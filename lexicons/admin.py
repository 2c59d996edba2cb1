"""Dictionary curation in the admin: words with filters, one-word and bulk changes, history,
versions and their differences, and the review queue of players' word reports.

Browsing needs the usual view permissions; every change needs ``lexicons.curate_lexicon`` (the
"Dictionary curators" group made by ``load_starter_data``).  The pages parse and call one service
from ``lexicons.services``; nothing here writes a row itself.  Spell's term cards: ``admin_terms``.
"""

from django.contrib import admin, messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models.functions import Length
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from web.pages import refusal_on_form

from . import (
    admin_terms,  # noqa: F401  (registers Spell's term cards)
    bulk,
    services,
)
from .forms import BulkChangeForm, CurateWordForm, ReportResolveForm, VersionDiffForm
from .models import (
    BulkJobStatus,
    Lexicon,
    LexiconBulkJob,
    LexiconVersion,
    LexiconWord,
    ReportStatus,
    WordChange,
    WordReport,
)
from .store import version_diff

DIFF_SHOWN = 2000


def access_curator(request) -> None:
    if not services.can_curate(request.user):
        raise PermissionDenied(_("Only dictionary curators may change dictionaries."))


class ReadOnlyAdmin(admin.ModelAdmin):
    """History and words change only through the curation pages, never by editing rows."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Lexicon)
class LexiconAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "language", "version", "word_count", "updated_at", "tools")
    fields = ("code", "name", "language", "source", "source_version", "version", "word_count", "updated_at")
    readonly_fields = ("code", "language", "source", "source_version", "version", "word_count", "updated_at")
    change_form_template = "lexicon/admin/lexicon_change_form.html"

    def has_add_permission(self, request):
        return False  # lexicons come from ``manage.py import_lexicon``

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("tools"))
    def tools(self, obj):
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("admin:lexicons_lexiconword_changelist") + f"?lexicon__id__exact={obj.pk}", _("words"),
            reverse("admin:lexicons_lexicon_curate", args=[obj.pk]), _("curate"),
            reverse("admin:lexicons_lexicon_diff", args=[obj.pk]), _("versions"),
        )

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("<int:lexicon_id>/curate/", wrap(self.curate_view), name="lexicons_lexicon_curate"),
            path("<int:lexicon_id>/bulk/", wrap(self.bulk_view), name="lexicons_lexicon_bulk"),
            path("<int:lexicon_id>/diff/", wrap(self.diff_view), name="lexicons_lexicon_diff"),
            path("bulk/<int:job_id>/", wrap(self.bulk_job_view), name="lexicons_lexicon_bulk_job"),
            path("bulk/<int:job_id>/progress/", wrap(self.bulk_progress_view), name="lexicons_lexicon_bulk_progress"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = {"versions": LexiconVersion.objects.filter(lexicon_id=object_id).select_related("created_by")[:20]}
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), **extra})

    def _context(self, request, lexicon, title, **more):
        return {
            **self.admin_site.each_context(request), "opts": self.opts, "lexicon": lexicon, "title": title,
            "can_curate": services.can_curate(request.user), **more,
        }

    def _lexicon_for_view(self, request, lexicon_id):
        lexicon = get_object_or_404(Lexicon, pk=lexicon_id)
        if not self.has_view_permission(request, lexicon):
            raise PermissionDenied
        return lexicon

    def curate_view(self, request, lexicon_id: int):
        """Add or remove one word with a reason; a refused entry shows rule 8's reason."""
        access_curator(request)
        lexicon = self._lexicon_for_view(request, lexicon_id)
        form = CurateWordForm(request.POST or None, initial={"word": request.GET.get("word", "")})
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                result = services.lexicon_word_change(
                    lexicon=lexicon, raw=data["word"], action=data["action"], user=request.user,
                    reason=data["reason"],
                )
            except services.LexiconError as exc:
                refusal_on_form(form, exc, "word" if exc.code in (services.BAD_WORD, services.EMPTY_WORD) else None)
            else:
                word = (result.added or result.removed)[0]
                messages.success(request, _("%(word)s %(action)s; %(lexicon)s is now version %(version)d.") % {
                    "word": word, "action": _("added") if result.added else _("removed"),
                    "lexicon": lexicon.code, "version": result.version,
                })
                return redirect("admin:lexicons_lexicon_curate", lexicon.pk)
        recent = WordChange.objects.filter(lexicon=lexicon).select_related("user").order_by("-version", "-pk")[:15]
        return TemplateResponse(request, "lexicon/admin/curate.html", self._context(
            request, lexicon, _("Curate %(name)s") % {"name": lexicon.name}, form=form, recent=recent,
            bulk_form=BulkChangeForm(), jobs=lexicon.bulk_jobs.select_related("created_by")[:5],
        ))

    def bulk_view(self, request, lexicon_id: int):
        """Queue a bulk add/remove from an uploaded list; the task page then shows its progress."""
        access_curator(request)
        lexicon = self._lexicon_for_view(request, lexicon_id)
        form = BulkChangeForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            data = upload.read(services.MAX_UPLOAD_BYTES + 1)
            try:
                job = bulk.lexicon_bulk_job_create(
                    lexicon=lexicon, action=form.cleaned_data["action"], data=data,
                    reason=form.cleaned_data["reason"], user=request.user,
                )
            except services.LexiconError as exc:
                refusal_on_form(form, exc, "file")
            else:
                return redirect("admin:lexicons_lexicon_bulk_job", job.pk)
        return TemplateResponse(request, "lexicon/admin/curate.html", self._context(
            request, lexicon, _("Curate %(name)s") % {"name": lexicon.name}, form=CurateWordForm(),
            bulk_form=form, recent=[], jobs=lexicon.bulk_jobs.select_related("created_by")[:5],
        ))

    def bulk_job_view(self, request, job_id: int):
        job = get_object_or_404(LexiconBulkJob.objects.select_related("lexicon", "created_by"), pk=job_id)
        self._lexicon_for_view(request, job.lexicon_id)
        return TemplateResponse(request, "lexicon/admin/bulk_job.html", self._context(
            request, job.lexicon, _("Bulk change #%(id)d") % {"id": job.pk}, job=job,
            progress=bulk_progress(job),
        ))

    def bulk_progress_view(self, request, job_id: int):
        job = get_object_or_404(LexiconBulkJob, pk=job_id)
        self._lexicon_for_view(request, job.lexicon_id)
        return JsonResponse(bulk_progress(job))

    def diff_view(self, request, lexicon_id: int):
        """The versions of a lexicon and the words added and removed between two of them."""
        lexicon = self._lexicon_for_view(request, lexicon_id)
        versions = LexiconVersion.objects.filter(lexicon=lexicon).select_related("created_by")
        form = VersionDiffForm(request.GET or None)
        added = removed = None
        if form.is_bound and form.is_valid():
            old, new = sorted((form.cleaned_data["old"], form.cleaned_data["new"]))
            added, removed = version_diff(lexicon, old, new)
            if request.GET.get("format") == "txt":
                lines = [f"+{w}" for w in added] + [f"-{w}" for w in removed]
                response = HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
                response["Content-Disposition"] = f'attachment; filename="{lexicon.code}-v{old}-v{new}.diff.txt"'
                return response
        return TemplateResponse(request, "lexicon/admin/diff.html", self._context(
            request, lexicon, _("Versions of %(name)s") % {"name": lexicon.name}, form=form, versions=versions,
            added=added, removed=removed, shown=DIFF_SHOWN,
            added_shown=(added or [])[:DIFF_SHOWN], removed_shown=(removed or [])[:DIFF_SHOWN],
        ))


def bulk_progress(job: LexiconBulkJob) -> dict:
    """What the bulk job page polls: the row's state, plus the live count while it runs."""
    done = job.total if job.status == BulkJobStatus.DONE else 0
    if job.status == BulkJobStatus.RUNNING:
        done = cache.get(services.bulk_progress_key(job.pk), 0)
    return {
        "status": job.status, "total": job.total, "done": done, "changed": job.changed,
        "version": job.version, "error": job.error,
    }


class LengthFilter(admin.SimpleListFilter):
    title = gettext_lazy("length")
    parameter_name = "length"

    def lookups(self, request, model_admin):
        return [(str(n), str(n)) for n in range(2, 16)]

    def queryset(self, request, queryset):
        value = self.value()
        if value:
            return queryset.annotate(length=Length("word")).filter(length=int(value))
        return queryset


class FirstLetterFilter(admin.SimpleListFilter):
    title = gettext_lazy("first letter")
    parameter_name = "letter"

    def lookups(self, request, model_admin):
        return [(c, c.upper()) for c in "abcdefghijklmnopqrstuvwxyz"]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(word__startswith=self.value())
        return queryset


@admin.register(LexiconWord)
class LexiconWordAdmin(ReadOnlyAdmin):
    list_display = ("word", "lexicon__code", "status", "origin", "changed_at", "history")
    list_filter = ("lexicon", "status", "origin", LengthFilter, FirstLetterFilter)
    search_fields = ("^word",)
    list_select_related = ("lexicon",)
    show_full_result_count = False  # counting 300k rows twice per page is wasted time
    list_per_page = 100

    @admin.display(description=gettext_lazy("history"))
    def history(self, obj):
        url = reverse("admin:lexicons_wordchange_changelist") + f"?lexicon__id__exact={obj.lexicon_id}&word={obj.word}"
        return format_html('<a href="{}">{}</a>', url, _("history"))


@admin.register(WordChange)
class WordChangeAdmin(ReadOnlyAdmin):
    list_display = ("version", "word", "action", "origin", "user", "reason", "created_at", "lexicon__code")
    list_filter = ("lexicon", "action", "origin")
    search_fields = ("=word", "reason", "user__username")
    list_select_related = ("lexicon", "user")
    show_full_result_count = False
    list_per_page = 100

    def lookup_allowed(self, lookup, value, request=None):
        return lookup == "word" or super().lookup_allowed(lookup, value, request)


@admin.register(LexiconVersion)
class LexiconVersionAdmin(ReadOnlyAdmin):
    list_display = ("lexicon", "version", "created_at", "created_by", "added", "removed", "word_count", "note",
                    "diff")
    list_filter = ("lexicon",)
    list_select_related = ("lexicon", "created_by")

    @admin.display(description=gettext_lazy("difference"))
    def diff(self, obj):
        url = reverse("admin:lexicons_lexicon_diff", args=[obj.lexicon_id])
        url += f"?old={obj.version - 1}&new={obj.version}"
        return format_html('<a href="{}">{}</a>', url, _("from the previous version"))


@admin.register(LexiconBulkJob)
class LexiconBulkJobAdmin(ReadOnlyAdmin):
    list_display = ("id", "lexicon", "action", "total", "changed", "status", "created_by", "created_at", "progress")
    list_filter = ("lexicon", "status", "action")
    list_select_related = ("lexicon", "created_by")
    exclude = ("words",)

    @admin.display(description=gettext_lazy("progress"))
    def progress(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("admin:lexicons_lexicon_bulk_job", args=[obj.pk]), _("open"))


@admin.register(WordReport)
class WordReportAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "word", "resolve", "lexicon__code", "kind", "reporter", "game", "status",
                    "resolved_by")
    list_filter = ("status", "kind", "lexicon")
    search_fields = ("=word", "reporter__username", "comment")
    list_select_related = ("lexicon", "reporter", "resolved_by")
    actions = ["accept_reports", "reject_reports"]

    def get_urls(self):
        return [
            path("<int:report_id>/resolve/", self.admin_site.admin_view(self.resolve_view),
                 name="lexicons_wordreport_resolve"),
            *super().get_urls(),
        ]

    def has_curate_permission(self, request):
        return services.can_curate(request.user)

    @admin.display(description=gettext_lazy("resolve"))
    def resolve(self, obj):
        if obj.status != ReportStatus.OPEN:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("admin:lexicons_wordreport_resolve", args=[obj.pk]),
                           _("decide"))

    def _resolve_many(self, request, queryset, accept: bool):
        done = 0
        for report in queryset.filter(status=ReportStatus.OPEN):
            try:
                services.word_report_resolve(report_id=report.pk, user=request.user, accept=accept)
            except services.LexiconError as exc:
                self.message_user(request, f"{report.word}: {exc.text}", messages.ERROR)
            else:
                done += 1
        self.message_user(request, _("%(n)d reports resolved.") % {"n": done})

    @admin.action(description=gettext_lazy("Accept the selected reports (change the dictionary)"),
                  permissions=["curate"])
    def accept_reports(self, request, queryset):
        self._resolve_many(request, queryset, accept=True)

    @admin.action(description=gettext_lazy("Reject the selected reports"), permissions=["curate"])
    def reject_reports(self, request, queryset):
        self._resolve_many(request, queryset, accept=False)

    def resolve_view(self, request, report_id: int):
        access_curator(request)
        report = get_object_or_404(WordReport.objects.select_related("lexicon", "reporter", "game"), pk=report_id)
        form = ReportResolveForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                services.word_report_resolve(
                    report_id=report.pk, user=request.user, accept=form.cleaned_data["decision"] == "accept",
                    note=form.cleaned_data["note"],
                )
            except services.LexiconError as exc:
                refusal_on_form(form, exc)
            else:
                messages.success(request, _("Report resolved; the reporter has been told."))
                return redirect("admin:lexicons_wordreport_changelist")
        active = LexiconWord.objects.filter(lexicon=report.lexicon, word=report.word, status="active").exists()
        return TemplateResponse(request, "lexicon/admin/resolve.html", {
            **self.admin_site.each_context(request), "opts": self.opts, "report": report, "form": form,
            "active": active, "title": _("Report about %(word)s") % {"word": report.word},
            "history": WordChange.objects.filter(lexicon=report.lexicon, word=report.word).select_related("user"),
        })
