"""The installable app and Web Push in Chromium: the manifest and the service worker install; a push the
site sent (to a local push-service stub, decrypted there as the browser would) delivered to the service
worker through DevTools shows its notification, and a click on it brings the open tab to the game; the
"Notify me on this device" button asks for permission only when clicked, subscribes and registers the
device, whose test button then pushes; an open page counts the games awaiting your move in its title
and chimes when it becomes your move (only with the profile's switch on).

Headless Chromium cannot reach a real push service, so the page's ``pushManager.subscribe`` answers with
a subscription the test made (its keys are the test's), and the notification's click is dispatched in the
service worker (DevTools has no way to click one)."""

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.helpers import SHOTS, in_thread, page_for, session_cookie
from tests.notifications.push_stub import BrowserKeys, PushServiceStub, stub_allowed

pytestmark = pytest.mark.browser


@pytest.fixture
def stub(settings):
    from notifications.vapid import vapid_keys_forget

    stub_allowed(settings)
    vapid_keys_forget()
    with PushServiceStub() as running:
        yield running
    vapid_keys_forget()


@pytest.fixture
def players(live_url, make_user):
    """Ann and Ben, with a toy game where Ann is to move; signed-in cookies for both."""
    from games import services

    ann, ben = make_user(username="ann"), make_user(username="ben")
    game = services.game_create(creator=ann, kind="toy", opponents=[ben], seed=3, options={"target": 500})
    return {"ann": ann, "ben": ben, "game": game,
            "cookies": {u.username: session_cookie(u, live_url) for u in (ann, ben)}}


def worker_ready(page):
    """The service worker controls the page (it claims open pages when it activates)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=10000)


def registration_id(page, live_url) -> str:
    cdp = page.context.new_cdp_session(page)
    found = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: found.extend(r["registrationId"] for r in event["registrations"]
                                      if r["scopeURL"] == f"{live_url}/" and not r.get("isDeleted")))
    cdp.send("ServiceWorker.enable")
    page.wait_for_timeout(300)
    assert found, "no service worker registration for the site's root"
    return cdp, found[-1]


def test_the_app_installs_and_a_pushed_notice_opens_the_game(players, stub, new_page, live_url):
    from notifications import push

    keys = BrowserKeys()
    ann, game = players["ann"], players["game"]
    body = keys.subscription(stub.endpoint("ann"))
    in_thread(push.push_subscription_save, user=ann, endpoint=body["endpoint"], p256dh=body["keys"]["p256dh"],
              auth=body["keys"]["auth"])

    # Ann is away, her move unseen: the sweep tells her, and the site pushes it to her device.
    from games.services.deadlines import sweep

    in_thread(lambda: sweep(now=timezone.now() + timedelta(minutes=30)))
    (received,) = stub.received
    payload = keys.decrypt(received)
    assert payload["url"] == f"/games/{game.pk}/"

    # Back at her computer, a tab of the site open (the dashboard): the push reaches the service worker.
    page = page_for(new_page, players["cookies"]["ann"], permissions=["notifications"])
    page.goto("/games/")
    worker_ready(page)
    manifest = page.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        const manifest = await (await fetch(link.href)).json();
        const icons = await Promise.all(manifest.icons.map(async (icon) => {
            const answer = await fetch(icon.src);
            const image = await createImageBitmap(await answer.blob());
            return [icon.sizes, answer.headers.get('content-type'), image.width];
        }));
        return {name: manifest.name, display: manifest.display, start: manifest.start_url, icons};
    }""")
    assert manifest == {"name": "Letterpost", "display": "standalone", "start": "/",
                        "icons": [["192x192", "image/png", 192], ["512x512", "image/png", 512]]}

    cdp, registration = registration_id(page, live_url)
    cdp.send("ServiceWorker.deliverPushMessage",
             {"origin": live_url, "registrationId": registration, "data": json.dumps(payload)})
    shown = """() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) =>
        all.map((n) => ({title: n.title, body: n.body, url: n.data.url, tag: n.tag})))"""
    for _ in range(50):  # the push event runs in the worker, a moment later
        if page.evaluate(shown):
            break
        page.wait_for_timeout(100)
    (notice,) = page.evaluate(shown)
    assert notice == {"title": payload["title"], "body": payload["body"], "url": f"{live_url}/games/{game.pk}/",
                      "tag": f"game-{game.pk}"}

    (worker,) = page.context.service_workers
    worker.evaluate("""async () => {
        const [notice] = await self.registration.getNotifications();
        self.dispatchEvent(new NotificationEvent("notificationclick", {notification: notice}));
    }""")
    expect(page).to_have_url(f"{live_url}/games/{game.pk}/")
    assert page.evaluate(shown) == []  # the click closed it


def test_notify_me_asks_only_on_a_click_then_registers_this_device(players, stub, new_page, live_url):
    keys = BrowserKeys()
    fake = keys.subscription(stub.endpoint("ann-phone"))
    page = page_for(new_page, players["cookies"]["ann"])
    # The browser's side: permission asked (counted), a subscription made with the test's keys. What it
    # saw is kept in sessionStorage: the page reloads once the device is registered.
    page.add_init_script(f"""
        const asked = () => Number(sessionStorage.getItem("asked") || 0);
        Notification.requestPermission = async () => {{
            sessionStorage.setItem("asked", asked() + 1);
            return "granted";
        }};
        PushManager.prototype.subscribe = async function (options) {{
            const key = Array.from(new Uint8Array(options.applicationServerKey));
            sessionStorage.setItem("serverKey", JSON.stringify(key));
            const json = {json.dumps(fake)};
            return {{ endpoint: json.endpoint, options, toJSON: () => json, unsubscribe: async () => true }};
        }};
    """)
    page.goto("/accounts/profile/")
    button = page.get_by_role("button", name="Notify me on this device")
    expect(button).to_be_visible()
    page.wait_for_timeout(300)
    asked = "Number(sessionStorage.getItem('asked') || 0)"
    assert page.evaluate(asked) == 0  # never on load
    expect(page.locator("#devices")).to_contain_text("No device is notified yet.")

    button.click()
    row = page.locator("#devices tr[data-endpoint]")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("127.0.0.1")
    assert page.evaluate(asked) == 1
    server_key = page.evaluate("fetch('/api/push/key/').then((r) => r.json()).then((b) => b.public_key)")
    from tests.notifications.push_stub import b64url

    assert b64url(bytes(page.evaluate("JSON.parse(sessionStorage.getItem('serverKey'))"))) == server_key

    row.get_by_role("button", name=re.compile("Send a test notification")).click()
    expect(page.locator(".messages")).to_contain_text("A test notification is on its way")
    assert keys.decrypt(stub.received[0])["kind"] == "test"

    row.get_by_role("button", name=re.compile("Remove")).click()
    expect(page.locator("#devices")).to_contain_text("No device is notified yet.")


@pytest.fixture(params=[True, False], ids=["sound on", "sound off"])
def waiting(request, live_url, make_user):
    """Ann (sound on move as the parameter says) waits for Ben's move; her signed-in cookie."""
    from games import services

    ann, ben = make_user(username="ann", sound_on_move=request.param), make_user(username="ben")
    game = services.game_create(creator=ben, kind="toy", opponents=[ann], seed=3, options={"target": 500})
    return {"ben": ben, "game": game, "sound": request.param, "cookie": session_cookie(ann, live_url)}


def test_the_tab_title_counts_games_awaiting_you_and_a_chime_sounds_on_your_move(waiting, new_page):
    from games import services

    ben, game = waiting["ben"], waiting["game"]
    page = page_for(new_page, waiting["cookie"])
    page.add_init_script("""
        window.__tones = 0;
        const Real = window.AudioContext;
        window.AudioContext = class extends Real {
            createOscillator() { window.__tones += 1; return super.createOscillator(); }
        };
    """)
    page.goto("/games/")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    expect(page).to_have_title(re.compile(r"^My games · Letterpost$"))

    def ben_moves():
        game.refresh_from_db()
        services.game_submit_move(game_id=game.pk, user=ben, move={"type": "add", "n": 1}, version=game.version,
                                  idempotency_key=f"ben-{game.version}")

    in_thread(ben_moves)
    expect(page).to_have_title("(1) My games · Letterpost")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__tones") == (2 if waiting["sound"] else 0)  # two soft notes, or silence


@pytest.fixture
def with_devices(players):
    """Ann with two devices, one of them failing lately."""
    from notifications import push
    from notifications.models import PushSubscription

    ua = {"phone": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile",
          "laptop": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0"}
    for name, endpoint in (("phone", "https://fcm.googleapis.com/fcm/send/e1"),
                           ("laptop", "https://updates.push.services.mozilla.com/wpush/v2/e2")):
        keys = BrowserKeys()
        push.push_subscription_save(user=players["ann"], endpoint=endpoint, p256dh=keys.p256dh,
                                    auth=keys.subscription("x")["keys"]["auth"], user_agent=ua[name])
    PushSubscription.objects.filter(endpoint__contains="mozilla").update(
        last_success_at=timezone.now() - timedelta(days=2), last_failure_at=timezone.now(), last_error="503")
    return players


@pytest.mark.parametrize("width", [1280, 390])
def test_the_devices_section_fits_desktop_and_phone_screens(with_devices, new_page, width):
    page = page_for(new_page, with_devices["cookies"]["ann"], width=width, height=900)
    page.goto("/accounts/profile/#devices")
    section = page.locator("#devices")
    expect(section.locator("tr[data-endpoint]")).to_have_count(2)
    expect(section).to_contain_text("Chrome on Android")
    expect(section).to_contain_text("Firefox on macOS")
    expect(section).to_contain_text("last try failed (503)")
    expect(page.get_by_role("button", name="Notify me on this device")).to_be_visible()
    if SHOTS:
        section.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/push_devices_{width}.png", full_page=False)
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .map((e) => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right))""")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), wide
