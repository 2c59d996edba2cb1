"""A seat's correspondence clock as a small immutable value, like lila's ``CorrespondenceClock``.

A clock is its ``deadline``, its ``allowance`` (the game's days per move) and its ``bank``: what is
left of the seat's time bank, extra time that a move made past the deadline draws on.  The clock runs
out at ``timeout_at`` (the deadline plus the bank), not before; everything else is derived: when it
started, when each reminder is due, what a late move draws, how a vacation holds it.  The move service
starts clocks and draws on banks, the deadline sweep reads their reminder times, and the end of a
vacation holds them — all through this value instead of deadline arithmetic of their own.  Pure: no
Django, no clock reading.

A vacation pushes the deadline back, so it pauses the bank too: what a move draws is measured from the
deadline as held.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import IntEnum

# "Your move" is told only if the turn is still unseen this long after it began (calm notifications).
NOTICE_DELAY = timedelta(minutes=10)
# A bot's seat is woken by the sweep this long after its turn began, should its task have been lost: by then
# its bot has played, so the sweep never starts a second think about a turn (under the embedded defaults the
# sweep runs in another process than the bot, with no claim shared between them).
BOT_WAKE_DELAY = timedelta(minutes=2)
# A game's time bank, in whole days (0: none).
TIME_BANK_DAYS_MAX = 30


class Stage(IntEnum):
    """Whether "your move" went out for this deadline (the reminders keep their own stage: the hours
    before the timeout of the last one handled, ``Seat.reminded_hours``)."""

    NONE = 0
    TOLD = 1


def bank_left(bank_days: int, used: timedelta) -> timedelta:
    """What is left of a time bank of ``bank_days`` once ``used`` has been drawn (never below nothing)."""
    return max(timedelta(days=bank_days) - used, timedelta(0))


@dataclass(frozen=True)
class Clock:
    deadline: datetime
    allowance: timedelta
    bank: timedelta = timedelta(0)

    @classmethod
    def start(cls, now: datetime, days: int, bank: timedelta = timedelta(0)) -> Clock:
        allowance = timedelta(days=days)
        return cls(deadline=now + allowance, allowance=allowance, bank=bank)

    @classmethod
    def of(cls, deadline: datetime, days: int, bank: timedelta = timedelta(0)) -> Clock:
        return cls(deadline=deadline, allowance=timedelta(days=days), bank=bank)

    @property
    def started(self) -> datetime:
        return self.deadline - self.allowance

    @property
    def timeout_at(self) -> datetime:
        """When the time runs out: the deadline, then the whole bank."""
        return self.deadline + self.bank

    def extended(self, by: timedelta) -> Clock:
        return replace(self, deadline=self.deadline + by)

    def held(self, away_from: datetime, away_until: datetime) -> Clock:
        """After a vacation from ``away_from`` to ``away_until``: pushed back by the part of it during
        which this clock was running (a clock started during the vacation lost only the time since).
        The bank is untouched: it is drawn from the deadline as held, so it stood still too."""
        away = away_until - max(away_from, self.started)
        return self.extended(away) if away > timedelta(0) else self

    def left(self, now: datetime) -> timedelta:
        """The time left at ``now``, the bank included."""
        return max(self.timeout_at - now, timedelta(0))

    def bank_drawn(self, at: datetime) -> timedelta:
        """What a move made at ``at`` draws on the bank: the time past the deadline, at most the bank."""
        return min(max(at - self.deadline, timedelta(0)), self.bank)

    def reminder_times(self, hours: Iterable[int]) -> dict[int, datetime]:
        """When each reminder stage (hours before the timeout) is due.  A stage already past when the
        clock started (48 hours before the end of a one-day move) has no time: it is never sent."""
        times = {h: self.timeout_at - timedelta(hours=h) for h in hours}
        return {h: at for h, at in times.items() if at > self.started}

    def due_reminder(self, hours: Iterable[int], now: datetime, *, after: int | None) -> int | None:
        """The latest reminder stage due at ``now`` among those later than the stage ``after`` (None:
        none handled yet), or None.  Earlier stages due as well are passed over: a late sweep does not
        send reminders whose time has gone."""
        due = [h for h, at in self.reminder_times(hours).items() if at <= now and (after is None or h < after)]
        return min(due, default=None)

    def next_alert(self, hours: Iterable[int], *, after: int | None) -> datetime:
        """When the sweep next has something to do once the reminders up to stage ``after`` are
        handled: the next reminder, or the timeout itself."""
        later = [at for h, at in self.reminder_times(hours).items() if after is None or h < after]
        return min([*later, self.timeout_at])

    def is_over(self, now: datetime) -> bool:
        return self.timeout_at <= now
