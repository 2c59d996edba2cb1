from django.apps import AppConfig

from core.errors import translations_register

from .push_texts import TEXTS


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"

    def ready(self):
        translations_register(TEXTS)
