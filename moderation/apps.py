"""Moderation's app: on start, a saved standing replaces its player's stamp (``core.user_stamp``)."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = _("Moderation")

    def ready(self):
        from core import user_stamp

        from .models import PlayerStanding

        # Each process keeps the standing under the player's stamp (moderation.selectors): a row saved
        # any way at all (the admin, say, not only the services) replaces the stamp.
        user_stamp.watch(PlayerStanding, "user_id")
