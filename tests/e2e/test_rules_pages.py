"""The rules pages in headless Chromium: from a game page of each kind, the "?" beside the title leads
to that game's rules; every rules page fits a 390 px phone in both languages."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import services
from guide.catalogue import rules_games
from lexicons.term_decks import starter_deck_load
from tests.engines.turnspell.helpers import WORDS
from tests.games.helpers import stand_in_lexicons

# The site's own games (the test suite's toy kind has the generic page and no picture).
GAMES = [g for g in rules_games() if g.kind != "toy"]

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


FRAMES = """(selectors) => {
  const [frameSel, partSel] = selectors;
  const out = [];
  for (const frame of document.querySelectorAll(frameSel)) {
    const f = frame.getBoundingClientRect();
    for (const part of frame.querySelectorAll(partSel)) {
      const p = part.getBoundingClientRect();
      if (p.width === 0 && p.height === 0) continue;
      if (p.left < f.left - 0.5 || p.right > f.right + 0.5 || p.top < f.top - 0.5 || p.bottom > f.bottom + 0.5) {
        out.push(`${part.className || part.tagName} sticks out of ${frame.className}: ` +
                 `${Math.round(p.left)}–${Math.round(p.right)} × ${Math.round(p.top)}–${Math.round(p.bottom)} in ` +
                 `${Math.round(f.left)}–${Math.round(f.right)} × ${Math.round(f.top)}–${Math.round(f.bottom)}`);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_home_pages_pictures_and_the_rules_diagrams_lie_inside_their_frames(browser, live_url, width):
    """Each game's picture on the home page stays inside its card (and so never covers the next one), and
    each diagram of a rules page inside its figure; nothing makes the page scroll sideways."""
    context = browser.new_context(base_url=live_url, viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        page.goto("/")
        assert page.locator(".home-game").count() == len(rules_games())  # the toy kind's card too
        assert page.evaluate(FRAMES, [".home-game", ".home-game-picture, .home-game-picture *"]) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"home-{width}")
        for game in GAMES:
            page.goto(f"/rules/{game.kind}/")
            assert page.evaluate(FRAMES, ["figure.rules-figure", "figure.rules-figure *"]) == [], game.kind
            assert page.evaluate("document.documentElement.scrollWidth") <= width, game.kind
    finally:
        context.close()
