"""Web Push end to end, against a local push-service stub: what the game events push, encrypted to the
browser's keys and signed with the site's VAPID key; never a secret of the game; the calm rules (away and
unseen, quiet hours, the player's switches); and what the push service's answers do to a device
(404/410 remove it, 429/5xx are tried again with backoff, other refusals are recorded)."""

import base64
import json
from datetime import UTC, datetime, timedelta

import pytest
from py_vapid import Vapid02

from core.events import deliver
from core.models import EventRecord
from engines import registry
from engines.base import find_leaks
from games import presence
from games import services as game_services
from games.clock import NOTICE_DELAY
from games.services.challenges import challenge_create
from notifications import push, services
from notifications.events import PushQueued
from notifications.models import Notification, PushState, PushSubscription
from notifications.push_delivery import push_send
from notifications.vapid import vapid_keys, vapid_keys_forget
from tests.helpers import committed, sweep
from tests.notifications.push_stub import BrowserKeys, PushServiceStub, stub_allowed

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def push_to_the_stub(settings):
    stub_allowed(settings)
    settings.WEBPUSH_SUBJECT = "mailto:ops@letterpost.example"
    vapid_keys_forget()  # this test's database makes its own pair
    yield
    vapid_keys_forget()


@pytest.fixture
def retried_at_once(monkeypatch):
    """Run a task's retries as a worker would, but at once, recording the delay each one asked for.
    (The suite's eager tasks propagate errors, and so would raise the retry instead of running it.)"""
    from config.celery import app
    from notifications.tasks import push_deliver

    asked = []
    retry = push_deliver.retry

    def recording(*args, **kwargs):
        asked.append(kwargs.get("countdown"))
        return retry(*args, **kwargs)

    monkeypatch.setattr(push_deliver, "retry", recording)
    before = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield asked
    app.conf.task_eager_propagates = before


@pytest.fixture
def stub():
    with PushServiceStub() as running:
        yield running


def subscribe(user, stub, name="phone"):
    keys = BrowserKeys()
    body = keys.subscription(stub.endpoint(name))
    device, _ = push.push_subscription_save(user=user, endpoint=body["endpoint"], p256dh=body["keys"]["p256dh"],
                                            auth=body["keys"]["auth"])
    return device, keys


def toy_game(creator, opponents, now=T0):
    return game_services.game_create(creator=creator, kind="toy", opponents=opponents, seed=1, now=now,
                                     options={"target": 20})


def no_secret_in(payload: dict, game) -> None:
    """Nothing the engine hides from anyone (every rack, hand, card, the bag, a Spell term) is in it."""
    game.refresh_from_db()
    secrets = registry.get(game.kind).hidden_from(game.state, None)
    assert secrets, "the check would be vacuous"
    assert find_leaks(secrets, payload) == []
    text = " ".join(str(v) for v in payload.values()).lower()
    for secret in secrets:
        if isinstance(secret, str) and len(secret) > 2:
            assert secret.lower() not in text


# ---------------------------------------------------------------------------
# What is pushed, and what it carries
# ---------------------------------------------------------------------------
def test_a_challenge_received_is_pushed_at_once_encrypted_signed_and_without_a_secret(alice, bob, stub):
    _device, keys = subscribe(bob, stub)
    with committed():
        game = challenge_create(creator=alice, kind="toy", opponents=[bob], seed=4)
    (received,) = stub.received
    assert received.path == "/push/phone"
    payload = keys.decrypt(received)
    assert payload == {
        "title": f"alice challenges you to Toy #{game.pk}",
        "body": f"alice challenges you to Toy #{game.pk}. Accept or decline it on the game page.",
        "url": f"/games/{game.pk}/", "tag": f"game-{game.pk}", "kind": "challenge",
    }  # all it carries: no state of the game (which has none before it starts)
    # Signed with the site's VAPID key for this push service (RFC 8292): the key the page subscribed with.
    authorization = received.headers["authorization"]
    assert Vapid02.verify(authorization)
    parts = dict(part.split("=", 1) for part in authorization.split(" ", 1)[1].split(","))
    assert parts["k"] == vapid_keys().public_key
    claims = json.loads(base64.urlsafe_b64decode(parts["t"].split(".")[1] + "=="))
    assert claims["aud"] == stub.base and claims["sub"] == "mailto:ops@letterpost.example"
    assert int(received.headers["ttl"]) > 0
    assert PushSubscription.objects.get(user=bob).last_success_at is not None


def test_your_move_is_pushed_once_unseen_after_ten_minutes_to_an_away_player(alice, bob, stub):
    _device, keys = subscribe(alice, stub)
    game = toy_game(alice, [bob])
    sweep(now=T0 + NOTICE_DELAY - timedelta(minutes=1))
    assert stub.received == []  # the turn is only nine minutes old
    sweep(now=T0 + NOTICE_DELAY)
    sweep(now=T0 + NOTICE_DELAY + timedelta(minutes=1))
    (received,) = stub.received
    payload = keys.decrypt(received)
    assert payload["title"] == f"Your move in Toy #{game.pk}"
    assert payload["body"].startswith(f"Your move in Toy #{game.pk} — due by ")
    assert payload["url"] == f"/games/{game.pk}/" and payload["kind"] == "your_move"
    no_secret_in(payload, game)


def test_a_sweeps_turn_notices_make_one_push_per_player_not_one_per_game(alice, bob, carol, stub):
    _device, keys = subscribe(alice, stub)
    games = [toy_game(alice, [opponent]) for opponent in (bob, carol, bob)]
    sweep(now=T0 + NOTICE_DELAY)
    (received,) = stub.received
    payload = keys.decrypt(received)
    assert payload["title"] == "Your move in 3 games" and payload["url"] == "/games/"
    assert payload["body"] == ", ".join(f"Toy #{game.pk}" for game in games)
    assert Notification.objects.filter(user=alice, push=PushState.SENT).count() == 3


def test_a_player_with_the_site_open_is_not_pushed_their_move(alice, bob, stub):
    subscribe(alice, stub)
    presence.presence_touch(user_id=alice.pk, channel="tab", game_id=None)
    toy_game(alice, [bob])
    sweep(now=T0 + NOTICE_DELAY)
    assert stub.received == []


def test_nothing_is_pushed_during_quiet_hours(alice, bob, stub):
    alice.quiet_from, alice.quiet_until = 11, 13  # T0 is noon in her time zone (UTC)
    alice.time_zone = "UTC"
    alice.save()
    subscribe(alice, stub)
    toy_game(alice, [bob])
    sweep(now=T0 + NOTICE_DELAY)
    assert stub.received == []
    assert Notification.objects.get(user=alice).push == PushState.NONE


def test_in_quiet_hours_a_reminder_whose_time_runs_out_before_they_end_is_pushed_still(alice, stub):
    alice.quiet_from, alice.quiet_until, alice.time_zone = 11, 13, "UTC"
    alice.save()
    _device, keys = subscribe(alice, stub)

    def reminder(game, runs_out):
        return {"user_id": alice.pk, "kind": "reminder", "game_id": None,
                "params": {"game": game, "game_kind": "toy", "deadline": runs_out.isoformat(),
                           "timeout_at": runs_out.isoformat()}}

    with committed():
        services.notify_many([reminder(1, T0 + timedelta(minutes=30))], now=T0)  # before 13:00: now or never
        services.notify_many([reminder(2, T0 + timedelta(hours=5))], now=T0)  # can wait for the morning
    (received,) = stub.received
    assert keys.decrypt(received)["kind"] == "reminder" and "#1" in keys.decrypt(received)["title"]


def test_a_kind_switched_off_is_not_pushed_and_game_over_is_off_unless_switched_on(alice, bob, stub):
    subscribe(alice, stub)
    push.push_preferences_update(user=alice, choices={"your_move": False})
    toy_game(alice, [bob])
    sweep(now=T0 + NOTICE_DELAY)
    services.notify(user=alice, kind="game_over", params={"game": 1, "game_kind": "toy"})
    assert stub.received == []
    push.push_preferences_update(user=alice, choices={"game_over": True})
    with committed():
        services.notify(user=alice, kind="game_over", params={"game": 2, "game_kind": "toy"})
    assert len(stub.received) == 1


def test_a_notice_only_pushed_is_stored_out_of_the_bell(alice, stub):
    from notifications.models import NotificationPreference

    _device, keys = subscribe(alice, stub)
    NotificationPreference.objects.create(user=alice, kind="league_news", in_app=False, email="off", push=True)
    with committed():
        (row,) = services.notify(user=alice, kind="league_news", params={"text": "Season 3 starts on Monday."})
    assert not row.in_app and keys.decrypt(stub.received[0])["body"] == "Season 3 starts on Monday."


def test_every_device_of_the_player_is_pushed_and_other_players_devices_are_not(alice, bob, stub):
    subscribe(bob, stub, "phone")
    subscribe(bob, stub, "laptop")
    subscribe(alice, stub, "alices")
    with committed():
        challenge_create(creator=alice, kind="toy", opponents=[bob], seed=4)
    assert sorted(r.path for r in stub.received) == ["/push/laptop", "/push/phone"]


def test_an_event_delivered_twice_pushes_once(alice, stub):
    subscribe(alice, stub)
    with committed():
        (row,) = services.notify(user=alice, kind="challenge", params={"game": 1, "game_kind": "toy", "player": "x"})
    record = EventRecord.objects.get(topic=PushQueued.topic())
    EventRecord.objects.filter(pk=record.pk).update(sent_at=None)
    with committed():
        deliver([record.pk])
    assert len(stub.received) == 1
    assert Notification.objects.get(pk=row.pk).push == PushState.SENT


def test_a_device_now_signed_in_as_another_player_is_not_sent_the_first_ones_notice(alice, bob, stub):
    device, keys = subscribe(alice, stub)
    notice = services.notify_many([{"user_id": alice.pk, "kind": "challenge", "params": {"game": 1}}])[0]
    push.push_subscription_save(user=bob, endpoint=device.endpoint, p256dh=keys.p256dh,
                                auth=keys.subscription("x")["keys"]["auth"])
    assert push_send(subscription_id=device.pk, notification_ids=[notice.pk]) == "skipped"
    assert stub.received == []


def test_a_crossword_rack_and_a_spell_term_never_travel_in_a_push(alice, bob, stub, monkeypatch):
    from lexicons.term_decks import starter_deck_load
    from tests.games.crossword.conftest import WORDS
    from tests.games.helpers import stand_in_lexicons

    stand_in_lexicons(monkeypatch, WORDS)
    starter_deck_load(language="en")
    keys = {f"/push/{user.username}": subscribe(user, stub, user.username)[1] for user in (alice, bob)}
    later = T0 + timedelta(hours=1)  # two sweeps: each game its own push, not a batch of two
    crossword = game_services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7, now=T0)
    sweep(now=T0 + NOTICE_DELAY)  # "your move" to whoever is to act
    spell = game_services.game_create(creator=alice, kind="spell", opponents=[bob], seed=5, now=later)
    sweep(now=later + NOTICE_DELAY)
    payloads = {payload["url"]: payload for payload in (keys[r.path].decrypt(r) for r in stub.received)}
    assert set(payloads) == {f"/games/{crossword.pk}/", f"/games/{spell.pk}/"}
    for game in (crossword, spell):
        no_secret_in(payloads[f"/games/{game.pk}/"], game)
    crossword.refresh_from_db()
    assert all("".join(rack["tiles"]) not in payloads[f"/games/{crossword.pk}/"]["body"]
               for rack in crossword.state["racks"])


def test_the_test_notification_reaches_the_chosen_device(alice, stub):
    device, keys = subscribe(alice, stub)
    with committed():
        push.push_test_request(user=alice, subscription_id=device.pk)
    payload = keys.decrypt(stub.received[0])
    assert payload["kind"] == "test" and payload["url"] == "/accounts/profile/#devices"


# ---------------------------------------------------------------------------
# What the push service's answer does
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_says_is_gone_is_removed(alice, stub, status):
    stub.script = [status]
    subscribe(alice, stub)
    with committed():
        services.notify(user=alice, kind="challenge", params={"game": 1, "game_kind": "toy", "player": "x"})
    assert len(stub.received) == 1 and not PushSubscription.objects.exists()


@pytest.mark.parametrize("status", [429, 500, 503])
def test_a_busy_push_service_is_tried_again_with_backoff(alice, stub, status, retried_at_once):
    stub.script = [status, status]
    _device, keys = subscribe(alice, stub)
    with committed():
        services.notify(user=alice, kind="challenge", params={"game": 1, "game_kind": "toy", "player": "x"})
    assert len(stub.received) == 3  # two refusals, then taken
    assert keys.decrypt(stub.received[2])["kind"] == "challenge"
    device = PushSubscription.objects.get()
    assert device.last_success_at is not None and device.last_error == ""
    # Waits drawn up to 30 s, then up to 60 s (exponential backoff with jitter).
    assert len(retried_at_once) == 2 and 0 <= retried_at_once[0] <= 30 and 0 <= retried_at_once[1] <= 60


def test_retries_end_after_six_with_the_device_kept_and_the_failure_recorded(alice, stub, retried_at_once):
    stub.script = [503] * 20
    subscribe(alice, stub)
    with committed():
        services.notify(user=alice, kind="challenge", params={"game": 1, "game_kind": "toy", "player": "x"})
    assert len(stub.received) == 7  # the first try and six retries (eager here: no wait between them)
    device = PushSubscription.objects.get()
    assert device.last_error == "503" and device.last_failure_at is not None and device.last_success_at is None


@pytest.mark.parametrize("status", [400, 403, 413])
def test_other_refusals_are_recorded_not_retried(alice, stub, status):
    stub.script = [status]
    subscribe(alice, stub)
    with committed():
        services.notify(user=alice, kind="challenge", params={"game": 1, "game_kind": "toy", "player": "x"})
    assert len(stub.received) == 1
    assert PushSubscription.objects.get().last_error == str(status)


def test_a_redirect_is_not_followed(alice, stub):
    stub.script = [307]
    subscribe(alice, stub)
    with committed():
        services.notify(user=alice, kind="challenge", params={"game": 1, "game_kind": "toy", "player": "x"})
    assert len(stub.received) == 1  # and nothing went to the address it named
    assert PushSubscription.objects.get().last_error == "307"
