"""The profile page's devices section (listed, tested, removed; the per-kind push switches), and the
installable app: the manifest linked from every page, and the service worker served from the root."""

import json
import re

import pytest

from notifications import push
from notifications.models import PUSH_DEFAULTS, NotificationPreference
from notifications.preferences import push_preferences_for
from notifications.vapid import vapid_keys_forget
from tests.helpers import committed
from tests.notifications.push_stub import BrowserKeys, PushServiceStub, stub_allowed

pytestmark = pytest.mark.django_db

CHROME_ANDROID = ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 "
                  "Mobile Safari/537.36")


def add_device(user, endpoint="https://fcm.googleapis.com/fcm/send/a", user_agent=CHROME_ANDROID):
    keys = BrowserKeys()
    device, _ = push.push_subscription_save(user=user, endpoint=endpoint, p256dh=keys.p256dh,
                                            auth=keys.subscription("x")["keys"]["auth"], user_agent=user_agent)
    return device, keys


def test_the_profile_lists_the_players_devices_with_their_buttons_and_switches(alice, bob, client):
    mine, _ = add_device(alice)
    add_device(bob, "https://updates.push.services.mozilla.com/wpush/v2/b", user_agent="")
    client.force_login(alice)
    page = client.get("/accounts/profile/").content.decode()
    start = page.index('<section class="push-devices" id="devices"')
    section = page[start:page.index("</section>", start)]
    assert "Chrome on Android" in section and "fcm.googleapis.com" in section
    assert "mozilla" not in section  # Bob's device is his alone
    assert f'action="/notifications/devices/{mine.pk}/test/"' in section
    assert f'action="/notifications/devices/{mine.pk}/remove/"' in section
    assert 'id="push-enable" hidden' in section  # shown by the page script, which asks only on a click
    # A switch per kind: your move, a challenge, game over, a deadline near, league news (and timeouts).
    assert set(re.findall(r'name="push" value="(\w+)"', section)) == {
        "your_move", "challenge", "game_over", "reminder", "league_news", "timeout"}
    checked = set(re.findall(r'name="push" value="(\w+)" checked', section))
    assert checked == {kind for kind, on in PUSH_DEFAULTS.items() if on}
    # The section comes after the profile form, not inside it.
    assert page.index("</form>") < page.index('id="devices"')


def test_the_switches_save_per_kind(alice, client):
    client.force_login(alice)
    answer = client.post("/notifications/devices/switches/", {"push": ["challenge", "game_over"]})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/profile/#devices"
    assert push_preferences_for([alice.pk])[alice.pk] == {
        "your_move": False, "reminder": False, "timeout": False, "game_over": True, "league_news": False,
        "challenge": True}
    # The in-app and e-mail choices of those rows are left as they were.
    assert {(p.in_app, p.email) for p in NotificationPreference.objects.filter(user=alice)} == {(True, "each")}


def test_the_in_app_and_email_preferences_leave_the_push_switches_alone(alice, client):
    from notifications.services import preferences_update

    push.push_preferences_update(user=alice, choices={"game_over": True})
    preferences_update(user=alice, choices={"game_over": (False, "off"), "your_move": (True, "digest")}, digest_hour=8)
    prefs = push_preferences_for([alice.pk])[alice.pk]
    assert prefs["game_over"] is True and prefs["your_move"] is True  # your_move: still its default


def test_the_test_button_pushes_to_that_device(alice, client, settings):
    vapid_keys_forget()
    stub_allowed(settings)
    with PushServiceStub() as stub:
        device, keys = add_device(alice, stub.endpoint())
        client.force_login(alice)
        with committed():
            answer = client.post(f"/notifications/devices/{device.pk}/test/")
        assert answer.status_code == 302
        assert keys.decrypt(stub.received[0])["kind"] == "test"


def test_test_notifications_are_limited_to_five_a_minute(alice):
    from core.errors import AppError
    from core.models import EventRecord

    device, _keys = add_device(alice)
    for _ in range(5):
        push.push_test_request(user=alice, subscription_id=device.pk)
    with pytest.raises(AppError) as refused:
        push.push_test_request(user=alice, subscription_id=device.pk)
    assert refused.value.code == "RATE_LIMITED" and EventRecord.objects.count() == 5


def test_the_remove_button_removes_only_ones_own(alice, bob, client):
    mine, _ = add_device(alice)
    theirs, _ = add_device(bob, "https://fcm.googleapis.com/fcm/send/b")
    client.force_login(alice)
    client.post(f"/notifications/devices/{theirs.pk}/remove/")
    client.post(f"/notifications/devices/{mine.pk}/remove/")
    assert list(alice.push_subscriptions.all()) == [] and bob.push_subscriptions.count() == 1
    assert client.get(f"/notifications/devices/{mine.pk}/remove/").status_code == 405


def test_every_page_links_the_manifest_and_the_manifest_describes_the_app(client, alice, bob):
    from games import services

    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    pages = []
    for signed_in, paths in ((False, ("/", "/rules/", "/accounts/login/", "/accounts/signup/")),
                             (True, ("/games/", f"/games/{game.pk}/", "/accounts/profile/", "/notifications/",
                                     "/games/new/"))):
        if signed_in:
            client.force_login(alice)
        for path in paths:
            answer = client.get(path)
            assert answer.status_code == 200, path
            pages.append((path, answer.content.decode()))
    for path, html in pages:
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, path
        assert 'src="/static/js/app.js"' in html, path
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["name"] == "Letterpost" and manifest["short_name"] == "Letterpost"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    # The browser's bar takes the page's colour before the app is installed, the manifest's after.
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in pages[0][1]
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        png = client.get(icon["src"])
        body = b"".join(png.streaming_content) if png.streaming else png.content
        size = int(icon["sizes"].split("x")[0])
        assert body[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(body[16:20]) == size


def test_the_service_worker_is_served_from_the_root(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript") and answer["Service-Worker-Allowed"] == "/"
    script = answer.content.decode()
    assert 'addEventListener("push"' in script and 'addEventListener("notificationclick"' in script
    assert "/static/icons/icon-192.png" in script


def test_the_body_says_whether_to_chime(alice, client):
    client.force_login(alice)
    assert "data-sound-on-move" not in client.get("/rules/").content.decode()
    alice.sound_on_move = True
    alice.save()
    assert 'data-sound-on-move="1"' in client.get("/rules/").content.decode()
