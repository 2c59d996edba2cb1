"""Every account page (allauth's, drawn through our templates/allauth/ and templates/account/ overrides) is a
page of the site: the site's header and sheet, the design system's card and fields, and our words, "Sign up"
and "Log in", never allauth's "Sign Up" / "Sign In" / "Sign Out"."""

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC

pytestmark = pytest.mark.django_db

ALLAUTH_WORDS = ("Sign Up", "Sign In", "Sign Out", "Signup", "Sign in", "Sign out")

ENTRANCE = {  # visitors' pages: one centred card
    "log in": "/accounts/login/",
    "sign up": "/accounts/signup/",
    "password reset": "/accounts/password/reset/",
    "password reset sent": "/accounts/password/reset/done/",
    "password reset, bad link": "/accounts/password/reset/key/0-bad-key/",
    "password reset done": "/accounts/password/reset/key/done/",
    "verification sent": "/accounts/confirm-email/",
    "e-mail confirm, bad link": "/accounts/confirm-email/not-a-key/",
    "account inactive": "/accounts/inactive/",
}
SIGNED_IN = {  # a signed-in player's pages
    "e-mail addresses": "/accounts/email/",
    "password change": "/accounts/password/change/",
    "log out": "/accounts/logout/",
    "reauthenticate": "/accounts/reauthenticate/",
}


def assert_site_page(html: str, name: str) -> None:
    assert 'class="site-header"' in html, f"{name}: not in the site's layout"
    assert "css/site.css" in html, name
    assert 'class="card' in html, f"{name}: no card"
    for word in ALLAUTH_WORDS:
        assert word not in html, f"{name} says {word!r}"


def assert_fields_drawn(html: str, name: str) -> None:
    assert 'class="field' in html and 'class="btn' in html, f"{name}: fields or button not the components"
    assert "</label>:" not in html and ":</label>" not in html, f"{name}: a label with Django's colon"


@pytest.mark.parametrize("name", list(ENTRANCE))
def test_each_entrance_page_is_a_site_page_with_our_words(client, name):
    response = client.get(ENTRANCE[name])
    assert response.status_code == 200, name
    html = response.content.decode()
    assert_site_page(html, name)
    assert 'class="card auth-card"' in html, name
    # The header offers the way in, in our words.
    assert ">Log in</a>" in html and ">Sign up</a>" in html


@pytest.mark.parametrize("name", list(SIGNED_IN))
def test_each_signed_in_account_page_is_a_site_page_with_our_words(client, make_user, name):
    user = make_user(username="dana")
    EmailAddress.objects.get_or_create(user=user, email=user.email, defaults={"verified": True, "primary": True})
    client.force_login(user)
    response = client.get(SIGNED_IN[name])
    assert response.status_code == 200, name
    html = response.content.decode()
    assert_site_page(html, name)
    assert 'class="manage-page"' in html or 'class="card auth-card"' in html, name


def test_the_log_in_page_says_log_in_and_offers_sign_up(client):
    html = client.get("/accounts/login/").content.decode()
    assert "<title>Log in · Letterpost</title>" in html
    assert "<h1>Log in</h1>" in html
    assert 'class="btn" type="submit">Log in</button>' in html
    assert 'New to Letterpost? <a href="/accounts/signup/">Sign up</a>' in html
    assert '<label for="id_login">Username or e-mail</label>' in html
    assert 'href="/accounts/password/reset/">Forgot your password?</a>' in html
    assert_fields_drawn(html, "log in")


def test_the_sign_up_page_says_sign_up_and_offers_log_in(client):
    html = client.get("/accounts/signup/").content.decode()
    assert "<title>Sign up · Letterpost</title>" in html
    assert "<h1>Sign up</h1>" in html
    assert 'class="btn" type="submit">Sign up</button>' in html
    assert 'Already have an account? <a href="/accounts/login/">Log in</a>' in html
    # Every visible field has its label above it; the time zone stays hidden.
    for name in ("username", "email", "password1", "password2"):
        assert f'<label for="id_{name}">' in html
    assert 'type="hidden" name="time_zone"' in html
    assert_fields_drawn(html, "sign up")


def test_a_refused_log_in_shows_the_error_as_a_notice(client, make_user):
    make_user(username="erin")
    html = client.post("/accounts/login/", {"login": "erin", "password": "wrong"}).content.decode()
    assert 'class="notice error" role="alert"' in html
    assert_site_page(html, "refused log in")


def test_a_refused_sign_up_marks_the_field(client, make_user):
    make_user(username="frank")
    html = client.post("/accounts/signup/", {"username": "frank", "email": "x@example.com",
                                             "password1": "short", "password2": "short"}).content.decode()
    assert 'class="field has-error"' in html and 'class="errorlist' in html
    assert_site_page(html, "refused sign up")


def test_the_e_mail_confirmation_page_and_messages_say_log_in(client, make_user, settings):
    settings.ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # the page itself, with its Confirm button
    user = make_user(username="gwen")
    EmailAddress.objects.filter(user=user).delete()
    address = EmailAddress.objects.create(user=user, email="gwen@example.com", verified=False, primary=True)
    key = EmailConfirmationHMAC(address).key
    html = client.get(f"/accounts/confirm-email/{key}/").content.decode()
    assert_site_page(html, "e-mail confirm")
    assert 'class="btn" type="submit">' in html
    client.force_login(user)
    html = client.post("/accounts/logout/", follow=True).content.decode()
    assert "You have logged out." in html and "signed out" not in html


def test_the_log_in_message_says_logged_in(client, make_user):
    user = make_user(username="hugo")
    user.set_password("a-long-enough-password-1")
    user.save()
    EmailAddress.objects.get_or_create(user=user, email=user.email, defaults={"verified": True, "primary": True})
    html = client.post("/accounts/login/", {"login": "hugo", "password": "a-long-enough-password-1"},
                       follow=True).content.decode()
    assert "You are logged in as" in html and "Successfully signed in" not in html


def test_the_password_set_page_for_a_player_without_one(client, make_user):
    user = make_user(username="ines")
    user.set_unusable_password()
    user.save()
    client.force_login(user)
    response = client.get("/accounts/password/set/")
    assert response.status_code == 200
    html = response.content.decode()
    assert_site_page(html, "password set")
    assert_fields_drawn(html, "password set")
