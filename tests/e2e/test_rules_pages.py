"""The rules pages in headless Chromium: from a game page of each kind, the "?" beside the title leads
to that game's rules; every rules page fits a 390 px phone in both languages."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import services
from lexicons.term_decks import starter_deck_load
from rules.catalogue import GAMES
from tests.games.engines.turnspell.helpers import WORDS
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("RULES_SCREENSHOTS")  # a folder: save screenshots of the rules pages there


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def games(live_url, monkeypatch, alice, bob):
    """A game of every kind between alice and bob, and alice's session cookie; made before the browser
    starts (Django refuses database calls once Playwright's event loop runs in this thread)."""
    stand_in_lexicons(monkeypatch, {"en": WORDS})
    starter_deck_load(language="en")
    made = {g.kind: services.game_create(creator=alice, kind=g.kind, opponents=[bob], seed=6).pk for g in GAMES}
    client = Client()
    client.force_login(alice)
    return made, {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


@pytest.mark.parametrize("width", [390, 1280])
def test_the_question_mark_beside_each_game_title_opens_that_games_rules(games, new_page, width):
    made, cookie = games
    page = new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.context.add_cookies([cookie])
    for game in GAMES:
        page.goto(f"/games/{made[game.kind]}/")
        title = page.locator(".game-title")
        expect(title.get_by_role("heading", level=1)).to_contain_text(game.name)
        link = title.get_by_role("link", name=f"How to play {game.name}", exact=True)
        expect(link).to_be_visible()
        shot(page, f"game-{game.kind}-{width}")
        link.click()
        expect(page).to_have_url(re.compile(rf"/rules/{game.kind}/$"))
        expect(page.get_by_role("heading", level=1)).to_have_text(f"How to play {game.name}")
        expect(page.locator("figure.rules-figure").first).to_be_visible()


@pytest.mark.parametrize(("locale", "title"), [("en-GB", "How to play"), ("nl-NL", "Zo speel je")])
def test_every_rules_page_fits_a_phone_in_both_languages(browser, live_url, locale, title):
    context = browser.new_context(base_url=live_url, locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto("/rules/")
        for game in GAMES:
            page.get_by_role("link", name=f"{title} {game.name}", exact=True).click()
            expect(page.get_by_role("heading", level=1)).to_have_text(f"{title} {game.name}")
            # Nothing sticks out sideways: no horizontal scrolling on a phone.
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            for figure in page.locator("figure.rules-figure").all():
                box = figure.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= 390
            shot(page, f"rules-{game.kind}-{locale}-390")
            page.go_back()
    finally:
        context.close()
