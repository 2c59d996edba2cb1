"""The stored analyses in the admin, read-only (the task writes them): to see what failed and why."""

from django.contrib import admin

from .models import Analysis


@admin.register(Analysis)
class AnalysisAdmin(admin.ModelAdmin):
    list_display = ("pk", "game", "owner", "lexicon", "status", "created_at", "finished_at")
    list_filter = ("status", "lexicon")
    search_fields = ("owner__username",)
    readonly_fields = ("game", "owner", "gcg", "lexicon", "tile_set", "status", "result", "error", "created_at",
                       "queued_at", "finished_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
