"""The no-SSRF guard of Web Push: an endpoint is POSTed to only on the allow-list's hosts and ports,
over HTTPS, and never to a private or loopback address unless the allow-list names that very address —
checked when a browser subscribes and again, with the DNS answer, right before each send."""

import socket

import pytest

from notifications import push
from notifications.models import PushSubscription
from notifications.push_delivery import push_send
from notifications.push_endpoints import PushEndpointRefused, endpoint_check
from notifications.vapid import vapid_keys_forget
from tests.notifications.push_stub import BrowserKeys, PushServiceStub, stub_allowed


def refused(url, **kwargs) -> str:
    with pytest.raises(PushEndpointRefused) as caught:
        endpoint_check(url, **kwargs)
    assert caught.value.code == "PUSH_ENDPOINT_REFUSED"
    return caught.value.details["reason"]


@pytest.mark.parametrize("url", [
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://FCM.googleapis.com./fcm/send/abc",
    "https://fcm.googleapis.com:443/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/abc",
    "https://web.push.apple.com/abc",
    "https://wns2-bn3p.notify.windows.com/w/?token=abc",
])
def test_the_browsers_push_services_pass(url):
    endpoint_check(url)


@pytest.mark.parametrize("url, reason", [
    ("https://evil.example/abc", "host"),
    ("https://push.apple.com/abc", "host"),  # "*.push.apple.com" is the names below it
    ("https://notfcm.googleapis.com/abc", "host"),
    ("https://fcm.googleapis.com@evil.example/abc", "malformed"),  # a user name, not the host
    ("https://fcm.googleapis.com:8443/abc", "host"),
    ("http://fcm.googleapis.com/abc", "scheme"),
    ("ftp://fcm.googleapis.com/abc", "scheme"),
    ("https://169.254.169.254/latest/meta-data/", "host"),
    ("https://[::ffff:127.0.0.1]/abc", "host"),
    ("https://fcm.googleapis.com:99999/abc", "malformed"),
    ("https:///abc", "malformed"),
])
def test_anything_else_is_refused(url, reason):
    assert refused(url) == reason


def test_a_local_stub_is_allowed_only_by_the_test_setting(settings):
    assert refused("http://127.0.0.1:8123/push/a") == "scheme"
    stub_allowed(settings)
    endpoint_check("http://127.0.0.1:8123/push/a", resolve=True)
    assert refused("http://127.0.0.2:8123/push/a") == "host"
    assert refused("http://localhost:8123/push/a") == "host"


def test_a_private_address_is_refused_unless_named_exactly(settings):
    settings.WEBPUSH_ENDPOINT_HOSTS = ["*.0.5", "*.internal.example", "192.168.1.7"]
    assert refused("https://10.0.0.5/abc") == "private_address"  # matched by a wildcard: not admitted
    endpoint_check("https://192.168.1.7/abc")  # named as that very address: the operator's own service


def test_a_name_resolving_to_a_private_address_is_refused_at_send_time(settings, monkeypatch):
    settings.WEBPUSH_ENDPOINT_HOSTS = ["*.internal.example"]
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, port, **kw: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.1.2.3", port))])
    endpoint_check("https://push.internal.example/abc")  # no DNS lookup inside a request
    assert refused("https://push.internal.example/abc", resolve=True) == "private_address"
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, port, **kw: [
        (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("::1", port, 0, 0))])
    assert refused("https://push.internal.example/abc", resolve=True) == "private_address"
    monkeypatch.setattr(socket, "getaddrinfo", lambda host, port, **kw: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("142.250.1.95", port))])
    endpoint_check("https://push.internal.example/abc", resolve=True)


@pytest.mark.django_db
def test_a_device_whose_name_now_resolves_privately_is_removed_and_never_posted_to(alice, settings, monkeypatch):
    vapid_keys_forget()
    with PushServiceStub() as stub:
        keys = BrowserKeys()
        settings.WEBPUSH_ENDPOINT_HOSTS = ["*.push.example"]
        device, _ = push.push_subscription_save(user=alice, endpoint="https://a.push.example/x", p256dh=keys.p256dh,
                                                auth=keys.subscription("x")["keys"]["auth"])
        real = socket.getaddrinfo
        monkeypatch.setattr(socket, "getaddrinfo", lambda host, port, **kw: (
            [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))] if host.endswith("push.example")
            else real(host, port, **kw)))
        assert push_send(subscription_id=device.pk) == "removed"
        assert stub.received == [] and not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_a_device_the_allow_list_no_longer_admits_is_removed_at_send_time(alice, settings):
    vapid_keys_forget()
    stub_allowed(settings)
    with PushServiceStub() as stub:
        keys = BrowserKeys()
        device, _ = push.push_subscription_save(user=alice, endpoint=stub.endpoint(), p256dh=keys.p256dh,
                                                auth=keys.subscription("x")["keys"]["auth"])
        settings.WEBPUSH_ALLOW_HTTP = False
        assert push_send(subscription_id=device.pk) == "removed"
        assert stub.received == []
