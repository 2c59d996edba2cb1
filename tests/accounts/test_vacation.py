"""Vacations: booking within the allowance, and bad input refused with a clear message and nothing
written; the vacation page."""

from datetime import UTC, date, datetime, timedelta

import pytest

from accounts.models import Vacation
from accounts.vacations import (
    MSG_BAD_DAYS,
    MSG_IN_PAST,
    MSG_OVERLAPS,
    VACATION_ALLOWANCE,
    VACATION_BAD_DAYS,
    VACATION_IN_PAST,
    VACATION_NONE,
    VACATION_OVERLAPS,
    VacationError,
    vacation_book,
    vacation_days_used,
    vacation_end,
    vacation_overview,
)

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


def refused(code, **kwargs):
    before = Vacation.objects.count()
    with pytest.raises(VacationError) as error:
        vacation_book(now=T0, **kwargs)
    assert error.value.code == code
    assert Vacation.objects.count() == before
    return error.value.message


def test_a_vacation_starts_now_or_at_midnight_of_a_later_day_in_the_players_zone(alice):
    alice.time_zone = "Europe/Amsterdam"
    now_one = vacation_book(user=alice, days=2, now=T0)
    assert (now_one.starts_at, now_one.ends_at) == (T0, T0 + timedelta(days=2))
    later = vacation_book(user=alice, days=3, starts_on=date(2026, 3, 10), now=T0)
    assert later.starts_at == datetime(2026, 3, 9, 23, 0, tzinfo=UTC)


def test_bad_vacations_are_refused_and_nothing_written(alice):
    assert refused(VACATION_BAD_DAYS, user=alice, days=31) == MSG_BAD_DAYS
    assert refused(VACATION_BAD_DAYS, user=alice, days=0) == MSG_BAD_DAYS
    assert refused(VACATION_IN_PAST, user=alice, days=3, starts_on=date(2026, 3, 1)) == MSG_IN_PAST
    vacation_book(user=alice, days=5, starts_on=date(2026, 3, 10), now=T0)
    assert refused(VACATION_OVERLAPS, user=alice, days=3, starts_on=date(2026, 3, 13)) == MSG_OVERLAPS
    assert refused(VACATION_OVERLAPS, user=alice, days=30, starts_on=date(2026, 3, 2)) == MSG_OVERLAPS


def test_the_allowance_is_thirty_days_per_calendar_year(alice):
    vacation_book(user=alice, days=20, starts_on=date(2026, 4, 1), now=T0)
    message = refused(VACATION_ALLOWANCE, user=alice, days=11, starts_on=date(2026, 6, 1))
    assert message == "That is more than your allowance: 10 of 30 vacation days left in 2026."
    vacation_book(user=alice, days=3, starts_on=date(2026, 6, 1), now=T0)
    # Across New Year each year counts its own days: 7 more in 2026, 5 in 2027.
    vacation_book(user=alice, days=12, starts_on=date(2026, 12, 25), now=T0)
    assert vacation_days_used(user=alice, year=2026) == 30
    assert vacation_days_used(user=alice, year=2027) == 5


def test_a_vacation_ended_early_gives_back_the_days_not_taken(alice):
    vacation_book(user=alice, days=30, now=T0)
    vacation_end(user=alice, now=T0 + timedelta(days=4, hours=2))
    assert vacation_days_used(user=alice, year=2026) == 5
    with pytest.raises(VacationError) as error:
        vacation_end(user=alice, now=T0 + timedelta(days=5))
    assert error.value.code == VACATION_NONE


def test_the_vacation_page_books_and_ends_a_vacation(alice, client):
    client.force_login(alice)
    assert client.get("/accounts/vacation/").status_code == 200
    page = client.post("/accounts/vacation/", {"days": "40"}).content.decode()
    assert "Ensure this value is less than or equal to 30" in page and Vacation.objects.count() == 0
    assert client.post("/accounts/vacation/", {"days": "3"}).status_code == 302
    assert "You are on vacation until" in client.get("/accounts/vacation/").content.decode()
    client.post("/accounts/vacation/", {"end": "1"})
    assert Vacation.objects.get().ended_at is not None


def test_the_overview_counts_the_days_used_once(alice, django_assert_num_queries):
    vacation_book(user=alice, days=4, now=T0)
    with django_assert_num_queries(3):  # the current vacation, the days used, the history
        overview = vacation_overview(user=alice, now=T0 + timedelta(days=1))
    assert (overview["used"], overview["left"], overview["current"].ends_at) == (4, 26, T0 + timedelta(days=4))
