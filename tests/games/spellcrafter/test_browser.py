"""The Spellcrafter page in headless Chromium: a card kept by tapping, a word laid out by tapping (a Wild
given its letter, a Double attached, letters moved), its live score from the server, the arrangement
surviving a reload, and the round's words revealed on both pages when the last word arrives."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Game, Seat
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.engines.spellcrafter.helpers import crafting_position

pytestmark = pytest.mark.browser

LIVE = 5000
SHOTS = os.environ.get("SPELLCRAFTER_SCREENSHOTS")  # a folder: save phone-size screenshots there


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"spellcrafter-{name}.png"), full_page=True)


def session_cookie(user, live_url):  # noqa: F811
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


def page_for(new_page, cookie, width=412):  # noqa: F811
    page = new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.context.add_cookies([cookie])
    return page


@pytest.fixture
def drafting(start, alice, bob, live_url):  # noqa: F811
    """A two-player game at its first pick, and both players' cookies (made before the browser starts:
    Django refuses database calls once Playwright's event loop runs in this thread)."""
    game = start(2, seed=5)
    return game, session_cookie(alice, live_url), session_cookie(bob, live_url)


@pytest.fixture
def crafting(start, alice, bob, live_url):  # noqa: F811
    """A game at crafting where alice holds Gale C, Gale A, a Wild, a Double, Flame E, O, R and the jumper
    is the Tide T; bob holds Stone B, E, D and Tide A."""
    game = start(2, seed=5)
    state = crafting_position(["gC gA ? + fE fO fR", "sB sE sD tA"], jumper="tT")
    Game.objects.filter(pk=game.pk).update(state=state, turn_id="r1-craft", turn_version=game.version)
    Seat.objects.filter(game=game).update(to_act=True)
    return Game.objects.get(pk=game.pk), session_cookie(alice, live_url), session_cookie(bob, live_url)


def test_a_card_kept_by_tapping_shows_as_picked_on_both_pages(drafting, new_page):  # noqa: F811
    game, alice_cookie, bob_cookie = drafting
    first = game.state["players"][0]["hand"][0]
    bob = page_for(new_page, bob_cookie)
    bob.goto(f"/games/{game.pk}/")
    alice = page_for(new_page, alice_cookie)
    alice.goto(f"/games/{game.pk}/")
    expect(alice.locator("#game")).to_have_attribute("data-live", "1", timeout=LIVE)
    expect(bob.locator("#game")).to_have_attribute("data-live", "1", timeout=LIVE)
    shot(alice, "1-draft")
    keep = alice.locator(".sc-keep")
    expect(keep).to_be_disabled()
    alice.locator(f'.sc-hand .sc-card[data-card="{first}"]').click()
    expect(keep).to_be_enabled()
    keep.click()
    expect(alice.locator("#status-line")).to_contain_text("You have picked.", timeout=LIVE)
    expect(alice.locator("#status-line")).to_contain_text("Waiting for 1 player", timeout=LIVE)
    expect(alice.locator(f'.sc-picks [data-card="{first}"]')).to_be_visible()
    expect(bob.locator('.sc-player[data-seat="0"]')).to_have_attribute("data-chosen", "1", timeout=LIVE)
    assert first not in bob.content()
    shot(alice, "2-picked")


def test_a_word_is_built_scored_live_kept_over_a_reload_and_revealed_after_the_round(crafting, new_page):  # noqa: F811
    game, alice_cookie, bob_cookie = crafting
    alice = page_for(new_page, alice_cookie)
    alice.goto(f"/games/{game.pk}/")
    expect(alice.locator("#game")).to_have_attribute("data-live", "1", timeout=LIVE)
    shot(alice, "3-craft-empty")
    tray = alice.locator(".sc-tray")
    picks = game.state["players"][0]["picks"]
    card = dict(zip(["gC", "gA", "?", "+", "fE", "fO", "fR"], picks, strict=True))
    # A Wild asks for its letter, in a dialog of the page.
    tray.locator(f'[data-card="{card["?"]}"]').click()
    alice.get_by_role("dialog").get_by_label("Letter").fill("T")
    alice.get_by_role("dialog").get_by_role("button", name="OK").click()
    tray.locator(f'[data-card="{card["gA"]}"]').click()
    tray.locator(f'[data-card="{card["gC"]}"]').click()
    preview = alice.locator(".sc-preview")
    expect(preview).to_contain_text("TAC is not in the lexicon", timeout=LIVE)
    # The server's preview refuses the word: Craft stays disabled, the reason beside it, without a code.
    expect(alice.locator(".sc-submit")).to_be_disabled()
    expect(alice.locator(".sc-submit")).to_have_attribute("aria-describedby", "sc-preview")
    expect(preview).not_to_contain_text("UNKNOWN_WORD")
    # Move C to the front: C, T, A ... then T to the end: CAT.
    word = alice.locator(".sc-word")
    word.locator(".sc-card").nth(2).click()
    alice.locator('[data-tool="left"]').click()
    alice.locator('[data-tool="left"]').click()
    word.locator(".sc-card").nth(1).click()
    alice.locator('[data-tool="right"]').click()
    expect(word).to_have_text(re.compile(r"^C\s*3\s*✦\s*A\s*1\s*✦\s*T\s*0\s*★$"))
    expect(preview).to_contain_text("CAT: 4 points × 2 = 8", timeout=LIVE)
    expect(preview.locator(".sc-badge.on")).to_have_text("✓ flush")
    # The Double goes on the C: 6 + 1 + 0, a flush.
    tray.locator(f'[data-card="{card["+"]}"]').click()
    word.locator(".sc-card").nth(0).click()
    expect(preview).to_contain_text("CAT: 7 points × 2 = 14", timeout=LIVE)
    expect(alice.locator(".sc-submit")).to_be_enabled()
    shot(alice, "4-craft-word")

    # Bob submits no word: alice's board is re-rendered live and her word is laid back onto it.
    bob = page_for(new_page, bob_cookie)
    bob.goto(f"/games/{game.pk}/")
    bob.once("dialog", lambda dialog: dialog.accept())
    bob.locator(".sc-no-word").click()
    expect(bob.locator("#status-line")).to_contain_text("You have crafted your word.", timeout=LIVE)
    expect(alice.locator('.sc-player[data-seat="1"]')).to_have_attribute("data-chosen", "1", timeout=LIVE)
    expect(alice.locator(".sc-word .sc-card")).to_have_count(3)
    expect(alice.locator(".sc-preview")).to_contain_text("= 14", timeout=LIVE)

    alice.reload()
    expect(alice.locator(".sc-word .sc-card")).to_have_count(3, timeout=LIVE)
    expect(alice.locator(".sc-preview")).to_contain_text("= 14", timeout=LIVE)
    alice.locator(".sc-submit").click()
    for page in (alice, bob):
        expect(page.locator(".sc-last")).to_contain_text("CAT", timeout=LIVE)
        expect(page.locator(".sc-last")).to_contain_text("14")
        expect(page.locator(".sc-table")).to_contain_text("14")
    expect(alice.locator("#status-line")).to_contain_text("Your pick")
    shot(alice, "5-round-scored")
