"""Time banks: extra days each seat draws on by moving late; the game times out only once the seat's bank
is gone.  Through the real move service and deadline sweep with an injected clock: each draw recorded on
its move row and replayed by ``verify_games``, vacations pausing the bank, the clocks showing both, and
the API and new-game form taking 0 to 30 days (anything else refused with a code, nothing written)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from accounts.vacations import vacation_book
from games import services
from games.clock import NOTICE_DELAY, Clock
from games.errors import BAD_OPTIONS, MSG_BAD_TIME_BANK, GameError
from games.models import Game, Move, Seat
from notifications.models import Notification
from notifications.texts import notification_text
from tests.helpers import sweep

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


def new_game(creator, opponents, *, days=1, bank=2, now=T0):
    return services.game_create(creator=creator, kind="toy", opponents=opponents, seed=1, days_per_move=days,
                                time_bank_days=bank, options={"target": 100}, now=now)


def seat(game, index):
    return Seat.objects.get(game=game, index=index)


def play(game, user, now):
    game.refresh_from_db()
    return services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": 1},
                                     version=game.version, idempotency_key=f"{user.pk}-{game.version}", now=now)


def verified(capsys) -> str:
    call_command("verify_games")
    return capsys.readouterr().out


# ---------------------------------------------------------------------------
# The clock value
# ---------------------------------------------------------------------------
def test_the_clock_runs_out_after_its_bank_and_a_late_move_draws_at_most_the_bank():
    clock = Clock.start(T0, 1, bank=2 * DAY)
    assert clock.timeout_at == T0 + 3 * DAY
    assert not clock.is_over(T0 + 3 * DAY - timedelta(seconds=1)) and clock.is_over(T0 + 3 * DAY)
    assert clock.bank_drawn(T0 + DAY - HOUR) == timedelta(0)
    assert clock.bank_drawn(T0 + DAY + 5 * HOUR) == 5 * HOUR
    assert clock.bank_drawn(T0 + 9 * DAY) == 2 * DAY
    assert clock.left(T0 + DAY) == 2 * DAY


def test_reminder_stages_count_the_bank_and_skip_those_past_when_the_clock_started():
    clock = Clock.start(T0, 1, bank=DAY)  # runs out two days in
    assert clock.reminder_times([48, 24, 2]) == {24: T0 + DAY, 2: T0 + 2 * DAY - 2 * HOUR}
    assert clock.due_reminder([48, 24, 2], T0 + 2 * DAY - HOUR, after=None) == 2
    assert clock.due_reminder([48, 24, 2], T0 + DAY, after=24) is None
    assert clock.next_alert([48, 24, 2], after=2) == T0 + 2 * DAY


def test_a_vacation_holds_the_deadline_and_leaves_the_bank_as_it_was():
    clock = Clock.start(T0, 1, bank=2 * DAY).held(T0 + DAY + 3 * HOUR, T0 + 3 * DAY + 3 * HOUR)
    assert (clock.deadline, clock.bank) == (T0 + 3 * DAY, 2 * DAY)
    assert clock.bank_drawn(T0 + 3 * DAY + 4 * HOUR) == 4 * HOUR


# ---------------------------------------------------------------------------
# Drawing on the bank, timing out, replaying
# ---------------------------------------------------------------------------
def test_a_late_move_draws_on_the_bank_and_the_game_goes_on(alice, bob, capsys):
    game = new_game(alice, [bob], days=1, bank=2)
    assert sweep(now=T0 + DAY + HOUR).timeouts == 0  # past the deadline, but the bank is left
    play(game, alice, T0 + DAY + 5 * HOUR)
    late = Move.objects.get(game=game, seat=0)
    assert (late.source, late.bank_drawn) == ("player", 5 * HOUR)
    assert seat(game, 0).bank_used == 5 * HOUR and seat(game, 1).bank_used == timedelta(0)
    play(game, bob, T0 + DAY + 6 * HOUR)  # on time: draws nothing
    assert Move.objects.get(game=game, seat=1).bank_drawn is None
    game.refresh_from_db()
    assert game.status == "active" and game.time_bank_days == 2
    assert "1 games checked, 0 differ" in verified(capsys)


def test_the_game_times_out_only_once_the_bank_is_gone_and_verify_games_replays_it(alice, bob, capsys):
    game = new_game(alice, [bob], days=1, bank=1)
    play(game, alice, T0 + DAY + 10 * HOUR)  # 10 hours of her day drawn
    play(game, bob, T0 + DAY + 11 * HOUR)
    deadline = T0 + 2 * DAY + 11 * HOUR
    assert seat(game, 0).deadline == deadline and seat(game, 0).alert_at is not None
    runs_out = deadline + 14 * HOUR  # what is left of her bank
    assert sweep(now=runs_out - timedelta(minutes=1)).timeouts == 0
    assert sweep(now=runs_out).timeouts == 1
    timeout = Move.objects.get(game=game, source="timeout")
    assert (timeout.seat, timeout.bank_drawn) == (0, 14 * HOUR)
    assert timeout.idempotency_key == f"timeout:{game.pk}:0:{deadline.isoformat()}"
    assert seat(game, 0).bank_used == DAY
    assert sweep(now=runs_out + HOUR).timeouts == 0  # applied once
    assert "1 games checked, 0 differ" in verified(capsys)
    # With the bank gone, her next turn times out at its deadline (the second in a row: a forfeit).
    play(game, bob, runs_out + HOUR)
    report = sweep(now=runs_out + HOUR + DAY)
    assert report.timeouts == 1 and report.forfeits == 1
    last = Move.objects.filter(game=game, source="timeout").order_by("seq").last()
    assert last.bank_drawn is None
    assert "1 games checked, 0 differ" in verified(capsys)


def test_verify_games_reports_a_seat_whose_bank_disagrees_with_its_log(alice, bob, capsys):
    game = new_game(alice, [bob], days=1, bank=2)
    play(game, alice, T0 + DAY + 5 * HOUR)
    Seat.objects.filter(game=game, index=0).update(bank_used=HOUR)
    with pytest.raises(CommandError):
        call_command("verify_games")
    assert "seat 0 drew 5:00:00 from its time bank in the log but has used 1:00:00" in capsys.readouterr().err


def test_a_game_without_a_bank_times_out_at_its_deadline_and_draws_nothing(alice, bob):
    game = new_game(alice, [bob], days=1, bank=0)
    assert sweep(now=T0 + DAY).timeouts == 1
    assert Move.objects.get(game=game).bank_drawn is None and seat(game, 0).bank_used == timedelta(0)


def test_reminders_come_before_the_real_timeout_counting_the_bank(alice, bob):
    game = new_game(alice, [bob], days=1, bank=1)  # due in a day, runs out in two
    sweep(now=T0 + NOTICE_DELAY)
    assert seat(game, 0).alert_at == T0 + DAY  # 24 hours before the time runs out: at the deadline
    sweep(now=T0 + DAY)
    sweep(now=T0 + 2 * DAY - 2 * HOUR)
    reminders = Notification.objects.filter(user=alice, kind="reminder").order_by("pk")
    assert [(n.params["hours"], n.params["timeout_at"]) for n in reminders] == [
        (24, (T0 + 2 * DAY).isoformat()), (2, (T0 + 2 * DAY).isoformat())]
    with timezone.override(UTC):  # the reader's zone, activated by whoever shows it
        text = notification_text("reminder", reminders[1].params)
    assert text == (
        f"2 hours left for your move in Toy #{game.pk}, your time bank included: "
        "time runs out Wed 7 Jan, 12:00 (UTC).")


# ---------------------------------------------------------------------------
# Vacations
# ---------------------------------------------------------------------------
def test_a_vacation_pauses_the_bank(alice, bob):
    game = new_game(alice, [bob], days=1, bank=2)  # due on day 1, runs out on day 3
    vacation_book(user=alice, days=2, now=T0 + DAY + 3 * HOUR)  # away while drawing on her bank
    report = sweep(now=T0 + 3 * DAY)  # her old timeout passes while she is away
    assert report.timeouts == 0 and report.postponed == 1
    assert sweep(now=T0 + 3 * DAY + 3 * HOUR).vacations_closed == 1
    assert seat(game, 0).deadline == T0 + 3 * DAY  # pushed back by the two days away
    play(game, alice, T0 + 3 * DAY + 4 * HOUR)
    # Three hours before she left and one after she came back: the days away cost nothing.
    assert Move.objects.get(game=game, seat=0).bank_drawn == 4 * HOUR


def test_moving_while_on_vacation_draws_only_the_time_before_it(alice, bob):
    game = new_game(alice, [bob], days=1, bank=2)
    vacation_book(user=alice, days=10, now=T0 + DAY + 3 * HOUR)
    play(game, alice, T0 + DAY + 5 * HOUR)  # moving ends the vacation: her clock is held first
    assert Move.objects.get(game=game, seat=0).bank_drawn == 3 * HOUR


# ---------------------------------------------------------------------------
# The clocks on the pages and in the API
# ---------------------------------------------------------------------------
def test_the_clocks_show_the_time_left_and_the_bank_then_the_time_left_on_the_bank(alice, bob, client, api_for):
    now = timezone.now().replace(microsecond=0)
    game = new_game(alice, [bob], days=3, bank=2, now=now)
    client.force_login(bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "+ 2\xa0days bank" in page and "a time bank of 2\xa0days each" in page
    seats = api_for(bob).get(f"/api/games/{game.pk}/").json()
    assert seats["time_bank_days"] == 2
    client.force_login(alice)  # My games too, before the deadline: the time left and the bank beside it
    row = client.get("/games/").content.decode()
    row = row[row.index(f'data-game="{game.pk}"'):].split("</tr>")[0]
    assert "+ 2\xa0days bank" in row and "a 2-day time bank" in row
    client.force_login(bob)
    assert [(s["time_bank_left"], s["timeout_at"]) for s in seats["seats"]] == [
        (2 * 86400, (now + 5 * DAY).isoformat()), (2 * 86400, None)]
    # Past her deadline she is on her bank: the time left is the bank's, until it runs out.
    Seat.objects.filter(game=game, index=0).update(deadline=now - 2 * HOUR)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "left on the time bank" in page and "time runs out" in page and "time is up" not in page
    client.force_login(alice)
    row = client.get("/games/").content.decode()
    row = row[row.index(f'data-game="{game.pk}"'):].split("</tr>")[0]
    assert "left on the time bank" in row


def test_the_clocks_say_when_the_time_is_up_bank_and_all(alice, bob, client):
    now = timezone.now().replace(microsecond=0)
    game = new_game(alice, [bob], days=1, bank=1, now=now)
    Seat.objects.filter(game=game, index=0).update(deadline=now - 2 * DAY)
    client.force_login(bob)
    assert "time is up" in client.get(f"/games/{game.pk}/").content.decode()


# ---------------------------------------------------------------------------
# Creating: the API and the new-game form
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("opponents", [["bob"], []])
def test_the_api_creates_a_challenge_or_a_seek_with_a_time_bank(alice, bob, api_for, opponents):
    answer = api_for(alice).post("/api/games/", {"kind": "toy", "opponents": opponents, "days_per_move": 2,
                                                 "time_bank_days": 5}, format="json")
    assert answer.status_code == 201 and answer.json()["time_bank_days"] == 5
    assert Game.objects.get().time_bank_days == 5


def test_the_lobby_shows_a_seeks_time_bank(alice, bob, client):
    services.game_create(creator=alice, kind="toy", seats=2, days_per_move=2, time_bank_days=5)
    client.force_login(bob)
    assert "a 5-day time bank" in client.get("/lobby/").content.decode()


@pytest.mark.parametrize(("value", "code"), [(31, BAD_OPTIONS), (-1, BAD_OPTIONS), ("a week", "BAD_REQUEST")])
def test_the_api_refuses_a_time_bank_outside_0_to_30_and_writes_nothing(alice, bob, api_for, value, code):
    answer = api_for(alice).post("/api/games/", {"kind": "toy", "opponents": ["bob"], "time_bank_days": value},
                                 format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code
    if code == BAD_OPTIONS:
        assert answer.json()["message"] == MSG_BAD_TIME_BANK == "The time bank is a whole number of days from 0 to 30."
        assert answer.json()["details"] == {"option": "time_bank_days"}
    assert Game.objects.count() == 0 and Seat.objects.count() == 0


def test_the_service_refuses_a_time_bank_that_is_not_a_whole_number(alice, bob):
    for value in (2.5, "3", True, 31):
        with pytest.raises(GameError) as refused:
            new_game(alice, [bob], bank=value)
        assert refused.value.code == BAD_OPTIONS
    assert Game.objects.count() == 0


def test_the_new_game_form_sets_a_time_bank(alice, bob, client):
    client.force_login(alice)
    page = client.get("/games/new/").content.decode()
    assert 'name="time_bank_days"' in page and "Time bank (days)" in page
    answer = client.post("/games/new/", {"kind": "toy", "play_with": "named", "opponent": ["bob"],
                                         "days_per_move": 3, "time_bank_days": 7})
    assert answer.status_code == 302
    assert Game.objects.get().time_bank_days == 7


@pytest.mark.parametrize("value", ["31", "-2", "many"])
def test_the_new_game_form_refuses_a_time_bank_out_of_range_beside_the_field(alice, bob, client, value):
    client.force_login(alice)
    answer = client.post("/games/new/", {"kind": "toy", "play_with": "named", "opponent": ["bob"],
                                         "days_per_move": 3, "time_bank_days": value})
    assert answer.status_code == 200
    assert 'id="id_time_bank_days_error"' in answer.content.decode()
    assert Game.objects.count() == 0


def test_a_game_created_without_a_bank_has_none(alice, bob, client):
    client.force_login(alice)
    client.post("/games/new/", {"kind": "toy", "play_with": "named", "opponent": ["bob"], "days_per_move": 3})
    assert Game.objects.get().time_bank_days == 0
