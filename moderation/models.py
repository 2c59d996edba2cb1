"""Moderation: players' game chat, their reports about each other, and what moderators did about them.

``ModerationAction`` is the log of every moderator action; ``PlayerStanding`` holds the current effect
of those actions on one player (suspended, chat muted) so that the checks on every request and every
move are one row read.  Models hold data and small properties only; ``moderation/services.py`` writes.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

CHAT_MAX_LENGTH = 500
REPORT_TEXT_MAX_LENGTH = 2000
REASON_MAX_LENGTH = 500


class ChatMessage(models.Model):
    """One line of a game's chat, seen by that game's players only."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages")
    text = models.CharField(_("text"), max_length=CHAT_MAX_LENGTH)
    created_at = models.DateTimeField(_("sent"))
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("hidden by"),
    )
    hidden_at = models.DateTimeField(_("hidden"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        indexes = [models.Index(fields=["game", "created_at"], name="chatmessage_thread")]

    def __str__(self) -> str:
        return f"{self.author} in {self.game}: {self.text[:40]}"

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None


class ChatMute(models.Model):
    """``user`` does not want to see ``muted``'s chat messages (in any game)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="chatmute_unique")]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"


class ReportReason(models.TextChoices):
    ABUSIVE_CHAT = "abusive_chat", _("Abusive chat")
    ABANDONING = "abandoning", _("Abandoning games")
    CHEATING = "cheating", _("Cheating")
    OTHER = "other", _("Something else")


class ReportStatus(models.TextChoices):
    OPEN = "open", _("Open")
    RESOLVED = "resolved", _("Resolved")
    DISMISSED = "dismissed", _("Dismissed")


class PlayerReport(models.Model):
    """A player's report about another, with its evidence (a game, chat messages) and its outcome.
    One open report per reporter and matter: a repeated report is merged into it."""

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_filed", verbose_name=_("reporter")
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received",
        verbose_name=_("reported player"),
    )
    reason = models.CharField(_("reason"), max_length=16, choices=ReportReason.choices)
    text = models.TextField(_("details"), blank=True)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="player_reports",
        verbose_name=_("game"),
    )
    messages = models.ManyToManyField(ChatMessage, blank=True, related_name="reports", verbose_name=_("messages"))
    status = models.CharField(_("status"), max_length=10, choices=ReportStatus.choices, default=ReportStatus.OPEN)
    created_at = models.DateTimeField(_("reported"))
    updated_at = models.DateTimeField(_("updated"))
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("resolved by"),
    )
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    resolution = models.CharField(_("resolution"), max_length=REASON_MAX_LENGTH, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("player report")
        verbose_name_plural = _("player reports")
        constraints = [
            models.UniqueConstraint(
                fields=["reporter", "reported", "game"],
                condition=models.Q(status="open", game__isnull=False),
                name="playerreport_one_open_per_game",
            ),
            models.UniqueConstraint(
                fields=["reporter", "reported"],
                condition=models.Q(status="open", game__isnull=True),
                name="playerreport_one_open_without_game",
            ),
        ]
        indexes = [models.Index(fields=["status", "created_at"], name="playerreport_queue")]

    def __str__(self) -> str:
        return f"{self.reporter} reports {self.reported} ({self.reason})"


class ActionKind(models.TextChoices):
    WARN = "warn", _("Warning")
    MUTE_CHAT = "mute_chat", _("Chat muted")
    SUSPEND = "suspend", _("Suspension")
    LIFT_SUSPENSION = "lift_suspension", _("Suspension lifted")
    ANNUL_GAME = "annul_game", _("Game annulled")
    HIDE_MESSAGE = "hide_message", _("Message hidden")
    DISMISS_REPORT = "dismiss_report", _("Report dismissed")


class ModerationAction(models.Model):
    """One moderator action with its reason: the moderation log, never edited."""

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("moderator")
    )
    created_at = models.DateTimeField(_("when"))
    action = models.CharField(_("action"), max_length=16, choices=ActionKind.choices)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="moderation_actions", verbose_name=_("player"),
    )
    target_game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("game")
    )
    target_message = models.ForeignKey(
        ChatMessage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("message")
    )
    report = models.ForeignKey(
        PlayerReport, null=True, blank=True, on_delete=models.SET_NULL, related_name="actions",
        verbose_name=_("report"),
    )
    reason = models.CharField(_("reason"), max_length=REASON_MAX_LENGTH)
    # End of a chat mute or suspension; empty for a suspension for good (and for the other actions).
    until = models.DateTimeField(_("until"), null=True, blank=True)
    # Warnings stay on the player's pages as a banner until they acknowledge them.
    acknowledged_at = models.DateTimeField(_("acknowledged"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation actions")
        permissions = [
            ("moderate", "Can review player reports, warn players, mute their chat and hide messages"),
            ("suspend_player", "Can suspend players and lift suspensions"),
            ("annul_game", "Can annul games"),
        ]
        indexes = [models.Index(fields=["target_user", "action"], name="modaction_user")]

    def __str__(self) -> str:
        return f"{self.get_action_display()} by {self.moderator} at {self.created_at:%Y-%m-%d %H:%M}"


class PlayerStanding(models.Model):
    """The current effect of moderation on one player; no row means none."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="moderation_standing"
    )
    suspended_until = models.DateTimeField(_("suspended until"), null=True, blank=True)
    suspended_for_good = models.BooleanField(_("suspended for good"), default=False)
    chat_muted_until = models.DateTimeField(_("chat muted until"), null=True, blank=True)

    class Meta:
        verbose_name = _("player standing")
        verbose_name_plural = _("player standings")

    def __str__(self) -> str:
        return str(self.user)

    def is_suspended(self, now=None) -> bool:
        now = now or timezone.now()
        return self.suspended_for_good or (self.suspended_until is not None and self.suspended_until > now)

    def is_chat_muted(self, now=None) -> bool:
        now = now or timezone.now()
        return self.chat_muted_until is not None and self.chat_muted_until > now
