"""Notifications: what a player is told (in the app, by e-mail, in the daily digest, pushed to their
devices) and how they want to be told.  Models hold data only; ``notifications/services.py`` and
``notifications/push.py`` write them."""

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


# Pushed to a player's devices when they never switched a kind: what asks for an answer or has a
# deadline is pushed; results and league news wait for the bell, the e-mail and the digest.
PUSH_DEFAULTS = {
    Kind.YOUR_MOVE: True,
    Kind.REMINDER: True,
    Kind.TIMEOUT: True,
    Kind.GAME_OVER: False,
    Kind.LEAGUE_NEWS: False,
    Kind.CHALLENGE: True,
}


class PushState(models.TextChoices):
    NONE = "", _("not pushed")
    QUEUED = "queued", _("to push")
    SENT = "sent", _("pushed")


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
    # "queued" until the push task claims it (then "sent"), so a push event delivered twice pushes once.
    push = models.CharField(max_length=8, choices=PushState.choices, default=PushState.NONE, blank=True)
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
    # Pushed to the player's devices; None: the kind's default (``PUSH_DEFAULTS``), so rows written for
    # the in-app and e-mail choices leave it alone.
    push = models.BooleanField(null=True, blank=True)

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


class PushSubscription(models.Model):
    """One browser a player allowed to be pushed to: its ``PushSubscription`` (the push service's
    endpoint and the keys the payload is encrypted to).  The endpoint is unique: a browser that
    subscribes again, under any account, updates its row instead of adding one."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.CharField(max_length=1024, unique=True)
    p256dh = models.CharField(max_length=100)  # the browser's P-256 public key, base64url
    auth = models.CharField(max_length=40)  # the browser's 16-byte auth secret, base64url
    expires_at = models.DateTimeField(null=True, blank=True)
    user_agent = models.CharField(max_length=200, blank=True)  # to name the device in the list
    created_at = models.DateTimeField(default=timezone.now)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_failure_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"push device {self.pk} of {self.user_id}"


class VapidKeyPair(models.Model):
    """The site's VAPID key pair when the settings name none (the embedded defaults): generated once
    and shared by every process (``notifications/vapid.py``).  At most one row."""

    private_key = models.TextField()  # the raw 32-byte P-256 private value, base64url
    public_key = models.CharField(max_length=100)  # the uncompressed point, base64url
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"VAPID key {self.public_key[:12]}…"
