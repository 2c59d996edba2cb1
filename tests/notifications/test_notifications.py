"""Notifications: preferences honoured per kind and channel, e-mails in the reader's language with an
unforgeable one-click unsubscribe link, the daily digest, the bell and the pages."""

from datetime import UTC, datetime, timedelta

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import mail, signing

from games import services as game_services
from games.clock import NOTICE_DELAY
from notifications import services
from notifications.delivery import emails_deliver
from notifications.digest import digests_send_due, next_digest_at
from notifications.emails import read_unsubscribe_token, unsubscribe_token
from notifications.models import DigestSchedule, EmailState, Notification, NotificationPreference
from notifications.selectors import unread_count
from tests.helpers import sweep

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
# "Your move" goes out when the turn is still unseen this long after it began.
TOLD_AT = T0 + NOTICE_DELAY


def new_game(creator, opponents, now=T0, seed=1):
    return game_services.game_create(creator=creator, kind="toy", opponents=opponents, seed=seed, now=now)


def deliver():
    emails_deliver(notification_ids=list(Notification.objects.values_list("pk", flat=True)))


def set_pref(user, kind, in_app, email):
    NotificationPreference.objects.update_or_create(user=user, kind=kind, defaults={"in_app": in_app, "email": email})


# ---------------------------------------------------------------------------
# Preferences
# ---------------------------------------------------------------------------
def test_by_default_your_move_is_shown_and_emailed_once(alice, bob):
    new_game(alice, [bob])
    sweep(now=TOLD_AT)
    deliver()
    deliver()  # a retried task sends nothing twice
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    assert mail.outbox[0].subject == f"Your move in Toy #{Notification.objects.get().game_id}"
    assert unread_count(user=alice) == 1


def test_a_kind_switched_off_stores_and_sends_nothing(alice, bob):
    set_pref(alice, "your_move", False, "off")
    new_game(alice, [bob])
    sweep(now=TOLD_AT)
    deliver()
    assert Notification.objects.count() == 0 and mail.outbox == []


def test_email_only_is_sent_but_not_shown_in_the_app(alice, bob, client):
    set_pref(alice, "your_move", False, "each")
    new_game(alice, [bob])
    sweep(now=TOLD_AT)
    deliver()
    assert len(mail.outbox) == 1 and unread_count(user=alice) == 0
    client.force_login(alice)
    assert "Your move in" not in client.get("/notifications/").content.decode()


def test_digest_kinds_wait_for_the_digest(alice, bob):
    set_pref(alice, "your_move", True, "digest")
    new_game(alice, [bob])
    sweep(now=TOLD_AT)
    deliver()
    assert mail.outbox == []
    assert Notification.objects.get(user=alice).email == EmailState.DIGEST
    assert DigestSchedule.objects.get(user=alice).next_at == datetime(2026, 1, 6, 8, 0, tzinfo=UTC)


def test_the_preferences_page_saves_every_kind_and_the_digest_hour(alice, client):
    client.force_login(alice)
    assert client.get("/notifications/preferences/").status_code == 200
    data = {f"{k}_email": "off" for k in ["your_move", "reminder", "timeout", "game_over", "league_news", "challenge"]}
    data.update({"your_move_in_app": "on", "your_move_email": "digest", "digest_hour": "7"})
    assert client.post("/notifications/preferences/", data).status_code == 302
    prefs = services.preferences_for([alice.pk])[alice.pk]
    assert prefs["your_move"] == (True, "digest") and prefs["reminder"] == (False, "off")
    assert DigestSchedule.objects.get(user=alice).hour == 7


def test_bad_preferences_are_refused_and_nothing_written(alice, client):
    client.force_login(alice)
    response = client.post("/notifications/preferences/", {"your_move_email": "sometimes", "digest_hour": "25"})
    assert response.status_code == 200
    assert NotificationPreference.objects.count() == 0 and DigestSchedule.objects.count() == 0
    with pytest.raises(services.NotificationError) as refused:
        services.preferences_update(user=alice, choices={"your_move": (True, "each")}, digest_hour=24)
    assert refused.value.code == "BAD_PREFERENCE"
    assert NotificationPreference.objects.count() == 0


# ---------------------------------------------------------------------------
# E-mails: language, time zone, unsubscribe
# ---------------------------------------------------------------------------
def test_emails_use_the_readers_language_and_time_zone(alice, bob):
    alice.language, alice.time_zone = "nl", "America/New_York"
    alice.save()
    new_game(alice, [bob])
    sweep(now=TOLD_AT)
    deliver()
    message = mail.outbox[0]
    assert message.extra_headers["Content-Language"] == "nl"
    assert '<html lang="nl">' in message.alternatives[0][0]
    assert "07:00 (EST)" in message.body  # T0 + 3 days = 8 Jan 12:00 UTC = 07:00 in New York


def test_every_email_has_a_one_click_unsubscribe_link_and_header(alice, bob, client):
    new_game(alice, [bob])
    sweep(now=TOLD_AT)
    deliver()
    message = mail.outbox[0]
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link in message.body
    path = link.removeprefix(settings.SITE_URL)
    response = client.post(path)  # what a mail client's one-click button does, without a session
    assert response.status_code == 200
    assert services.preferences_for([alice.pk])[alice.pk]["your_move"] == (True, "off")


def test_following_the_unsubscribe_link_asks_and_changes_nothing_until_the_button(alice, client):
    """Mail scanners and prefetchers follow every link: a GET only asks."""
    url = f"/notifications/unsubscribe/{unsubscribe_token(alice.pk, 'your_move')}/"
    for _ in range(2):
        page = client.get(url)
        assert page.status_code == 200
        html = page.content.decode()
        assert '<form method="post">' in html and "Unsubscribe</button>" in html
    assert client.head(url).status_code == 200
    assert client.put(url).status_code == 405
    assert NotificationPreference.objects.count() == 0
    assert "You will no longer receive" in client.post(url).content.decode()
    assert services.preferences_for([alice.pk])[alice.pk]["your_move"] == (True, "off")


def test_unsubscribe_links_cannot_be_forged(alice, bob, client):
    genuine = unsubscribe_token(alice.pk, "your_move")
    assert read_unsubscribe_token(genuine) == (alice.pk, "your_move")
    payload, _, signature = genuine.partition(":")
    forged = [
        signing.dumps({"u": bob.pk, "k": "your_move"}, salt="another-purpose"),  # signed for something else
        signing.dumps({"u": bob.pk, "k": "your_move"}, key="not-our-secret", salt="notifications.unsubscribe"),
        genuine.replace(payload, signing.b64_encode(f'{{"u":{bob.pk},"k":"your_move"}}'.encode()).decode()),
        genuine[:-2] + ("AA" if not genuine.endswith("AA") else "BB"),
        "nonsense",
    ]
    for token in forged:
        assert read_unsubscribe_token(token) is None
        assert client.get(f"/notifications/unsubscribe/{token}/").status_code == 400
        assert client.post(f"/notifications/unsubscribe/{token}/").status_code == 400
    assert NotificationPreference.objects.count() == 0
    assert client.post(f"/notifications/unsubscribe/{genuine}/").status_code == 200
    assert list(NotificationPreference.objects.filter(email="off").values_list("user_id", "kind")) == [
        (alice.pk, "your_move")
    ]


# ---------------------------------------------------------------------------
# The daily digest
# ---------------------------------------------------------------------------
def test_the_digest_lists_every_game_awaiting_soonest_deadline_first_at_the_chosen_local_hour(
    alice, bob, carol
):
    alice.time_zone = "Europe/Amsterdam"
    alice.save()
    services.preferences_update(user=alice, choices={"your_move": (True, "digest")}, digest_hour=9, now=T0)
    late = new_game(alice, [bob], now=T0)  # due 8 Jan 12:00 UTC
    soon = new_game(carol, [alice], now=T0 - DAY)
    game_services.game_submit_move(game_id=soon.pk, user=carol, move={"type": "add", "n": 1}, version=1,
                                   idempotency_key="c", now=T0 - DAY)  # Alice's due 7 Jan 12:00 UTC
    new_game(bob, [alice], now=T0)  # Bob's move: not awaiting Alice
    schedule = DigestSchedule.objects.get(user=alice)
    assert schedule.next_at == datetime(2026, 1, 6, 8, 0, tzinfo=UTC)  # 09:00 in Amsterdam
    assert digests_send_due(now=datetime(2026, 1, 6, 7, 59, tzinfo=UTC)) == 0
    assert digests_send_due(now=datetime(2026, 1, 6, 8, 0, tzinfo=UTC)) == 1
    assert digests_send_due(now=datetime(2026, 1, 6, 8, 5, tzinfo=UTC)) == 0  # once a day
    body = mail.outbox[0].body
    assert mail.outbox[0].subject == "Letterpost: 2 games await your move"
    assert body.index(f"Toy #{soon.pk}") < body.index(f"Toy #{late.pk}")
    assert "Wed 7 Jan, 13:00 CET" in body and "Thu 8 Jan, 13:00 CET" in body
    assert "/notifications/unsubscribe/" in body and mail.outbox[0].extra_headers["List-Unsubscribe"]
    schedule.refresh_from_db()
    assert schedule.next_at == datetime(2026, 1, 7, 8, 0, tzinfo=UTC)


def test_next_digest_time_follows_daylight_saving(alice):
    alice.time_zone = "Europe/Amsterdam"
    assert next_digest_at(alice, 9, after=datetime(2026, 3, 28, 12, tzinfo=UTC)) == datetime(
        2026, 3, 29, 7, 0, tzinfo=UTC
    )  # summer time began that night


# ---------------------------------------------------------------------------
# In the app: the bell, the list, marking read
# ---------------------------------------------------------------------------
def test_the_list_shows_notifications_and_marks_them_read_one_or_all(alice, bob, carol, client):
    new_game(alice, [bob], seed=1)
    new_game(alice, [carol], seed=2)
    sweep(now=TOLD_AT)
    client.force_login(alice)
    page = client.get("/notifications/").content.decode()
    assert page.count("Your move in Toy #") == 2
    assert 'id="notification-badge" class="badge" data-count="2"' in page
    first = Notification.objects.filter(user=alice).first()
    client.post(f"/notifications/{first.pk}/read/")
    assert unread_count(user=alice) == 1
    other = Notification.objects.create(user=bob, kind="league_news", params={"text": "hi"})
    assert client.post(f"/notifications/{other.pk}/read/").status_code == 302
    other.refresh_from_db()
    assert other.read_at is None  # not Alice's
    client.post("/notifications/read-all/")
    assert unread_count(user=alice) == 0


def test_league_news_reads_as_given(alice, client):
    services.notify(user=alice, kind="league_news", params={"text": "Season 2 starts Monday."})
    client.force_login(alice)
    assert "Season 2 starts Monday." in client.get("/notifications/").content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_bell_updates_live(alice, bob, sockets):
    sock = await sockets.open("/ws/me/", alice)
    await sync_to_async(services.notify)(user=alice, kind="league_news", params={"text": "x"})
    message = await sock.receive_json_from(timeout=3)
    assert message == {"type": "notifications", "unread": 1}
    await sync_to_async(services.notification_mark_all_read)(user=alice)
    assert await sock.receive_json_from(timeout=3) == {"type": "notifications", "unread": 0}


def test_after_unsubscribing_from_the_digest_no_further_digest_is_sent(alice, bob):
    set_pref(alice, "your_move", True, "digest")
    new_game(alice, [bob])  # a game awaiting Alice, and her "your move" held for the digest
    sweep(now=TOLD_AT)
    services.email_unsubscribe(user_id=alice.pk, kind="digest")
    assert digests_send_due(now=T0 + 2 * DAY) == 0
    assert mail.outbox == [] and DigestSchedule.objects.get(user=alice).next_at is None
