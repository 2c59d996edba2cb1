"""Accounts through allauth: sign-up with e-mail verification, log in/out, password reset and
change, e-mail change, the profile, and allauth's rate limits."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.cache import cache

from accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_rate_limits():
    cache.clear()
    yield
    cache.clear()


def link_in(message) -> str:
    return re.search(r"https?://[^\s]+", message.body).group(0)


def signup(client, username="dora", email="dora@example.com"):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": "a quiet river 42", "password2": "a quiet river 42"},
    )


def test_signup_sends_a_verification_link_that_works(client):
    response = signup(client)
    assert response.status_code == 302
    user = User.objects.get(username="dora")
    assert not EmailAddress.objects.get(user=user).verified
    assert len(mail.outbox) == 1
    url = link_in(mail.outbox[0])
    path = re.sub(r"^https?://[^/]+", "", url)
    response = client.get(path)
    assert response.status_code == 302
    assert EmailAddress.objects.get(user=user).verified
    assert client.get("/games/").status_code == 200  # logged in on confirmation


def test_login_before_verification_is_held_at_the_verification_page(client):
    signup(client)
    client.logout()
    response = client.post("/accounts/login/", {"login": "dora", "password": "a quiet river 42"})
    assert response.status_code == 302 and "confirm-email" in response["Location"]


def test_duplicate_username_or_email_is_refused(client, alice):
    response = signup(client, username="alice", email="new@example.com")
    assert response.status_code == 200 and User.objects.filter(username="alice").count() == 1
    # allauth hides whether an address is taken (no account enumeration): it answers as if the
    # sign-up went through, creates nothing, and tells the address's owner by e-mail instead.
    signup(client, username="newbie", email=alice.email)
    assert not User.objects.filter(username="newbie").exists()
    assert [m.to for m in mail.outbox] == [[alice.email]]


def test_login_and_logout(client, alice):
    response = client.post("/accounts/login/", {"login": "alice", "password": "correct horse battery"})
    assert response.status_code == 302
    assert client.get("/games/").status_code == 200
    client.post("/accounts/logout/")
    assert client.get("/games/").status_code == 302


def test_password_reset_by_email_link(client, alice):
    client.post("/accounts/password/reset/", {"email": alice.email})
    assert len(mail.outbox) == 1
    path = re.sub(r"^https?://[^/]+", "", link_in(mail.outbox[0]))
    response = client.get(path, follow=True)
    form_path = response.redirect_chain[-1][0] if response.redirect_chain else path
    response = client.post(form_path, {"password1": "brand new secret 9", "password2": "brand new secret 9"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("brand new secret 9")


def test_change_password(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": "correct horse battery", "password1": "another fine pw 7", "password2": "another fine pw 7"},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another fine pw 7")


def test_change_email_adds_an_address_to_verify(client, alice):
    client.force_login(alice)
    client.post("/accounts/email/", {"action_add": "", "email": "alice.new@example.com"})
    assert EmailAddress.objects.filter(user=alice, email="alice.new@example.com", verified=False).exists()
    assert any("alice.new@example.com" in m.to for m in mail.outbox)


def test_profile_saves_display_name_time_zone_and_language(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/profile/", {"display_name": "Alice A.", "time_zone": "Europe/Amsterdam", "language": "nl"}
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.time_zone, alice.language) == ("Alice A.", "Europe/Amsterdam", "nl")
    assert client.get("/games/")["Content-Language"] == "nl"


def test_profile_refuses_an_unknown_time_zone(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/profile/", {"display_name": "", "time_zone": "Mars/Olympus", "language": "en"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.time_zone == "UTC"


def test_public_profile_page(client, alice):
    assert client.get("/accounts/players/alice/").status_code == 200
    assert client.get("/accounts/players/nobody/").status_code == 404


def test_failed_logins_are_rate_limited(client, alice):
    for i in range(5):
        client.post("/accounts/login/", {"login": "alice", "password": f"wrong {i}"})
    # Even the right password is refused while the limit holds.
    response = client.post("/accounts/login/", {"login": "alice", "password": "correct horse battery"})
    assert response.status_code == 200
    assert "Too many failed login attempts" in response.content.decode()
    assert client.get("/games/").status_code == 302


def test_signups_are_rate_limited(client, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup": "3/m/ip"}
    statuses = [signup(client, username=f"u{i}", email=f"u{i}@example.com").status_code for i in range(5)]
    client.logout()
    assert statuses[-1] == 429


def test_user_model_is_the_custom_one():
    from django.contrib.auth import get_user_model

    assert get_user_model() is User


def test_profile_saves_the_alert_settings(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/profile/", {
        "display_name": "", "time_zone": "UTC", "language": "en",
        "reminder_hours": ["48", "1"], "sound_on_move": "on", "confirm_moves": "never"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.reminder_hours, alice.sound_on_move, alice.confirm_moves) == ([48, 1], True, "never")
    page = client.get("/accounts/profile/").content.decode()
    assert 'id="alerts"' in page and "48 h before" in page


def test_profile_refuses_a_reminder_stage_outside_the_choices(client, alice):
    from accounts.services import BAD_ALERT_SETTINGS, user_update_profile
    from core.errors import AppError

    client.force_login(alice)
    response = client.post("/accounts/profile/", {"display_name": "", "time_zone": "UTC", "language": "en",
                                                   "reminder_hours": ["3"]})
    assert response.status_code == 200  # the form again, with the error
    with pytest.raises(AppError) as caught:
        user_update_profile(user=alice, display_name="", time_zone="UTC", language="en", reminder_hours=[3])
    assert caught.value.code == BAD_ALERT_SETTINGS
    alice.refresh_from_db()
    assert alice.reminder_hours == [24, 2]
