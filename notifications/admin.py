from django.contrib import admin

from .models import DigestSchedule, Notification, NotificationPreference


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "game", "created_at", "read_at", "email")
    list_filter = ("kind", "email")
    raw_id_fields = ("user", "game")


admin.site.register(NotificationPreference)
admin.site.register(DigestSchedule)
