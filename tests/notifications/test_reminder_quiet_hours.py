"""Reminders and quiet hours: a reminder due during the player's quiet hours is e-mailed at once only if
their time runs out (deadline plus time bank) before those quiet hours are over; otherwise it waits for
the daily digest, as every other e-mail during quiet hours does."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from accounts.quiet_hours import quiet_hours_end
from accounts.services import user_update_profile
from games import services as game_services
from notifications.models import EmailState, Kind, Notification
from notifications.services import runs_out_while_quiet
from tests.helpers import sweep

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


def quiet_at_night(user, *, reminders):
    """Quiet from 22:00 to 07:00 UTC, and the reminder stages ``reminders``."""
    user_update_profile(user=user, display_name="", time_zone="UTC", language="en", quiet_from=22, quiet_until=7)
    user.refresh_from_db()
    user.reminder_hours = reminders
    user.save(update_fields=["reminder_hours"])


def new_game(creator, opponents, *, now, bank=0):
    return game_services.game_create(creator=creator, kind="toy", opponents=opponents, seed=1, days_per_move=1,
                                     time_bank_days=bank, options={"target": 100}, now=now)


def reminder_of(user) -> Notification:
    return Notification.objects.get(user=user, kind=Kind.REMINDER)


def reminder_mails() -> list:
    return [m for m in mail.outbox if m.subject.startswith("Reminder")]


def test_a_reminder_whose_time_runs_out_within_the_quiet_hours_is_emailed_at_once(alice, bob):
    quiet_at_night(alice, reminders=[2])
    start = datetime(2026, 1, 5, 1, 0, tzinfo=UTC)  # due at 01:00 tomorrow night
    new_game(alice, [bob], now=start)
    sweep(now=start + timedelta(minutes=10))  # "your move" at 01:10: quiet, for the digest
    sweep(now=start + DAY - 2 * HOUR)  # 23:00: quiet, but waiting until 07:00 would be too late
    assert reminder_of(alice).email in (EmailState.EACH, EmailState.SENT)
    assert len(reminder_mails()) == 1 and reminder_mails()[0].to == ["alice@example.com"]


def test_a_reminder_whose_time_runs_out_after_the_quiet_hours_waits_for_the_digest(alice, bob):
    quiet_at_night(alice, reminders=[8])
    start = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)  # due at 10:00 tomorrow morning
    new_game(alice, [bob], now=start)
    sweep(now=start + timedelta(minutes=10))
    sweep(now=start + DAY - 8 * HOUR)  # 02:00: quiet, and the time runs out only after 07:00
    notice = reminder_of(alice)
    assert notice.in_app and notice.email == EmailState.DIGEST
    assert reminder_mails() == []


def test_the_time_bank_counts_in_whether_the_time_runs_out_within_the_quiet_hours(alice, bob):
    quiet_at_night(alice, reminders=[2])
    start = datetime(2026, 1, 4, 1, 0, tzinfo=UTC)  # due at 01:00 on the 5th, runs out at 01:00 on the 6th
    new_game(alice, [bob], now=start, bank=1)
    sweep(now=start + timedelta(minutes=10))
    sweep(now=start + 2 * DAY - 2 * HOUR)  # 23:00 on the 5th
    assert reminder_of(alice).params["timeout_at"] == (start + 2 * DAY).isoformat()
    assert len(reminder_mails()) == 1


def test_only_a_reminder_is_sent_at_once_in_the_quiet_hours_and_only_before_they_end(alice):
    quiet_at_night(alice, reminders=[2])
    night = datetime(2026, 1, 5, 23, 0, tzinfo=UTC)
    assert quiet_hours_end(alice, night) == datetime(2026, 1, 6, 7, 0, tzinfo=UTC)
    assert quiet_hours_end(alice, datetime(2026, 1, 6, 3, 0, tzinfo=UTC)) == datetime(2026, 1, 6, 7, 0, tzinfo=UTC)
    assert quiet_hours_end(alice, datetime(2026, 1, 6, 12, 0, tzinfo=UTC)) is None

    def item(kind, runs_out):
        return {"user_id": alice.pk, "kind": kind, "params": {"timeout_at": runs_out.isoformat()}}

    assert runs_out_while_quiet(item(Kind.REMINDER, night + 2 * HOUR), alice, night)
    assert runs_out_while_quiet(item(Kind.REMINDER, night + 8 * HOUR), alice, night)  # 07:00: as they end
    assert not runs_out_while_quiet(item(Kind.REMINDER, night + 9 * HOUR), alice, night)
    assert not runs_out_while_quiet(item(Kind.YOUR_MOVE, night + 2 * HOUR), alice, night)

