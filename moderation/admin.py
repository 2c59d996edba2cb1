"""Moderators' admin: the queue of open reports with their evidence inline, the chat messages, and
the moderation log.  Read-only models: every change goes through ``moderation/services.py`` (the
actions below ask for a reason on an intermediate page, as the delete confirmation does)."""

from django import forms
from django.contrib import admin, messages
from django.db.models import Count
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from . import services
from .access import PERM_MODERATE
from .errors import ModerationError
from .models import ChatMessage, ModerationAction, PlayerReport, ReportStatus


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), required=False, widget=forms.Textarea(attrs={"rows": 3}))


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_moderate_permission(self, request):
        return request.user.has_perm(PERM_MODERATE)


def _with_reason(modeladmin, request, queryset, *, title: str, apply):
    """Ask for a reason, then apply ``apply(obj, reason)`` to each selected row; refusals are listed."""
    form = ReasonForm(request.POST if "confirm" in request.POST else None)
    if "confirm" in request.POST and form.is_valid():
        done = 0
        for obj in queryset:
            try:
                apply(obj, form.cleaned_data["reason"])
                done += 1
            except ModerationError as exc:
                modeladmin.message_user(request, f"{obj}: {exc.text}", messages.ERROR)
        if done:
            modeladmin.message_user(request, _("%(n)d done.") % {"n": done}, messages.SUCCESS)
        return None
    return TemplateResponse(request, "moderation/admin/reason_form.html", {
        **modeladmin.admin_site.each_context(request), "title": title, "objects": queryset, "form": form,
        "action": request.POST.get("action"), "opts": modeladmin.model._meta,
        "selected": request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME),
    })


class StatusFilter(admin.SimpleListFilter):
    """Open reports first: the queue is the default view."""

    title = _("status")
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("open", _("Open")), ("closed", _("Dealt with")), ("all", _("All"))]

    def choices(self, changelist):
        value = self.value() or "open"
        for lookup, title in self.lookup_choices:
            query = changelist.get_query_string({self.parameter_name: lookup})
            yield {"selected": value == lookup, "query_string": query, "display": title}

    def queryset(self, request, queryset):
        value = self.value() or "open"
        if value == "open":
            return queryset.filter(status=ReportStatus.OPEN)
        if value == "closed":
            return queryset.exclude(status=ReportStatus.OPEN)
        return queryset


@admin.register(PlayerReport)
class PlayerReportAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "reported", "reason", "reporter", "game_link", "evidence_count", "status", "review")
    list_filter = (StatusFilter, "reason")
    search_fields = ("reported__username", "reporter__username", "text")
    ordering = ("created_at",)
    fields = ("reporter", "reported", "reason", "status", "created_at", "updated_at", "text", "game_link",
              "evidence", "resolved_by", "resolved_at", "resolution", "review")
    readonly_fields = fields
    actions = ["dismiss"]

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("reporter", "reported", "game")
                .annotate(evidence_total=Count("messages")))

    @admin.display(description=_("game"))
    def game_link(self, obj):
        if obj.game_id is None:
            return "—"
        return format_html('<a href="{}">{} #{}</a>', reverse("game_detail", args=[obj.game_id]),
                           obj.game.kind, obj.game_id)

    @admin.display(description=_("messages"), ordering="evidence_total")
    def evidence_count(self, obj):
        return obj.evidence_total

    @admin.display(description=_("attached chat messages"))
    def evidence(self, obj):
        rows = obj.messages.select_related("author").order_by("created_at")
        if not rows:
            return "—"
        return format_html("<ul>{}</ul>", format_html_join(
            "", "<li><b>{}</b> {}: {}</li>",
            ((m.author.username, f"{m.created_at:%Y-%m-%d %H:%M}", m.text) for m in rows),
        ))

    @admin.display(description=_("act"))
    def review(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("moderation:review", args=[obj.pk]), _("Review and act"))

    @admin.action(description=_("Dismiss the selected reports (asks for a reason)"), permissions=["moderate"])
    def dismiss(self, request, queryset):
        return _with_reason(self, request, queryset, title=_("Dismiss reports"), apply=lambda report, reason:
                            services.report_dismiss(moderator=request.user, report_id=report.pk, reason=reason))


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "author", "game", "text", "hidden_at")
    list_filter = (("hidden_at", admin.EmptyFieldListFilter),)
    search_fields = ("author__username", "text", "game__id")
    readonly_fields = ("game", "author", "text", "created_at", "hidden_by", "hidden_at")
    actions = ["hide"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("author", "game")

    @admin.action(description=_("Hide the selected messages (asks for a reason)"), permissions=["moderate"])
    def hide(self, request, queryset):
        return _with_reason(self, request, queryset, title=_("Hide chat messages"), apply=lambda message, reason:
                            services.message_hide(moderator=request.user, message_id=message.pk, reason=reason))


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "moderator", "action", "target_user", "target_game", "until", "reason")
    list_filter = ("action",)
    search_fields = ("target_user__username", "moderator__username", "reason")
    readonly_fields = [f.name for f in ModerationAction._meta.fields]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("moderator", "target_user", "target_game")
