"""The push API: the site's public key; a browser's subscription stored (once per endpoint), listed and
removed by its owner only; refusals with their codes and nothing written: an endpoint off the allow-list
or on a private address, keys that are not a browser's, an unknown field, one device past the cap."""

import base64

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from notifications.models import PushSubscription
from notifications.vapid import vapid_keys_forget
from tests.notifications.push_stub import BrowserKeys

pytestmark = pytest.mark.django_db

URL = "/api/push/subscriptions/"
FCM = "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b"
FIREFOX_UA = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"


@pytest.fixture(autouse=True)
def fresh_keys():
    vapid_keys_forget()
    yield
    vapid_keys_forget()


def subscription(endpoint=FCM, keys=None, **extra):
    return (keys or BrowserKeys()).subscription(endpoint, **extra)


def test_the_public_key_is_a_p256_point_generated_once_and_kept(alice, bob, api_for):
    first = api_for(alice).get("/api/push/key/")
    assert first.status_code == 200 and set(first.json()) == {"public_key"}
    key = first.json()["public_key"]
    raw = base64.urlsafe_b64decode(key + "==")
    assert len(raw) == 65 and raw[0] == 4
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    vapid_keys_forget()  # another process reads the stored pair
    assert api_for(bob).get("/api/push/key/").json()["public_key"] == key


def test_the_public_key_of_the_settings_when_they_name_one(alice, api_for, settings):
    signer = Vapid02()
    signer.generate_keys()
    raw = signer.private_key.private_numbers().private_value.to_bytes(32, "big")
    settings.WEBPUSH_VAPID_PRIVATE_KEY = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
    from notifications.vapid import public_key_of

    assert api_for(alice).get("/api/push/key/").json() == {"public_key": public_key_of(signer)}


def test_a_pem_key_is_taken_and_a_public_key_that_does_not_match_it_is_refused(settings):
    from django.core.exceptions import ImproperlyConfigured

    from notifications.vapid import public_key_of, vapid_keys, vapid_keys_generate

    signer = Vapid02()
    signer.generate_keys()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = signer.private_pem().decode()
    settings.WEBPUSH_VAPID_PUBLIC_KEY = public_key_of(signer)
    assert vapid_keys().public_key == public_key_of(signer)
    settings.WEBPUSH_VAPID_PRIVATE_KEY, _ = vapid_keys_generate()  # another pair's private half
    with pytest.raises(ImproperlyConfigured):
        vapid_keys()


def test_a_subscription_is_stored_with_201_and_listed(alice, api_for):
    answer = api_for(alice).post(URL, subscription(expirationTime=1893456000000), format="json",
                                 HTTP_USER_AGENT=FIREFOX_UA)
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    device = PushSubscription.objects.get()
    assert body["id"] == device.pk and body["endpoint"] == FCM and body["name"] == "Firefox on Android"
    assert device.expires_at.year == 2030 and device.user == alice
    listed = api_for(alice).get(URL)
    assert listed.status_code == 200 and [d["id"] for d in listed.json()] == [device.pk]


def test_the_same_endpoint_again_updates_its_row_and_moves_it_to_who_is_signed_in(alice, bob, api_for):
    first = api_for(alice).post(URL, subscription(), format="json").json()
    again = api_for(alice).post(URL, subscription(), format="json")
    assert again.status_code == 200 and again.json()["id"] == first["id"]
    assert PushSubscription.objects.count() == 1
    # The browser is now signed in as Bob: it is his device, no longer Alice's.
    taken = api_for(bob).post(URL, subscription(), format="json")
    assert taken.status_code == 200 and taken.json()["id"] == first["id"]
    assert api_for(alice).get(URL).json() == [] and len(api_for(bob).get(URL).json()) == 1


def test_a_player_removes_their_device_and_never_another_players(alice, bob, api_for):
    mine = api_for(alice).post(URL, subscription(), format="json").json()["id"]
    theirs = api_for(bob).post(URL, subscription(FCM + "bob"), format="json").json()["id"]
    refused = api_for(alice).delete(f"{URL}{theirs}/")
    assert refused.status_code == 404 and refused.json()["code"] == "PUSH_DEVICE_NOT_FOUND"
    assert PushSubscription.objects.filter(pk=theirs).exists()
    assert api_for(alice).delete(f"{URL}{mine}/").status_code == 204
    assert list(PushSubscription.objects.values_list("pk", flat=True)) == [theirs]
    assert api_for(alice).delete(f"{URL}{mine}/").status_code == 404


def test_a_body_on_delete_is_refused(alice, api_for):
    mine = api_for(alice).post(URL, subscription(), format="json").json()["id"]
    answer = api_for(alice).delete(f"{URL}{mine}/", {"force": True}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_FIELD"
    assert PushSubscription.objects.exists()


@pytest.mark.parametrize("body, field", [
    ({"subscription": "x"}, "subscription"),
    ({"keys_extra": 1}, "keys_extra"),
])
def test_unknown_fields_are_refused_and_nothing_is_stored(alice, api_for, body, field):
    answer = api_for(alice).post(URL, {**subscription(), **body}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_FIELD"
    assert answer.json()["details"]["field"] == field
    assert not PushSubscription.objects.exists()


def test_an_unknown_field_inside_keys_is_refused_too(alice, api_for):
    body = subscription()
    body["keys"]["extra"] = "x"
    answer = api_for(alice).post(URL, body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_FIELD"
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("endpoint, reason", [
    ("https://push.evil.example/x", "host"),
    ("https://fcm.googleapis.com.evil.example/x", "host"),
    ("https://fcm.googleapis.com:8443/x", "host"),
    ("http://fcm.googleapis.com/x", "scheme"),
    ("https://10.0.0.5/x", "host"),
    ("https://127.0.0.1/x", "host"),
    ("https://[::1]/x", "host"),
    ("https://user:pw@fcm.googleapis.com/x", "malformed"),
    ("javascript:alert(1)", "scheme"),
    ("https://fcm.googleapis.com/" + "x" * 1100, "length"),
])
def test_an_endpoint_off_the_allow_list_is_refused_with_its_reason(alice, api_for, endpoint, reason):
    answer = api_for(alice).post(URL, subscription(endpoint), format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["code"] == "PUSH_ENDPOINT_REFUSED" and answer.json()["details"]["reason"] == reason
    assert not PushSubscription.objects.exists()


def test_the_browsers_push_services_are_allowed_by_default(alice, api_for):
    for endpoint in ("https://fcm.googleapis.com/fcm/send/a", "https://updates.push.services.mozilla.com/wpush/v2/b",
                     "https://web.push.apple.com/QO-c", "https://wns2-par02p.notify.windows.com/w/?token=d"):
        assert api_for(alice).post(URL, subscription(endpoint), format="json").status_code == 201, endpoint


OFF_CURVE = base64.urlsafe_b64encode(b"\x04" + b"\x01" * 64).decode().rstrip("=")  # 65 bytes, no P-256 point


@pytest.mark.parametrize("keys, code", [
    ({"p256dh": "not-base64!!", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, "PUSH_BAD_KEYS"),
    ({"p256dh": OFF_CURVE, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, "PUSH_BAD_KEYS"),
    ({"p256dh": None, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, "BAD_REQUEST"),
    ({"auth": "AAAAAAAAAAAAAAAAAAAAAA"}, "BAD_REQUEST"),
])
def test_keys_that_are_not_a_browsers_are_refused(alice, api_for, keys, code):
    answer = api_for(alice).post(URL, {"endpoint": FCM, "keys": keys}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code
    assert not PushSubscription.objects.exists()


def test_a_short_auth_secret_is_refused(alice, api_for):
    body = subscription()
    body["keys"]["auth"] = "AAAA"
    answer = api_for(alice).post(URL, body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "PUSH_BAD_KEYS"


def test_devices_are_capped_per_player_and_a_known_one_may_still_renew(alice, bob, api_for, settings):
    settings.WEBPUSH_DEVICES_PER_PLAYER = 3
    bodies = [subscription(f"{FCM}{n}") for n in range(3)]
    for body in bodies:
        assert api_for(alice).post(URL, body, format="json").status_code == 201
    refused = api_for(alice).post(URL, subscription(f"{FCM}4"), format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "PUSH_TOO_MANY_DEVICES"
    assert refused.json()["details"] == {"limit": 3}
    assert PushSubscription.objects.filter(user=alice).count() == 3
    assert api_for(alice).post(URL, bodies[0], format="json").status_code == 200  # renewing is not adding
    assert api_for(bob).post(URL, subscription(f"{FCM}4"), format="json").status_code == 201


def test_signed_out_visitors_get_nothing(client):
    assert client.get("/api/push/key/").status_code == 403
    assert client.post(URL, subscription(), content_type="application/json").status_code == 403
