"""The bell in the site header, and the clocks of a game's seats (time left in the viewer's time
zone, what is left of each time bank, and who is on vacation)."""

from datetime import timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timeuntil

from accounts.vacations import vacation_may_be_running, vacations_in_progress

from ..selectors import unread_count

register = template.Library()


@register.inclusion_tag("notifications/_bell.html", takes_context=True)
def notification_bell(context):
    user = context["user"]
    return {"unread": unread_count(user=user) if user.is_authenticated else 0}


@register.inclusion_tag("notifications/_game_clocks.html", takes_context=True)
def game_clocks(context, game):
    seats = list(game.seats.all())
    now = timezone.now()
    # Vacations are read only for players who may be away: a player read with the seats (every game
    # page and socket update reads them so) whose row says no vacation has begun needs no query.
    maybe = [s.user_id for s in seats if s.user_id and _may_be_away(s, now)]
    away = vacations_in_progress(user_ids=maybe, now=now) if maybe else {}
    user = context.get("user")
    return {
        "now": now,
        "clocks": [
            {"seat": s, "mine": bool(user and user.is_authenticated and s.user_id == user.pk),
             "vacation": away.get(s.user_id), **_bank_clock(s, game.time_bank_days, now)}
            for s in seats if s.user_id and (s.deadline or s.user_id in away)
        ],
        "days_per_move": game.days_per_move,
        "time_bank": timeuntil(now + timedelta(days=game.time_bank_days), now) if game.time_bank_days else "",
    }


def _bank_clock(seat, bank_days: int, now) -> dict:
    """A seat's clock with its time bank: ``bank`` (what is left, in words; "" for none), ``timeout_at``
    (the deadline plus that bank), ``on_bank`` (past the deadline, drawing on the bank) and ``overdue``
    (the time has run out, bank and all: the sweep plays the timeout)."""
    bank = seat.bank_left(bank_days)
    timeout_at = seat.deadline + bank if seat.deadline else None
    return {
        "bank": timeuntil(now + bank, now) if bank else "",
        "timeout_at": timeout_at,
        "on_bank": bool(seat.deadline and seat.deadline <= now < timeout_at),
        "overdue": bool(timeout_at and timeout_at <= now),
    }


def _may_be_away(seat, now) -> bool:
    if not seat._meta.get_field("user").is_cached(seat):
        return True  # the player's row is not at hand: ask the vacations
    return vacation_may_be_running(user=seat.user, now=now)
