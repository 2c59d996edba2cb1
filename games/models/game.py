"""Persistence for games: a Game row holds the engine state; Seats and the append-only Move log hang off it.

Models hold data and small properties only; every write goes through ``games/services.py``.
"""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games import clock


class GameStatus(models.TextChoices):
    OPEN = "open", _("Open seek")
    # Named players are asked first: it starts when every one of them has accepted.
    CHALLENGE = "challenge", _("Challenge")
    ACTIVE = "active", _("In progress")
    FINISHED = "finished", _("Finished")
    ABORTED = "aborted", _("Aborted")
    # A moderator voided it (moderation/): no result, no rating change, not in league standings.
    ANNULLED = "annulled", _("Annulled")


class Game(models.Model):
    kind = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    seats_count = models.PositiveSmallIntegerField(default=2)
    status = models.CharField(max_length=16, choices=GameStatus.choices, default=GameStatus.OPEN)
    state = models.JSONField(null=True, blank=True)
    # Bumped by every applied move; clients send the version they saw.
    version = models.PositiveIntegerField(default=0)
    # The engine's public turn marker and the version at which it last changed: a client that saw
    # this turn is not stale even if hidden choices of other seats bumped ``version`` since.
    turn_id = models.CharField(max_length=64, blank=True)
    turn_version = models.PositiveIntegerField(default=0)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    # Extra days each seat may draw on by moving late (games/clock.py); 0: none.
    time_bank_days = models.PositiveSmallIntegerField(default=0, db_default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "kind"]),
            # The lobby: the newest open seeks, without sorting all of them.
            models.Index(fields=["-created_at", "-id"], condition=models.Q(status="open"), name="game_open_seeks"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"

    @property
    def is_active(self) -> bool:
        return self.status == GameStatus.ACTIVE

    @property
    def started_state(self) -> dict[str, Any]:
        """The engine's state of a game that has started (an open challenge has none yet)."""
        state = self.state
        assert state is not None, f"game {self.pk} has not started"
        return state


class Seat(models.Model):
    # No index of their own: (game, index) and (user, to_act) below lead with them, and every index is
    # written again each move (a seat's deadline changes, so its update is never HOT).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats",
        db_index=False,
    )
    score = models.IntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    # Denormalised from the engine's to_act so that "awaiting my move" is one indexed query.
    to_act = models.BooleanField(default=False)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    consecutive_timeouts = models.PositiveSmallIntegerField(default=0)
    resigned = models.BooleanField(default=False)
    # The deadline sweep's bookkeeping (games/services/deadlines.py): when it next has something to do for
    # this seat (a notice, a reminder, the timeout) and which of this deadline's notices went out.
    alert_at = models.DateTimeField(null=True, blank=True, db_index=True)
    alert_stage = models.PositiveSmallIntegerField(default=0)
    # The reminder stage (hours before the timeout) of this turn last sent or passed over; None: none yet.
    reminded_hours = models.PositiveSmallIntegerField(null=True, blank=True)
    # What this seat has drawn on the game's time bank so far: the sum of its moves' ``bank_drawn``.
    bank_used = models.DurationField(default=timedelta(0), db_default=timedelta(0))
    # In a challenge, whether this seat's player has accepted (the challenger has, by challenging).
    accepted = models.BooleanField(default=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="seat_unique_user"
            ),
        ]
        indexes = [models.Index(fields=["user", "to_act"])]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}"

    def bank_left(self, bank_days: int) -> timedelta:
        """What is left of a time bank of ``bank_days`` (the game's) for this seat."""
        return clock.bank_left(bank_days, self.bank_used)


# Log rows that record a decision about the game rather than an engine move: replays skip them and
# everyone may see them.
NON_ENGINE_SOURCES = ("resign", "abort", "adjudicate", "annul")


class Move(models.Model):
    """One accepted move, append-only.  Refused moves are never stored."""

    # No index of its own: (game, seq) below leads with it.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    payload = models.JSONField()
    # Which interface submitted it: a player, a deadline timeout, a resignation.
    source = models.CharField(max_length=16, default="player")
    idempotency_key = models.CharField(max_length=128)
    request_hash = models.CharField(max_length=64)
    # What a retried request with the same key gets back: the first answer's seq, version and status
    # (with the seat's view as it is then; rows from before hold a view too, which is not used).
    response = models.JSONField(default=dict)
    # What this move drew on its seat's time bank (made past the deadline, or a timeout); None: nothing.
    bank_drawn = models.DurationField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq"),
            models.UniqueConstraint(fields=["game", "idempotency_key"], name="move_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.game} move {self.seq}"
