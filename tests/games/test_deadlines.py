"""The deadline sweep with an injected clock: notices, reminders at the stages each player chose, timeouts
through the move service, forfeits, vacations; and that running it again applies nothing twice."""

import zoneinfo
from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User
from accounts.vacations import vacation_book, vacation_end
from core.errors import AppError
from games import services
from games.clock import NOTICE_DELAY
from games.errors import BAD_OPTIONS, PLAYER_ON_VACATION, GameError
from games.models import Game, Move, Seat
from games.services import deadlines
from games.services.deadlines import timeout_key
from notifications.models import Notification
from notifications.texts import notification_text
from tests.helpers import committed, sweep

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
# "Your move" goes out when the turn is still unseen this long after it began.
TOLD_AT = T0 + NOTICE_DELAY


def new_game(creator, opponents, days=3, now=T0):
    return services.game_create(creator=creator, kind="toy", opponents=opponents, seed=1, days_per_move=days, now=now)


def seat(game, index):
    return Seat.objects.get(game=game, index=index)


def play(game, user, now, n=1):
    game.refresh_from_db()
    return services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": n},
                                     version=game.version, idempotency_key=f"{user.pk}-{game.version}", now=now)


def told(user, kind=None):
    """What ``user`` was told, in order: each notice's kind and, for a reminder, its stage in hours."""
    rows = Notification.objects.filter(user=user).order_by("pk")
    if kind:
        rows = rows.filter(kind=kind)
    return [(n.kind, n.params.get("hours")) for n in rows]


def remind_at(user, *hours):
    user.reminder_hours = list(hours)
    user.save(update_fields=["reminder_hours"])


# ---------------------------------------------------------------------------
# Reminders
# ---------------------------------------------------------------------------
def test_a_fresh_deadline_tells_the_player_once_ten_minutes_later(alice, bob):
    game = new_game(alice, [bob])
    assert seat(game, 0).deadline == T0 + 3 * DAY and seat(game, 0).alert_at == TOLD_AT
    assert sweep(now=TOLD_AT - timedelta(seconds=1)).notices == 0  # not yet: she may be about to look
    report = sweep(now=TOLD_AT)
    assert report.notices == 1 and report.reminders == 0
    assert told(alice) == [("your_move", None)] and told(bob) == []
    assert sweep(now=T0 + HOUR).as_json()["notices"] == 0
    assert told(alice) == [("your_move", None)]


def test_each_reminder_stage_the_player_chose_is_sent_once(alice, bob):
    remind_at(alice, 24, 8, 2)
    game = new_game(alice, [bob], days=3)
    sweep(now=TOLD_AT)
    assert seat(game, 0).alert_at == T0 + 2 * DAY  # 24 hours before the deadline
    assert sweep(now=T0 + 2 * DAY - timedelta(seconds=1)).reminders == 0
    for stage in (24, 8, 2):
        due = T0 + 3 * DAY - stage * HOUR
        assert sweep(now=due).reminders == 1
        assert sweep(now=due).reminders == 0  # a sweep running twice sends nothing twice
        assert seat(game, 0).reminded_hours == stage
    assert told(alice) == [("your_move", None), ("reminder", 24), ("reminder", 8), ("reminder", 2)]
    assert seat(game, 0).alert_at == T0 + 3 * DAY  # next: the timeout itself


def test_stages_the_player_did_not_choose_are_not_sent(alice, bob, carol):
    new_game(alice, [bob], days=3)  # Alice keeps the default stages: 24 and 2 hours
    remind_at(bob, 8)
    new_game(bob, [carol], days=3)
    remind_at(carol)  # none at all
    new_game(carol, [alice], days=3)
    sweep(now=TOLD_AT)
    for hours_left in (48, 24, 8, 2, 1):
        sweep(now=T0 + 3 * DAY - hours_left * HOUR)
    assert told(alice, "reminder") == [("reminder", 24), ("reminder", 2)]
    assert told(bob, "reminder") == [("reminder", 8)]
    assert told(carol, "reminder") == []


def test_a_stage_already_past_when_the_turn_begins_is_not_sent(alice, bob):
    remind_at(alice, 48, 24, 2)
    game = new_game(alice, [bob], days=1)  # 48 and 24 hours before the deadline: before the turn began
    sweep(now=TOLD_AT)
    assert seat(game, 0).alert_at == T0 + DAY - 2 * HOUR
    for moment in (TOLD_AT + HOUR, T0 + DAY - 2 * HOUR, T0 + DAY - HOUR):
        sweep(now=moment)
    assert told(alice) == [("your_move", None), ("reminder", 2)]


def test_each_new_turn_has_its_stages_again(alice, bob):
    game = new_game(alice, [bob], days=2)
    sweep(now=T0 + 2 * DAY - 2 * HOUR)  # "your move" (the 24-hour stage passed unsent), then...
    sweep(now=T0 + 2 * DAY - HOUR)  # ...nothing: the 2-hour stage was due at the same sweep
    play(game, alice, T0 + 2 * DAY - HOUR)
    play(game, bob, T0 + 2 * DAY)
    sweep(now=T0 + 2 * DAY + NOTICE_DELAY)
    sweep(now=T0 + 4 * DAY - 24 * HOUR)
    sweep(now=T0 + 4 * DAY - 2 * HOUR)
    assert told(alice, "reminder") == [("reminder", 24), ("reminder", 2)]
    assert seat(game, 0).reminded_hours == 2


def test_the_reminder_says_how_much_time_is_left_and_when_it_runs_out(alice, bob):
    game = new_game(alice, [bob], days=3)
    sweep(now=TOLD_AT)
    sweep(now=T0 + 3 * DAY - 2 * HOUR)
    notice = Notification.objects.get(user=alice, kind="reminder")
    assert notice.params["timeout_at"] == (T0 + 3 * DAY).isoformat() and notice.params["bank"] is False
    with timezone.override(UTC):  # the reader's zone, activated by whoever shows it
        text = notification_text("reminder", notice.params)
    assert text == (
        f"2 hours left for your move in Toy #{game.pk}: time runs out Thu 8 Jan, 12:00 (UTC).")


def test_a_late_sweep_sends_no_reminders_whose_time_has_passed(alice, bob):
    new_game(alice, [bob])
    sweep(now=T0 + 3 * DAY - timedelta(minutes=30))
    assert told(alice) == [("your_move", None)]
    assert sweep(now=T0 + 3 * DAY - timedelta(minutes=1)).reminders == 0


# ---------------------------------------------------------------------------
# Timeouts and forfeits
# ---------------------------------------------------------------------------
def test_at_the_deadline_the_engines_timeout_move_is_played_once(alice, bob):
    game = new_game(alice, [bob])
    deadline = T0 + 3 * DAY
    report = sweep(now=deadline)
    assert report.timeouts == 1 and report.forfeits == 0
    move = Move.objects.get(game=game)
    assert (move.source, move.seat, move.payload) == ("timeout", 0, {"type": "add", "n": 1})
    assert move.idempotency_key == timeout_key(game.pk, 0, deadline) == f"timeout:{game.pk}:0:{deadline.isoformat()}"
    assert seat(game, 0).consecutive_timeouts == 1
    bob_seat = seat(game, 1)
    assert bob_seat.to_act and bob_seat.deadline == deadline + 3 * DAY
    # Alice hears that her time ran out; Bob is told ten minutes later, unless he saw it by then.
    assert told(bob) == [] and told(alice, "timeout") == [("timeout", None)]
    again = sweep(now=deadline + timedelta(minutes=1))
    assert again.timeouts == 0 and again.notices == 0
    assert sweep(now=deadline + NOTICE_DELAY).notices == 1
    assert told(bob) == [("your_move", None)]
    assert Move.objects.filter(game=game).count() == 1


def test_a_timeout_already_applied_is_not_applied_again(alice, bob):
    game = new_game(alice, [bob])
    deadline = T0 + 3 * DAY
    Seat.objects.filter(game=game, index=0).update(alert_at=deadline)
    sweep(now=deadline)
    # As if a second sweep still held the old row: the key is used, nothing more happens.
    Seat.objects.filter(game=game, index=0).update(to_act=True, deadline=deadline, alert_at=deadline)
    assert sweep(now=deadline).timeouts == 0
    assert Move.objects.filter(game=game, source="timeout").count() == 1
    assert seat(game, 0).alert_at is None


def timeouts_due(count, make_user, name="late"):
    """``count`` games whose first seat's deadline passes at T0 + 3 days."""
    players = [make_user(username=f"{name}{n}") for n in range(count + 1)]
    return [new_game(players[n], [players[n + 1]]) for n in range(count)]


def test_a_sweeps_timeouts_take_the_same_queries_however_many_are_due(make_user):
    counts = []
    for count in (2, 12):
        games = timeouts_due(count, make_user, name=f"late{count}x")
        sweep(now=T0)  # the "your move" notices, out of the way
        # The sweep's own queries; the notices it publishes are stored after commit, per player.
        with CaptureQueriesContext(connection) as queries:
            report = deadlines.sweep(now=T0 + 3 * DAY)
        assert report.timeouts == count and report.failed == 0
        counts.append(len(queries))
        for game in games:
            move = Move.objects.get(game=game)
            assert (move.source, move.seat, move.payload) == ("timeout", 0, {"type": "add", "n": 1})
            assert move.response["version"] == 2 and move.response["seq"] == 2
            game.refresh_from_db()
            assert game.version == 2 and game.state["total"] == 1
            assert seat(game, 0).consecutive_timeouts == 1 and not seat(game, 0).to_act
            assert seat(game, 1).to_act and seat(game, 1).deadline == T0 + 6 * DAY
        assert sweep(now=T0 + 3 * DAY).timeouts == 0
        assert Move.objects.filter(game__in=games).count() == count
        Game.objects.filter(pk__in=[g.pk for g in games]).update(status="finished")
        Seat.objects.filter(game__in=games).update(alert_at=None)
    assert counts[0] == counts[1]


def test_a_forfeit_in_a_batch_of_plain_timeouts_goes_its_own_way(alice, bob, make_user):
    plain = timeouts_due(3, make_user)
    game = new_game(alice, [bob])
    play(game, alice, T0 + HOUR)
    play(game, bob, T0 + 2 * HOUR)
    Seat.objects.filter(game=game, index=0).update(consecutive_timeouts=1, deadline=T0 + 3 * DAY)
    report = sweep(now=T0 + 3 * DAY)
    assert report.timeouts == 4 and report.forfeits == 1
    game.refresh_from_db()
    assert game.status == "finished" and game.result["reason"] == "timeout"
    assert all(Game.objects.get(pk=g.pk).status == "active" for g in plain)


def test_the_second_timeout_in_a_row_forfeits_a_two_player_game(alice, bob):
    game = new_game(alice, [bob])
    play(game, alice, T0 + HOUR)  # both have made a move of their own: a forfeit is a result
    play(game, bob, T0 + 2 * HOUR)
    sweep(now=T0 + 2 * HOUR + 3 * DAY)  # Alice times out
    play(game, bob, T0 + 4 * DAY)  # Bob moves; Alice's new deadline is 7 days in
    report = sweep(now=T0 + 7 * DAY)
    assert report.timeouts == 1 and report.forfeits == 1
    game.refresh_from_db()
    assert game.status == "finished" and game.result["reason"] == "timeout"
    assert (seat(game, 0).rank, seat(game, 1).rank) == (2, 1)
    assert seat(game, 0).resigned and seat(game, 0).deadline is None and seat(game, 0).alert_at is None
    assert Move.objects.filter(game=game, source="resign").get().payload == {"type": "resign", "reason": "timeout"}
    assert Notification.objects.get(user=alice, kind="timeout", params__forfeited=True)


def test_timing_out_before_ever_moving_aborts_the_game_without_a_result(alice, bob):
    game = new_game(alice, [bob])
    sweep(now=T0 + 3 * DAY)  # Alice times out without having moved
    play(game, bob, T0 + 4 * DAY)
    report = sweep(now=T0 + 7 * DAY)
    assert report.timeouts == 1
    game.refresh_from_db()
    assert game.status == "aborted" and game.result is None
    assert all(s.rank is None and s.deadline is None and s.alert_at is None for s in game.seats.all())
    assert Move.objects.filter(game=game, source="abort").get().payload == {
        "type": "abort", "reason": "timeout", "seat": 0,
    }


def test_moving_yourself_breaks_a_run_of_timeouts(alice, bob):
    game = new_game(alice, [bob])
    sweep(now=T0 + 3 * DAY)
    play(game, bob, T0 + 4 * DAY)
    play(game, alice, T0 + 5 * DAY)
    assert seat(game, 0).consecutive_timeouts == 0
    play(game, bob, T0 + 6 * DAY)
    assert sweep(now=T0 + 9 * DAY).forfeits == 0
    game.refresh_from_db()
    assert game.status == "active" and seat(game, 0).consecutive_timeouts == 1


def test_three_timeouts_forfeit_a_seat_of_a_bigger_game_which_keeps_being_played(alice, bob, carol):
    game = new_game(alice, [bob, carol], days=1)
    play(game, alice, T0)  # everyone has made a move of their own: a forfeit is not an abort
    play(game, bob, T0)
    play(game, carol, T0)
    now = T0
    for _turn in range(3):
        now += DAY
        assert sweep(now=now).timeouts == 1  # Alice's timeout
        play(game, bob, now + HOUR)
        play(game, carol, now + 2 * HOUR)
        now += 2 * HOUR
    game.refresh_from_db()
    assert game.status == "active"
    alice_seat = seat(game, 0)
    assert alice_seat.resigned and not alice_seat.to_act
    assert Move.objects.filter(game=game, source="resign").count() == 1
    # Her turns are now played at once by the engine's timeout move, so the others just play on.
    play(game, bob, now + HOUR)
    assert seat(game, 2).to_act
    play(game, carol, now + 2 * HOUR)
    assert Move.objects.filter(game=game, source="auto").count() >= 1
    assert seat(game, 1).to_act


# ---------------------------------------------------------------------------
# Vacations
# ---------------------------------------------------------------------------
def test_a_vacation_stops_the_clock_and_shifts_the_deadline_by_the_time_away(alice, bob):
    game = new_game(alice, [bob])
    sweep(now=TOLD_AT)
    vacation_book(user=alice, days=5, now=T0 + DAY)  # away from day 1 to day 6
    report = sweep(now=T0 + 3 * DAY)  # the old deadline passes while she is away
    assert report.timeouts == 0 and report.postponed == 1
    assert sweep(now=T0 + 6 * DAY).vacations_closed == 1
    assert seat(game, 0).deadline == T0 + 8 * DAY  # 3 days + 5 away
    assert sweep(now=T0 + 8 * DAY - timedelta(minutes=1)).timeouts == 0
    assert sweep(now=T0 + 8 * DAY).timeouts == 1


def test_a_deadline_that_began_during_the_vacation_shifts_only_by_the_part_it_ran(alice, bob):
    game = new_game(alice, [bob])
    vacation_book(user=bob, days=4, now=T0)  # Bob away from day 0 to day 4
    play(game, alice, T0 + DAY)  # Bob's 3 days start on day 1, three of them while away
    assert sweep(now=T0 + 4 * DAY).vacations_closed == 1  # its end comes round
    assert seat(game, 1).deadline == T0 + 4 * DAY + 3 * DAY


def test_switching_a_vacation_off_early_shifts_by_the_days_actually_away(alice, bob):
    game = new_game(alice, [bob])
    vacation_book(user=alice, days=10, now=T0 + DAY)
    with committed():  # the games hold the clocks when told that the vacation ended
        vacation_end(user=alice, now=T0 + 3 * DAY)
    assert seat(game, 0).deadline == T0 + 5 * DAY
    assert sweep(now=T0 + 5 * DAY).timeouts == 1


def test_moving_ends_a_vacation(alice, bob, django_capture_on_commit_callbacks):
    game = new_game(alice, [bob])
    vacation = vacation_book(user=alice, days=10, now=T0 + DAY)
    with django_capture_on_commit_callbacks(execute=True):
        play(game, alice, T0 + 2 * DAY)
    vacation.refresh_from_db()
    assert vacation.ended_at == T0 + 2 * DAY


def test_the_player_row_says_when_a_vacation_may_be_running_and_a_move_read_afresh_ends_it(alice, bob):
    # A move asks about vacations only once ``vacation_from`` has come (the move path's query count).
    game = new_game(alice, [bob])
    assert User.objects.get(pk=alice.pk).vacation_from is None
    cancelled = vacation_book(user=alice, days=2, starts_on=date(2026, 1, 10), now=T0)
    assert User.objects.get(pk=alice.pk).vacation_from == cancelled.starts_at
    vacation_end(user=alice, now=T0)  # cancelled before it began: settled at once
    assert User.objects.get(pk=alice.pk).vacation_from is None
    vacation = vacation_book(user=alice, days=10, now=T0 + DAY)
    play(game, User.objects.get(pk=alice.pk), T0 + 2 * DAY)  # the player as a request reads them
    vacation.refresh_from_db()
    assert vacation.ended_at == vacation.settled_at == T0 + 2 * DAY
    assert User.objects.get(pk=alice.pk).vacation_from is None


def test_a_challenge_to_a_player_on_vacation_is_refused_and_nothing_written(alice, bob):
    vacation_book(user=bob, days=3, now=T0)
    games = Game.objects.count()
    with pytest.raises(AppError) as refused:
        new_game(alice, [bob], now=T0 + DAY)
    assert refused.value.code == PLAYER_ON_VACATION
    assert refused.value.message.startswith("bob is on vacation until 2026-01-08 12:00")
    assert Game.objects.count() == games
    assert new_game(alice, [bob], now=T0 + 3 * DAY).status == "active"  # back


def test_an_unknown_time_control_is_refused_with_the_choices(alice, bob):
    with pytest.raises(GameError) as refused:
        new_game(alice, [bob], days=4)
    assert refused.value.code == BAD_OPTIONS
    assert refused.value.message == "Days per move must be one of [1, 2, 3, 5, 7, 10, 14]."
    assert Game.objects.count() == 0


# ---------------------------------------------------------------------------
# Interfaces: the command, the API, the game page
# ---------------------------------------------------------------------------
def test_the_command_sweeps_as_if_it_were_the_given_time(alice, bob, capsys):
    game = new_game(alice, [bob])
    call_command("sweep_deadlines", "--now", (T0 + 3 * DAY).isoformat())
    assert '"timeouts": 1' in capsys.readouterr().out
    assert Move.objects.filter(game=game, source="timeout").count() == 1


def test_the_command_reads_a_time_without_offset_as_utc_whatever_the_server_zone(alice, bob, settings, capsys):
    settings.TIME_ZONE = "Asia/Tokyo"
    game = new_game(alice, [bob])  # due 2026-01-08 12:00 UTC
    call_command("sweep_deadlines", "--now", "2026-01-08T11:59:00")
    assert Move.objects.filter(game=game, source="timeout").count() == 0
    call_command("sweep_deadlines", "--now", "2026-01-08T12:00:00")
    assert '"timeouts": 1' in capsys.readouterr().out.splitlines()[-1]


def test_the_command_refuses_a_bad_time(db):
    with pytest.raises(CommandError, match="--now must be an ISO 8601 time"):
        call_command("sweep_deadlines", "--now", "tomorrow")


def test_the_api_view_has_an_iso_deadline_per_seat(alice, bob, api_for):
    game = new_game(alice, [bob])
    seats = api_for(bob).get(f"/api/games/{game.pk}/").json()["seats"]
    assert [s["deadline"] for s in seats] == [(T0 + 3 * DAY).isoformat(), None]
    assert datetime.fromisoformat(seats[0]["deadline"]) == T0 + 3 * DAY


def test_the_game_page_shows_time_left_in_the_viewers_zone_and_who_is_away(alice, bob, client):
    from django.utils import timezone

    now = timezone.now().replace(microsecond=0)
    game = new_game(alice, [bob], now=now)
    vacation_book(user=alice, days=2, now=now)
    bob.time_zone = "Asia/Tokyo"
    bob.save()
    client.force_login(bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "on vacation until" in page
    deadline = Seat.objects.get(game=game, index=0).deadline
    due = timezone.localtime(deadline, zoneinfo.ZoneInfo("Asia/Tokyo")).strftime("%a %-d %b, %H:%M JST")
    assert f"due {due}" in page  # alice's clock, in the viewer's (bob's) zone
    assert 'id="game-clocks"' in page


def test_the_clocks_ask_about_vacations_only_once_a_players_row_says_one_has_begun(alice, bob, client):
    from django.utils import timezone

    now = timezone.now().replace(microsecond=0)
    game = new_game(alice, [bob], now=now)
    vacation_book(user=alice, days=2, starts_on=(now + 3 * DAY).date(), now=now)  # booked, not begun
    client.force_login(bob)
    client.get(f"/games/{game.pk}/")  # the first visit marks the turn seen
    with CaptureQueriesContext(connection) as read:
        page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="game-clocks"' in page and "on vacation until" not in page
    assert not [q for q in read.captured_queries if "accounts_vacation" in (q["sql"] or "")]
    # Once it has begun (her row says so from its first day), the page reads it and shows it.
    User.objects.filter(pk=alice.pk).update(vacation_from=now - DAY)
    alice.vacations.update(starts_at=now - DAY)
    assert "on vacation until" in client.get(f"/games/{game.pk}/").content.decode()


def test_the_dashboard_shows_my_time_left_and_due_time_in_my_zone(alice, bob, client):
    from django.utils import timezone

    now = timezone.now().replace(second=0, microsecond=0)
    game = new_game(alice, [bob], days=2, now=now)
    alice.time_zone = "Asia/Tokyo"
    alice.save()
    client.force_login(alice)
    page = client.get("/games/").content.decode()
    row = page[page.index(f'data-game="{game.pk}"'):].split("</tr>")[0]
    assert "JST" in row  # the due time in her zone
    assert "1\xa0day, 23\xa0hours" in row  # the time left


def test_cancelling_a_booked_vacation_leaves_the_clock_and_its_alerts_alone(alice, bob):
    game = new_game(alice, [bob])
    sweep(now=TOLD_AT)  # told; the next alert is the 80 % reminder
    alert_at = seat(game, 0).alert_at
    vacation_book(user=alice, days=5, starts_on=(T0 + 10 * DAY).date(), now=T0)
    vacation_end(user=alice, now=T0 + DAY)  # cancelled before it began
    assert (seat(game, 0).deadline, seat(game, 0).alert_at) == (T0 + 3 * DAY, alert_at)
    assert sweep(now=T0 + 3 * DAY).timeouts == 1
