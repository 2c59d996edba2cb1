"""Calm notifications: no "your move" while the player is here (site or game open), one e-mail per game
and turn only if the move is still unseen after ten minutes, none during quiet hours (the digest
covers them), opening a game marks it seen and its notifications read, and e-mail links use SITE_URL."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from accounts.quiet_hours import in_quiet_hours
from accounts.services import BAD_QUIET_HOURS, user_update_profile
from core.errors import AppError
from games import presence
from games import services as game_services
from games.clock import NOTICE_DELAY, Stage
from games.models import Seat
from notifications.digest import digests_send_due
from notifications.models import EmailState, Notification
from notifications.selectors import unread_count
from tests.helpers import committed, sweep

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
TOLD_AT = T0 + NOTICE_DELAY


def new_game(creator, opponents, now=T0, target=20):
    return game_services.game_create(creator=creator, kind="toy", opponents=opponents, seed=1, now=now,
                                     options={"target": target})


def play(game, user, now):
    game.refresh_from_db()
    with committed():
        game_services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": 1},
                                       version=game.version, idempotency_key=f"k{game.version}", now=now)


def here(user, game_id=None, channel="tab-1"):
    presence.presence_touch(user_id=user.pk, channel=channel, game_id=game_id)


# ---------------------------------------------------------------------------
# Presence
# ---------------------------------------------------------------------------
def test_a_player_with_the_site_open_gets_no_your_move_notice_or_email(alice, bob):
    here(alice)
    game = new_game(alice, [bob])
    sweep(now=TOLD_AT)
    assert Notification.objects.count() == 0 and mail.outbox == []
    # The turn counts as told: leaving the site later does not bring a late e-mail for it.
    assert Seat.objects.get(game=game, index=0).alert_stage == Stage.TOLD
    presence.presence_leave(user_id=alice.pk, channel="tab-1")
    sweep(now=TOLD_AT + timedelta(minutes=30))
    assert mail.outbox == []


def test_a_player_with_only_that_game_open_gets_no_notice_but_another_game_still_tells_them(alice, bob, carol):
    watched = new_game(alice, [bob])
    other = new_game(alice, [carol])
    here(alice, game_id=watched.pk)
    sweep(now=TOLD_AT)
    assert [(n.game_id, n.kind) for n in Notification.objects.filter(user=alice)] == [(other.pk, "your_move")]
    assert len(mail.outbox) == 1 and f"#{other.pk}" in mail.outbox[0].subject


def test_a_player_who_is_away_is_emailed_once_per_game_and_turn(alice, bob):
    here(bob)  # the opponent being here changes nothing for Alice
    new_game(alice, [bob])
    sweep(now=TOLD_AT)
    sweep(now=TOLD_AT + timedelta(minutes=5))
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    assert unread_count(user=alice) == 1


def test_presence_ends_when_the_socket_closes_or_stops_saying_so(alice, monkeypatch):
    here(alice, channel="a")
    here(alice, channel="b")  # two tabs
    presence.presence_leave(user_id=alice.pk, channel="a")
    assert presence.is_present(user_id=alice.pk)  # the other tab is still open
    clock = presence.time.time()
    monkeypatch.setattr(presence.time, "time", lambda: clock + presence.PRESENCE_TTL + 1)
    assert not presence.is_present(user_id=alice.pk)  # a crashed tab stops counting by itself


# ---------------------------------------------------------------------------
# Seen, read
# ---------------------------------------------------------------------------
def test_a_move_seen_within_ten_minutes_is_never_emailed_and_reminders_still_come(alice, bob, client):
    game = new_game(alice, [bob], target=100)
    client.force_login(alice)
    assert client.get(f"/games/{game.pk}/").status_code == 200  # she opens it, then closes it
    sweep(now=TOLD_AT)
    assert Notification.objects.count() == 0 and mail.outbox == []
    sweep(now=T0 + timedelta(days=3) - timedelta(hours=1))  # her last reminder stage, 2 hours before the deadline
    assert [(n.kind, n.params.get("hours")) for n in Notification.objects.filter(user=alice)] == [("reminder", 2)]


def test_a_spectator_opening_the_game_marks_nothing_seen(alice, bob, carol, client):
    game = new_game(alice, [bob])
    client.force_login(carol)
    client.get(f"/games/{game.pk}/")
    sweep(now=TOLD_AT)
    assert [n.kind for n in Notification.objects.filter(user=alice)] == ["your_move"]


def test_opening_a_game_marks_its_notifications_read_and_no_other(alice, bob, carol, client):
    first = new_game(alice, [bob])
    second = new_game(alice, [carol])
    sweep(now=TOLD_AT)
    assert unread_count(user=alice) == 2
    client.force_login(alice)
    client.get(f"/games/{first.pk}/")
    unread = Notification.objects.filter(user=alice, read_at__isnull=True)
    assert [n.game_id for n in unread] == [second.pk]


# ---------------------------------------------------------------------------
# A whole game
# ---------------------------------------------------------------------------
def test_a_20_move_game_between_two_players_online_sends_no_email(alice, bob):
    game = new_game(alice, [bob], target=100)
    here(alice)
    here(bob)
    now = T0
    players = [alice, bob]
    for number in range(20):
        now += NOTICE_DELAY * 2  # slow enough that every notice falls due between moves
        sweep(now=now)
        play(game, players[number % 2], now)
    sweep(now=now + NOTICE_DELAY)
    assert Seat.objects.get(game=game, index=0).to_act  # twenty moves played, the game still on
    assert mail.outbox == [] and Notification.objects.count() == 0


def test_the_same_game_with_the_opponent_away_emails_him_each_turn_he_has_not_seen(alice, bob):
    game = new_game(alice, [bob], target=100)
    here(alice)
    now = T0
    for number in range(6):
        now += NOTICE_DELAY * 2
        sweep(now=now)
        play(game, [alice, bob][number % 2], now)
    assert [m.to for m in mail.outbox] == [["bob@example.com"]] * 3


# ---------------------------------------------------------------------------
# Quiet hours
# ---------------------------------------------------------------------------
def set_quiet(user, start, end, zone="Europe/Amsterdam"):
    user.time_zone = zone
    user.save(update_fields=["time_zone"])
    user_update_profile(user=user, display_name="", time_zone=zone, language="en", quiet_from=start,
                        quiet_until=end)


def test_quiet_hours_cross_midnight_in_the_players_time_zone(alice):
    set_quiet(alice, 22, 7)
    assert in_quiet_hours(alice, datetime(2026, 1, 5, 21, 30, tzinfo=UTC))  # 22:30 in Amsterdam
    assert in_quiet_hours(alice, datetime(2026, 1, 6, 5, 59, tzinfo=UTC))  # 06:59
    assert not in_quiet_hours(alice, datetime(2026, 1, 6, 6, 0, tzinfo=UTC))  # 07:00
    assert not in_quiet_hours(alice, datetime(2026, 1, 5, 20, 59, tzinfo=UTC))  # 21:59
    set_quiet(alice, 13, 15)
    assert in_quiet_hours(alice, datetime(2026, 1, 5, 12, 0, tzinfo=UTC))  # 13:00
    assert not in_quiet_hours(alice, datetime(2026, 1, 5, 14, 0, tzinfo=UTC))  # 15:00


def test_no_email_during_quiet_hours_the_daily_digest_tells_instead(alice, bob):
    set_quiet(alice, 22, 7)
    night = datetime(2026, 1, 5, 22, 0, tzinfo=UTC)  # 23:00 in Amsterdam
    game = new_game(alice, [bob], now=night)
    sweep(now=night + NOTICE_DELAY)
    notice = Notification.objects.get(user=alice)
    assert mail.outbox == [] and notice.in_app and notice.email == EmailState.DIGEST
    with committed():
        assert digests_send_due(now=datetime(2026, 1, 6, 7, 0, tzinfo=UTC)) == 1  # 08:00, her digest hour
    [digest] = mail.outbox
    assert digest.subject == "Letterpost: 1 game awaits your move" and f"#{game.pk}" in digest.body
    assert digest.body.count(f"#{game.pk}") == 1  # listed once, not again as news
    Notification.objects.filter(pk=notice.pk, email=EmailState.SENT).get()


def test_outside_quiet_hours_the_email_goes_as_usual(alice, bob):
    set_quiet(alice, 22, 7)
    new_game(alice, [bob])  # 13:10 in Amsterdam when it falls due
    sweep(now=TOLD_AT)
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]


def test_the_profile_page_saves_quiet_hours_and_refuses_half_of_them(alice, client):
    client.force_login(alice)
    page = client.get("/accounts/profile/")
    assert "Quiet hours" in page.content.decode() and 'name="quiet_from"' in page.content.decode()
    base = {"display_name": "", "time_zone": "Europe/Amsterdam", "language": "en", "challenges_from_strangers": "on"}
    response = client.post("/accounts/profile/", {**base, "quiet_from": "22", "quiet_until": ""})
    assert "Choose both hours for quiet hours, or neither." in response.content.decode()
    alice.refresh_from_db()
    assert (alice.quiet_from, alice.quiet_until) == (None, None)
    client.post("/accounts/profile/", {**base, "quiet_from": "22", "quiet_until": "7"})
    alice.refresh_from_db()
    assert (alice.quiet_from, alice.quiet_until) == (22, 7)
    client.post("/accounts/profile/", {**base, "quiet_from": "", "quiet_until": ""})
    alice.refresh_from_db()
    assert (alice.quiet_from, alice.quiet_until) == (None, None)


@pytest.mark.parametrize("hours", [(22, None), (5, 5), (24, 7), (-1, 3)])
def test_the_profile_service_refuses_bad_quiet_hours_and_writes_nothing(alice, hours):
    with pytest.raises(AppError) as refused:
        user_update_profile(user=alice, display_name="Changed", time_zone="UTC", language="en",
                            quiet_from=hours[0], quiet_until=hours[1])
    assert refused.value.code == BAD_QUIET_HOURS
    alice.refresh_from_db()
    assert alice.display_name == "" and alice.quiet_from is None


# ---------------------------------------------------------------------------
# Links
# ---------------------------------------------------------------------------
def test_every_email_link_uses_site_url(alice, bob, settings):
    settings.SITE_URL = "http://127.0.0.1:8123"
    game = new_game(alice, [bob])
    sweep(now=TOLD_AT)
    [message] = mail.outbox
    for body in (message.body, message.alternatives[0][0], message.extra_headers["List-Unsubscribe"]):
        links = re.findall(r"https?://[^\s\"<>]+", body)
        links = [link for link in links if "w3.org" not in link]  # XML namespaces are not links
        assert links and all(link.startswith("http://127.0.0.1:8123/") for link in links), links
    assert f"http://127.0.0.1:8123/games/{game.pk}/" in message.body


def test_make_run_gives_the_server_its_own_address_for_links():
    import shutil
    import subprocess
    from pathlib import Path

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    repo = Path(__file__).resolve().parents[2]
    plan = subprocess.run(["make", "-n", "run", "HOST=127.0.0.1", "PORT=8123"], cwd=repo, capture_output=True,
                          text=True, check=True).stdout
    [serve] = [line for line in plan.splitlines() if "uvicorn" in line]
    assert "export SITE_URL=${SITE_URL:-http://127.0.0.1:8123};" in plan and "--port 8123" in serve


def test_the_quiet_hours_read_in_dutch(alice, client):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Rusturen" in page and "Geen e-mails tijdens deze uren" in page and "Zolang je Letterpost open hebt" in page
