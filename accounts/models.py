"""The site's User: Django's user plus what a correspondence player sets on their profile."""

import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import speed


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(zoneinfo.available_timezones()) if "/" in name or name == "UTC"]


# The reminder stages a player may choose, in hours before the deadline, and those they start with.
REMINDER_HOURS = (48, 24, 8, 2, 1)


def default_reminder_hours() -> list[int]:
    return [24, 2]


class ConfirmMoves(models.TextChoices):
    AUTO = "auto", _("On phones")
    ALWAYS = "always", _("Always")
    NEVER = "never", _("Never")


class User(AbstractUser):
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    # Challenges from players one has never played with are refused when this is off.
    challenges_from_strangers = models.BooleanField(
        _("accept challenges from players I have not played"), default=True,
        help_text=_("When off, only players you have played a game with can challenge you."),
    )
    # A bot plays from a Celery task (games/bots/accounts.py); it cannot log in and is never e-mailed.
    is_bot = models.BooleanField(_("bot"), default=False)
    bot_kind = models.CharField(_("bot's game kind"), max_length=20, blank=True)
    bot_level = models.CharField(_("bot's level"), max_length=20, blank=True)

    # Quiet hours (accounts/quiet_hours.py): no notification e-mails from quiet_from:00 to quiet_until:00
    # in the player's time zone; both empty (or equal) means none.
    quiet_from = models.PositiveSmallIntegerField(_("quiet hours from"), null=True, blank=True)
    quiet_until = models.PositiveSmallIntegerField(_("quiet hours until"), null=True, blank=True)
    # When this player's earliest vacation not yet settled starts (None: there is none), kept by
    # accounts/vacations.py: a move asks about vacations only once it has come.
    vacation_from = models.DateTimeField(null=True, blank=True, editable=False)

    # Hours before a deadline at which the player is reminded, each stage once per turn
    # (games/services/deadlines.py); a subset of REMINDER_HOURS.
    reminder_hours = models.JSONField(_("reminders before a deadline"), default=default_reminder_hours, blank=True)
    # A soft sound when it becomes the player's move while a page of the site is open.
    sound_on_move = models.BooleanField(_("play a sound when it is my move"), default=False)
    # The Play button asks once more: "auto" asks on phones (touch screens) only.
    confirm_moves = models.CharField(_("confirm moves"), max_length=8, choices=ConfirmMoves.choices,
                                     default=ConfirmMoves.AUTO)

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        # The few bots, listed on the lobby and new-game pages, found without reading every player.
        indexes = [models.Index(fields=["bot_kind"], condition=models.Q(is_bot=True), name="user_bots")]

    @property
    def public_name(self) -> str:
        if self.is_bot and self.display_name:  # a bot's name is ours to translate (games.bots.accounts marks it)
            return gettext(self.display_name)
        return self.display_name or self.username

    def __str__(self) -> str:
        return self.username

    def save(self, *args, **kwargs):
        # A new password ends every API token of the player (their other sessions end by Django's session
        # hash).  Here rather than in a signal or a form: every way a password is set -- allauth's change
        # and reset, the admin, ``manage.py changepassword`` -- is ``set_password`` then ``save``, and
        # ``_password`` is how Django's own ``save`` knows (a hash upgrade at login clears it first).
        new_password = speed.password_being_set(self) and not self._state.adding
        super().save(*args, **kwargs)
        if new_password:
            ApiToken.objects.filter(user=self).delete()  # each delete replaces the user's stamp (core.apps)


class Vacation(models.Model):
    """Time away: while it lasts the player's deadlines stand still (they are pushed back by the time
    away when it ends).  Written only by ``accounts/vacations.py``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField(_("starts"))
    ends_at = models.DateTimeField(_("ends"))
    # When the player came back: at its end, switched off, or the player moved.
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    # When the games held the player's clocks for the time away (games/services/vacations.py).
    settled_at = models.DateTimeField(_("settled"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["starts_at"]
        indexes = [
            models.Index(fields=["user", "starts_at"]),
            models.Index(fields=["ends_at"], condition=models.Q(ended_at__isnull=True), name="vacation_open_end"),
            models.Index(fields=["user", "starts_at"], condition=models.Q(settled_at__isnull=True),
                         name="vacation_unsettled"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.starts_at:%Y-%m-%d} – {self.ends_at:%Y-%m-%d}"

    @property
    def until(self):
        return self.ended_at or self.ends_at


class ApiToken(models.Model):
    """A key a program sends as ``Authorization: Token <key>`` to act for its player through the API; a
    player has several, each named.  Written only by ``accounts/api_tokens.py`` (and ended by a new
    password, above); read on every API request by the token door, ``web.authentication``, which knows
    this model only by ``settings.API_TOKEN_MODEL`` and keeps ``last_used`` (to the hour)."""

    # The key is the primary key, as in DRF's Token (whose keys were copied here): the door reads it by it.
    key = models.CharField(_("key"), max_length=40, primary_key=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=50, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    # Shown to its player and used to revoke it: a few characters of the key that do not make it guessable.
    PREFIX_LENGTH = 8

    def __str__(self) -> str:  # never the key
        return f"{self.prefix}… {self.name}".strip()

    @property
    def prefix(self) -> str:
        return self.key[: self.PREFIX_LENGTH]
