"""Notifications: what a player is told (in the app, by e-mail, in the daily digest) and how they
want to be told.  Models hold data only; ``notifications/services.py`` writes them."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    YOUR_MOVE = "your_move", _("Your move")
    REMINDER = "reminder", _("Reminders before a deadline")
    TIMEOUT = "timeout", _("Timeouts")
    GAME_OVER = "game_over", _("Game over")
    LEAGUE_NEWS = "league_news", _("League news")
    CHALLENGE = "challenge", _("Challenges")


class EmailMode(models.TextChoices):
    EACH = "each", _("E-mail each")
    DIGEST = "digest", _("Daily digest")
    OFF = "off", _("No e-mail")


# (in-app, e-mail) for a player who never changed their preferences.
DEFAULTS = {
    Kind.YOUR_MOVE: (True, EmailMode.EACH),
    Kind.REMINDER: (True, EmailMode.EACH),
    Kind.TIMEOUT: (True, EmailMode.EACH),
    Kind.GAME_OVER: (True, EmailMode.DIGEST),
    Kind.LEAGUE_NEWS: (True, EmailMode.DIGEST),
    Kind.CHALLENGE: (True, EmailMode.EACH),
}


class EmailState(models.TextChoices):
    NONE = "", _("not e-mailed")
    EACH = "each", _("to e-mail")
    DIGEST = "digest", _("for the digest")
    SENT = "sent", _("e-mailed")


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    # The facts the text is built from, so that it is rendered in the reader's language and time zone.
    params = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)
    in_app = models.BooleanField(default=True)
    email = models.CharField(max_length=8, choices=EmailState.choices, default=EmailState.NONE, blank=True)
    # Unique per notice where the same notice may be delivered twice (an event handler run again):
    # e.g. "game_over:<game>:<user>"; stored once.
    key = models.CharField(max_length=120, null=True, blank=True, unique=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["user", "-created_at"]),
            models.Index(fields=["user"], condition=models.Q(read_at__isnull=True, in_app=True), name="notif_unread"),
            models.Index(fields=["user", "email"], condition=models.Q(email="digest"), name="notif_digest"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class NotificationPreference(models.Model):
    """One row per player and kind they changed; kinds without a row use ``DEFAULTS``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    in_app = models.BooleanField(default=True)
    email = models.CharField(max_length=8, choices=EmailMode.choices, default=EmailMode.EACH)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="notification_pref_unique")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: in-app {self.in_app}, e-mail {self.email}"


class DigestSchedule(models.Model):
    """When a player's daily digest goes out: the hour they chose, in their time zone."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="digest_schedule")
    hour = models.PositiveSmallIntegerField(default=8)
    # The next send time in UTC (indexed), recomputed after each digest and when the hour changes.
    next_at = models.DateTimeField(null=True, blank=True, db_index=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"digest for {self.user_id} at {self.hour}:00"
