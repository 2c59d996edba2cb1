"""Admin for games: read-mostly, since game state changes only through the move service."""

from django.contrib import admin

from games.models import Game, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    # ``bank_used`` is the sum of the log's draws (``verify_games`` checks it): never edited by hand.
    readonly_fields = ("index", "user", "score", "rank", "to_act", "deadline", "bank_used", "consecutive_timeouts",
                       "resigned")
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "status", "version", "created_by", "created_at", "finished_at")
    list_filter = ("kind", "status")
    search_fields = ("id", "seats__user__username")
    readonly_fields = ("state", "version", "turn_id", "turn_version", "seed", "result")
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "source", "created_at")
    list_filter = ("source",)
    readonly_fields = [f.name for f in Move._meta.fields]
