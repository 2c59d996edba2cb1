from django.contrib import admin

from .devices import push_service_host
from .models import DigestSchedule, Notification, NotificationPreference, PushSubscription


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "game", "created_at", "read_at", "email", "push")
    list_filter = ("kind", "email", "push")
    raw_id_fields = ("user", "game")


admin.site.register(NotificationPreference)
admin.site.register(DigestSchedule)


# The VAPID key pair (VapidKeyPair) is deliberately not here: its private half signs every push.
@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "endpoint_host", "created_at", "last_success_at", "last_failure_at", "last_error")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("endpoint", "p256dh", "auth")

    @admin.display(description="push service")
    def endpoint_host(self, device):
        return push_service_host(device.endpoint)
