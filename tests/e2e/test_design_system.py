"""The design system in headless Chromium: a visitor signs up through the real form (labels above the boxes,
one "Sign up" button) and confirms the e-mail; a league organiser copies the invite link with the Copy
button (it lands on the clipboard and "Copied" is announced); and axe finds no critical or serious WCAG
problem on the account pages, the profile, the new-league form and the organiser tools at 1280 and 390 px.

DS_SCREENSHOTS=<folder> saves a screenshot of every page looked at."""

import os
import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.e2e.conftest import CONFIRM_LINK, PASSWORD
from tests.e2e.helpers import assert_accessible, page_for, session_cookie
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("DS_SCREENSHOTS")
WIDTHS = {1280: {"width": 1280, "height": 900}, 390: {"width": 390, "height": 844}}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def league_site(live_url, monkeypatch, make_user):
    """An invite-only league with divisions whose season runs, organised by "organiser"; made before the
    browser starts.  Returns the league and the organiser's session cookie."""
    from leagues import services

    stand_in_lexicons(monkeypatch, {"en": ["cat"], "nl": ["kat"]})
    organiser = make_user(username="organiser", display_name="Olga Organiser")
    players = [organiser] + [make_user(username=f"member{i}") for i in range(3)]
    league = services.league_create(creator=organiser, name="Evening crossword club", kind="crossword",
                                    options={"tile_set": "en"}, division_min=2, division_max=4, promote=1,
                                    relegate=1, visibility="invite")
    for user in players:
        services.league_join(league_id=league.pk, user=user, token=league.invite_token)
    services.season_start(league_id=league.pk, actor=organiser)
    league.refresh_from_db()
    return {"league": league, "cookie": session_cookie(organiser, live_url), "live_url": live_url}


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_visitor_signs_up_through_the_form(new_page, width):
    page = page_for(new_page, None, **WIDTHS[width])
    page.goto("/")
    page.get_by_role("link", name="Sign up", exact=True).click()
    expect(page).to_have_url(re.compile(r"/accounts/signup/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Sign up")
    assert "Sign Up" not in page.locator("body").inner_text()
    shot(page, f"signup_{width}")
    name = f"newcomer{width}"
    page.get_by_label("Username").fill(name)
    page.get_by_label("Email").fill(f"{name}@example.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    # One button says Sign up, and it is the form's primary (.btn, not .secondary).
    button = page.locator("main").get_by_role("button", name="Sign up")
    expect(button).to_have_count(1)
    expect(button).to_have_class("btn")
    button.click()
    expect(page).to_have_url(re.compile(r"/accounts/confirm-email/$"))
    expect(page.locator(".auth-card h1")).to_be_visible()
    shot(page, f"verification_sent_{width}")
    (link,) = [found.group(0) for m in mail.outbox if f"{name}@example.com" in m.to
               if (found := CONFIRM_LINK.search(m.body))]
    page.goto(link)
    expect(page.locator("body")).to_have_attribute("data-user", name)
    expect(page).to_have_url(re.compile(r"/games/$"))


def test_a_refused_log_in_says_why_in_a_notice(new_page):
    page = page_for(new_page, None)
    page.goto("/accounts/login/")
    page.get_by_label("Username or e-mail").fill("nobody")
    page.get_by_label("Password", exact=True).fill("wrong-password-1")
    page.locator("main").get_by_role("button", name="Log in").click()
    expect(page.locator(".notice.error[role=alert]")).to_be_visible()


def test_the_copy_button_puts_the_invite_link_on_the_clipboard(league_site, new_page):
    league = league_site["league"]
    page = page_for(new_page, league_site["cookie"], permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"/leagues/{league.pk}/manage/")
    link = page.locator("#invite-link")
    expected = f"{league_site['live_url']}/leagues/{league.pk}/invite/{league.invite_token}/"
    expect(link).to_have_text(expected)  # whole, not cut off
    box, view = link.bounding_box(), page.viewport_size
    assert box["x"] + box["width"] <= view["width"]
    page.get_by_role("button", name="Copy").click()
    status = page.locator(".copy-status[role=status]")
    expect(status).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == expected


def test_the_league_pages_invite_link_has_its_copy_button_too(league_site, new_page):
    league = league_site["league"]
    page = page_for(new_page, league_site["cookie"], width=390, height=844,
                    permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"/leagues/{league.pk}/")
    expected = f"{league_site['live_url']}/leagues/{league.pk}/invite/{league.invite_token}/"
    expect(page.get_by_label("Invite link")).to_have_value(expected)
    page.get_by_role("button", name="Copy").click()
    expect(page.locator(".copy-status[role=status]")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_copy_button_falls_back_to_selecting_the_link(league_site, new_page):
    """Without the Clipboard API (an old browser) the link is selected and copied the old way."""
    league = league_site["league"]
    page = page_for(new_page, league_site["cookie"], width=390, height=844,
                    permissions=["clipboard-read", "clipboard-write"])
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true})")
    page.goto(f"/leagues/{league.pk}/manage/")
    page.get_by_role("button", name="Copy").click()
    expect(page.locator(".copy-status[role=status]")).to_have_text(re.compile(r"Copied|Not copied"))
    assert page.evaluate("window.getSelection().toString()") == page.locator("#invite-link").inner_text()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_components_pass_axe_on_every_form_page(league_site, new_page, width):
    league = league_site["league"]
    visitor = page_for(new_page, None, bypass_csp=True, **WIDTHS[width])  # axe is injected inline
    for name, url in (("login", "/accounts/login/"), ("signup", "/accounts/signup/"),
                      ("password_reset", "/accounts/password/reset/")):
        visitor.goto(url)
        expect(visitor.locator(".auth-card")).to_be_visible()
        shot(visitor, f"{name}_{width}")
        assert_accessible(visitor, f"{name} at {width} px")
        assert visitor.evaluate("document.documentElement.scrollWidth") <= WIDTHS[width]["width"]
    organiser = page_for(new_page, league_site["cookie"], bypass_csp=True, **WIDTHS[width])
    for name, url in (("manage", f"/leagues/{league.pk}/manage/"), ("profile_edit", "/accounts/profile/"),
                      ("league_new", "/leagues/new/"), ("account_email", "/accounts/email/"),
                      ("password_change", "/accounts/password/change/")):
        organiser.goto(url)
        shot(organiser, f"{name}_{width}")
        assert_accessible(organiser, f"{name} at {width} px")
        assert organiser.evaluate("document.documentElement.scrollWidth") <= WIDTHS[width]["width"], name
