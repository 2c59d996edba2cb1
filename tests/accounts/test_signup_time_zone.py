"""Sign-up keeps the time zone the browser gave in the hidden field (static/js/timezone_field.js), when it
is one of the profile's choices; anything else leaves UTC and never blocks signing up (a NUL character,
which no browser sends, is refused on every page: web.middleware)."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

PASSWORD = "quiet-harbour-lantern-47"


def sign_up(client, settings, username, **extra):
    settings.ACCOUNT_RATE_LIMITS = False
    return client.post("/accounts/signup/", {"username": username, "email": f"{username}@example.com",
                                             "password1": PASSWORD, "password2": PASSWORD, **extra})


def test_the_sign_up_form_carries_a_hidden_time_zone_field_and_its_script(client):
    page = client.get("/accounts/signup/").content.decode()
    assert '<input type="hidden" name="time_zone"' in page
    assert "/static/js/timezone_field.js" in page


@pytest.mark.parametrize("given,kept", [
    ("Asia/Tokyo", "Asia/Tokyo"),
    ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
    ("Mars/Olympus_Mons", "UTC"),  # not a zone: the default stays
    ("", "UTC"),  # no JavaScript
])
def test_the_browsers_zone_is_kept_when_it_is_a_known_zone(client, settings, given, kept):
    response = sign_up(client, settings, "carmen", time_zone=given)
    assert response.status_code == 302
    assert get_user_model().objects.get(username="carmen").time_zone == kept


def test_a_nul_character_in_the_zone_is_a_400_and_nobody_is_signed_up(client, settings):
    assert sign_up(client, settings, "carmen", time_zone="Asia/Tokyo\x00").status_code == 400
    assert not get_user_model().objects.filter(username="carmen").exists()


def test_without_the_field_sign_up_works_as_before(client, settings):
    assert sign_up(client, settings, "dora").status_code == 302
    assert get_user_model().objects.get(username="dora").time_zone == "UTC"
