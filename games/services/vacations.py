"""What a vacation does to a player's clocks: when it is over, each deadline of theirs is pushed back
by the time they were away while it was running (``Clock.held``).  A time bank is drawn from the
deadline as held, so the vacation pauses it too.

Accounts record vacations and announce their end; this module holds the clocks and marks the vacation
settled through the accounts' own service.  Called by the deadline sweep (vacations whose time is up),
by the move path (a player who moves is back) and by the ``VacationEnded`` handler (switched off).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from accounts.models import Vacation
from accounts.vacations import (
    vacation_mark_ended,
    vacation_mark_settled,
    vacation_may_be_running,
    vacations_to_settle,
)
from games.clock import Clock
from games.models import Game, GameStatus, Seat


def vacation_settle(*, vacation_id: int, now: datetime, back_at: datetime | None = None) -> int:
    """Hold the clocks of one vacation that is over (``back_at``: the player came back early, e.g. by
    moving).  Once: the row lock makes a second, concurrent settle find it settled.  Returns 1 when
    settled now, 0 when there was nothing to do."""
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(pk=vacation_id, settled_at__isnull=True).first()
        if vacation is None:
            return 0
        if vacation.ended_at is None:
            ended = min(back_at or vacation.ends_at, vacation.ends_at)
            if ended > now:
                return 0  # still away
            vacation_mark_ended(vacation=vacation, ended_at=ended)
        ended_at = vacation.ended_at
        assert ended_at is not None  # marked ended just above when it was not already
        ended = ended_at
        if ended > vacation.starts_at:
            _hold_clocks(user_id=vacation.user_id, away_from=vacation.starts_at, away_until=ended)
        vacation_mark_settled(vacation=vacation, settled_at=now)
    return 1


def _hold_clocks(*, user_id: int, away_from: datetime, away_until: datetime) -> None:
    running = Seat.objects.filter(user_id=user_id, to_act=True, deadline__isnull=False, game__status=GameStatus.ACTIVE)
    game_ids = list(running.values_list("game_id", flat=True))
    # Games before their seats, in id order: the same lock order as the move path and the sweep.
    list(Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk").values_list("pk", flat=True))
    seats = list(running.select_related("game"))
    for seat in seats:
        assert seat.deadline is not None  # ``running`` holds only seats with a deadline
        seat.deadline = Clock.of(seat.deadline, seat.game.days_per_move).held(away_from, away_until).deadline
        seat.alert_at = away_until  # the sweep works out the next reminder from the new deadline
    Seat.objects.bulk_update(seats, ["deadline", "alert_at"])


def vacations_settle_due(*, now: datetime) -> int:
    """Every vacation over by ``now`` whose clocks are not held yet (the deadline sweep, first thing)."""
    due = list(vacations_to_settle(now=now).values_list("pk", flat=True))
    return sum(vacation_settle(vacation_id=pk, now=now) for pk in due)


def vacation_settle_on_move(*, user, now: datetime) -> int:
    """A player who moves is back: a vacation in progress ends now (called inside the move's transaction).
    No query for a player without one (``User.vacation_from``).  Returns how many vacations it settled
    (their clocks held: the caller's seats as read before hold old deadlines)."""
    if not vacation_may_be_running(user=user, now=now):
        return 0
    return sum(vacation_settle(vacation_id=pk, now=now, back_at=now)
               for pk in vacations_to_settle(now=now, user_id=user.pk).values_list("pk", flat=True))
