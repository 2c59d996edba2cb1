"""The deadline sweep: notices, reminders, timeouts and forfeits of correspondence games.

Each seat that must act has a ``deadline`` and, beside it, ``alert_at`` (indexed): the next moment
the sweep has something to do for it.  A fresh deadline sets ``alert_at`` to now (tell the player it is
their move); after that it points at the next reminder stage the player chose (``User.reminder_hours``:
some of 48, 24, 8, 2 and 1 hours before the time runs out), then at the timeout itself.  The time runs
out at the deadline plus what is left of the seat's time bank (``Clock.timeout_at``), so reminders count
the bank in the time left.  ``alert_stage`` records whether "your move" went out and ``reminded_hours``
the last reminder stage handled, so a sweep that runs twice sends nothing twice; a stage already past
when the turn began, or passed while no sweep ran, is not sent.

The sweep locks the games behind due seats in batches with ``SELECT ... FOR UPDATE SKIP LOCKED``
(games before seats, the move path's lock order), so two sweeps at once share the work instead of
doing it twice.  A timeout is the engine's ``timeout_move`` with a deterministic idempotency key,
recorded through the move path: a batch's plain timeouts together (``moves.system_moves_record``, a few
statements for the batch), the rest one by one (``moves.game_submit_system_move``); repeated timeouts
forfeit through ``ending.game_forfeit``.  The clock is passed in (``now=``): tests and
``manage.py sweep_deadlines --now`` run it as if it were any time.  What players must be told goes out
as one ``SeatsDue`` event per batch, on commit; the notifications app stores and sends it.  A bot's
seat is not told but woken: ``BotToMove`` for its game (``games/bots/accounts.py``), ``clock.BOT_WAKE_DELAY``
after its turn began, so a bot whose task was lost still moves within a few minutes.

"Your move" waits ``clock.NOTICE_DELAY`` (10 minutes) after the turn began, and is not sent at all
once the player has seen the turn: opening the game page, or the page updating live in front of
them, calls ``seat_mark_seen``, which records the notice as done (``alert_stage`` TOLD).
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import REMINDER_HOURS, default_reminder_hours
from accounts.vacations import vacations_holding_clocks
from core.bulk import rows_update
from core.events import publish
from engines import registry
from games.access import seat_for_user
from games.clock import Stage
from games.events import BotToMove, SeatsDue
from games.models import Game, GameStatus, Seat
from games.services.challenges import challenges_expire
from games.services.ending import game_forfeit
from games.services.moves import SystemMove, clock_of, game_submit_system_move, system_moves_record
from games.services.vacations import vacations_settle_due

logger = logging.getLogger(__name__)

BATCH_SIZE = 200
# A failing game is looked at again after this, rather than at once in a loop.
RETRY_AFTER = timedelta(minutes=5)


def forfeit_after(seats_count: int) -> int:
    """Timeouts in a row that forfeit: the second in a two-player game, the third with more."""
    return 2 if seats_count == 2 else 3


def timeout_key(game_id: int, seat_index: int, deadline: datetime) -> str:
    return f"timeout:{game_id}:{seat_index}:{deadline.isoformat()}"


def _deadline(seat: Seat) -> datetime:
    """The deadline of a seat the sweep found due (only a seat on the clock falls due)."""
    assert seat.deadline is not None, f"seat {seat.pk} has no deadline"
    return seat.deadline


@dataclass
class SweepReport:
    notices: int = 0
    reminders: int = 0
    timeouts: int = 0
    forfeits: int = 0
    postponed: int = 0  # seats of players on vacation
    vacations_closed: int = 0
    challenges_expired: int = 0
    failed: int = 0
    batches: int = 0
    notifications: list = field(default_factory=list, repr=False)
    bots_due: dict = field(default_factory=dict, repr=False)  # game id -> version, for BotToMove

    def as_json(self) -> dict:
        data = asdict(self)
        data.pop("notifications")
        data.pop("bots_due")
        return data


def reminder_hours(user) -> list[int]:
    """The reminder stages ``user`` chose (the defaults for a seat read without its player), as stored
    on the profile but never anything outside ``REMINDER_HOURS``."""
    hours = default_reminder_hours() if user is None else user.reminder_hours
    return [h for h in hours or () if h in REMINDER_HOURS]


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------
def sweep(*, now: datetime | None = None, batch_size: int = BATCH_SIZE) -> SweepReport:
    """Handle everything due at ``now``: hold the clocks of vacations that are over, then due seats,
    batch by batch."""
    now = now or timezone.now()
    report = SweepReport()
    report.vacations_closed = vacations_settle_due(now=now)
    report.challenges_expired = challenges_expire(now=now)
    while True:
        due_games = (
            Seat.objects.filter(alert_at__lte=now).order_by("alert_at").values("game_id")[:batch_size]
        )
        with transaction.atomic():
            games = list(Game.objects.select_for_update(skip_locked=True).filter(pk__in=due_games).order_by("pk"))
            if not games:
                break
            report.batches += 1
            _handle_games(games, now=now, report=report)
    return report


def seat_mark_seen(*, game: Game, user) -> bool:
    """The player has their turn in front of them: no "your move" notice for it.  ``game`` with its
    seats prefetched (no query unless there is something to mark); a conditional update, so a sweep
    that told the player meanwhile, or a new turn, is left alone.  True when it marked the seat."""
    seat = seat_for_user(game, user)
    if seat is None or not seat.to_act or seat.deadline is None or seat.alert_stage >= Stage.TOLD:
        return False
    next_alert = clock_of(seat, game).next_alert(reminder_hours(user), after=seat.reminded_hours)
    return bool(
        Seat.objects.filter(pk=seat.pk, deadline=seat.deadline, alert_stage__lt=Stage.TOLD)
        .update(alert_stage=Stage.TOLD, alert_at=next_alert)
    )


# ---------------------------------------------------------------------------
# One locked batch
# ---------------------------------------------------------------------------
def _handle_games(games: list[Game], *, now: datetime, report: SweepReport) -> None:
    by_id = {g.pk: g for g in games}
    seats = list(
        Seat.objects.filter(game_id__in=by_id, alert_at__lte=now).select_related("user").order_by("game_id", "index")
    )
    away = vacations_holding_clocks(user_ids={s.user_id for s in seats if s.user_id}, now=now)
    quiet: list[Seat] = []  # seats whose bookkeeping changes without a move: one bulk update
    timed_out: set[int] = set()
    timeouts: list[tuple[Game, Seat]] = []
    for seat in seats:
        game = by_id[seat.game_id]
        if game.pk in timed_out:
            continue  # the game moved on under us; its other due seats come round in the next batch
        if game.status != GameStatus.ACTIVE or not seat.to_act or seat.deadline is None:
            seat.alert_at = None
            quiet.append(seat)
        elif seat.user_id in away:
            # Deadlines stand still while away; the vacation's end shifts them and wakes the seat.
            seat.alert_at = max(away[seat.user_id].ends_at, now + timedelta(minutes=1))
            quiet.append(seat)
            report.postponed += 1
        elif clock_of(seat, game).is_over(now):
            timed_out.add(game.pk)
            timeouts.append((game, seat))
        else:
            _remind(game, seat, now=now, report=report)
            quiet.append(seat)
    rows_update(quiet, ["alert_at", "alert_stage", "reminded_hours"])
    if timeouts:
        _time_out_all(timeouts, now=now, report=report)
    if report.notifications:
        publish(SeatsDue(notices=report.notifications, at=now.isoformat()))
    for game_id, version in report.bots_due.items():
        publish(BotToMove(game_id=game_id, version=version))
    report.notifications = []
    report.bots_due = {}


def _remind(game: Game, seat: Seat, *, now: datetime, report: SweepReport) -> None:
    clock = clock_of(seat, game)
    hours = reminder_hours(seat.user)
    due = clock.due_reminder(hours, now, after=seat.reminded_hours)
    if seat.user is not None and seat.user.is_bot:
        # A bot is not told: it is woken (again, should its task have been lost) at every stage.
        if not seat.resigned:
            report.bots_due[game.pk] = game.version
    elif seat.alert_stage < Stage.TOLD:
        if not seat.resigned:
            report.notifications.append(_notice("your_move", seat, game, deadline=_deadline(seat).isoformat()))
            report.notices += 1
    elif due is not None:
        # The time left is the stage's: the notice says so, and when the time runs out, bank included.
        report.notifications.append(_notice(
            "reminder", seat, game, step=f"{due}h", deadline=_deadline(seat).isoformat(), hours=due,
            timeout_at=clock.timeout_at.isoformat(), bank=clock.bank > timedelta(0),
        ))
        report.reminders += 1
    # Reminders whose time passed unsent (a late sweep, "your move" told late) are not sent late.
    seat.alert_stage = Stage.TOLD
    if due is not None:
        seat.reminded_hours = due
    seat.alert_at = clock.next_alert(hours, after=seat.reminded_hours)


def _time_out_all(timeouts: list[tuple[Game, Seat]], *, now: datetime, report: SweepReport) -> None:
    """The batch's timeouts: the plain ones (no forfeit, no resigned seat, the game goes on) together
    through ``system_moves_record`` in a few statements; the others, and any the batch leaves, one by
    one through ``_time_out``.  ``timeouts`` holds the due seats as read, untouched by the batch."""
    all_seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__in=[g.pk for g, _ in timeouts]).order_by("game_id", "index"):
        all_seats.setdefault(seat.game_id, []).append(seat)
    batch, alone = [], []
    for game, seat in timeouts:
        seats = all_seats.get(game.pk, [])
        if seat.consecutive_timeouts + 1 >= forfeit_after(game.seats_count) or any(s.resigned for s in seats):
            alone.append((game, seat))
            continue
        try:
            move = registry.get(game.kind).timeout_move(game.started_state, seat.index)
        except Exception:
            alone.append((game, seat))  # reported by the one-game path
            continue
        mine = next(s for s in seats if s.index == seat.index)
        mine.consecutive_timeouts += 1
        batch.append((game, seat, SystemMove(game=game, seats=seats, seat_index=seat.index, move=move,
                                             idempotency_key=timeout_key(game.pk, seat.index, _deadline(seat)))))
    if batch:
        try:
            with transaction.atomic():
                system_moves_record(batch=[m for _, _, m in batch], source="timeout", now=now)
        except Exception:
            logger.exception("batched timeouts failed; trying them one by one")
            for game, _seat, item in batch:
                item.outcome = "left"
                game.refresh_from_db()
    for game, seat, item in batch:
        if item.outcome == "applied":
            report.timeouts += 1
            report.notifications.append(_notice("timeout", seat, game, forfeited=False,
                                                timeouts=seat.consecutive_timeouts + 1,
                                                deadline=_deadline(seat).isoformat()))
        elif item.outcome == "skipped":
            Seat.objects.filter(pk=seat.pk, deadline=seat.deadline).update(alert_at=None)
        else:
            alone.append((game, seat))
    for game, seat in alone:
        _time_out(game, seat, now=now, report=report)


def _time_out(game: Game, seat: Seat, *, now: datetime, report: SweepReport) -> None:
    engine = registry.get(game.kind)
    try:
        with transaction.atomic():
            answer = game_submit_system_move(
                game_id=game.pk, seat_index=seat.index, move=engine.timeout_move(game.started_state, seat.index),
                source="timeout", idempotency_key=timeout_key(game.pk, seat.index, _deadline(seat)), now=now,
            )
            if answer is None:
                # Already handled, or the seat no longer acts: just stop looking at this deadline.
                Seat.objects.filter(pk=seat.pk, deadline=seat.deadline).update(alert_at=None)
                return
            Seat.objects.filter(pk=seat.pk).update(consecutive_timeouts=F("consecutive_timeouts") + 1)
            timeouts = seat.consecutive_timeouts + 1
            forfeited = timeouts >= forfeit_after(game.seats_count) and not seat.resigned
            if forfeited:
                game_forfeit(game_id=game.pk, seat_index=seat.index, reason="timeout", now=now)
    except Exception:
        # One broken game must not stop the sweep: log it and look again later.
        logger.exception("timeout of game %s seat %s failed", game.pk, seat.index)
        Seat.objects.filter(pk=seat.pk).update(alert_at=now + RETRY_AFTER)
        report.failed += 1
        return
    report.timeouts += 1
    report.forfeits += forfeited
    report.notifications.append(
        _notice("timeout", seat, game, forfeited=forfeited, timeouts=timeouts, deadline=_deadline(seat).isoformat())
    )


def _notice(kind: str, seat: Seat, game: Game, *, step: int | str = 0, **params) -> dict:
    """One notice for the player of ``seat``; its key (kind, game, seat, deadline, stage) is unique, so it
    is stored once however often it is delivered."""
    key = f"{kind}:{game.pk}:{seat.index}:{params.get('deadline', '')}:{step}"
    return {"user_id": seat.user_id, "kind": kind, "game_id": game.pk, "key": key[:120],
            "params": {"game": game.pk, "game_kind": game.kind, **params}}
