"""A seat's correspondence clock as a small immutable value, like lila's ``CorrespondenceClock``.

A clock is its ``deadline`` and its ``allowance`` (the game's days per move); everything else is
derived: when it started, the reminder times, how a vacation holds it.  The move service starts
clocks, the deadline sweep reads their reminder stages, and the end of a vacation holds them — all
through this value instead of deadline arithmetic of their own.  Pure: no Django, no clock reading.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import IntEnum

REMINDER_AT = 0.8  # of the allowance
LAST_CALL = timedelta(hours=1)
# "Your move" is told only if the turn is still unseen this long after it began (calm notifications).
NOTICE_DELAY = timedelta(minutes=10)


class Stage(IntEnum):
    """Which notices of a deadline have gone out."""

    NONE = 0
    TOLD = 1  # "your move"
    REMINDED = 2  # 80 % of the allowance gone
    LAST_CALL = 3  # one hour left


@dataclass(frozen=True)
class Clock:
    deadline: datetime
    allowance: timedelta

    @classmethod
    def start(cls, now: datetime, days: int) -> Clock:
        allowance = timedelta(days=days)
        return cls(deadline=now + allowance, allowance=allowance)

    @classmethod
    def of(cls, deadline: datetime, days: int) -> Clock:
        return cls(deadline=deadline, allowance=timedelta(days=days))

    @property
    def started(self) -> datetime:
        return self.deadline - self.allowance

    def extended(self, by: timedelta) -> Clock:
        return replace(self, deadline=self.deadline + by)

    def held(self, away_from: datetime, away_until: datetime) -> Clock:
        """After a vacation from ``away_from`` to ``away_until``: pushed back by the part of it during
        which this clock was running (a clock started during the vacation lost only the time since)."""
        away = away_until - max(away_from, self.started)
        return self.extended(away) if away > timedelta(0) else self

    def stage_times(self) -> dict[Stage, datetime]:
        return {
            Stage.REMINDED: self.deadline - self.allowance * (1 - REMINDER_AT),
            Stage.LAST_CALL: self.deadline - LAST_CALL,
        }

    def due_stage(self, now: datetime) -> Stage:
        """The latest notice due at ``now`` ("your move" at the least)."""
        return max([Stage.TOLD] + [stage for stage, at in self.stage_times().items() if at <= now])

    def next_alert(self, sent: Stage) -> datetime:
        """When the sweep next has something to do after the notices up to ``sent``: the next
        reminder, or the deadline itself."""
        later = [at for stage, at in self.stage_times().items() if stage > sent]
        return min(later + [self.deadline])

    def is_over(self, now: datetime) -> bool:
        return self.deadline <= now
