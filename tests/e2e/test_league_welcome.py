"""Leagues that welcome, in headless Chromium at 1280 px and on a 390 px phone: a player signs up, makes a
league through the form (the "Play in this league myself" box ticked as it comes) and finds themselves
registered; once the season starts the bell tells them once, naming the league and linking to it; and a
league game's page names its league, season and round under the title, inside the screen.  axe finds no
critical or serious problem on the pages shown."""

import os
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import assert_accessible, in_thread
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("LEAGUE_SCREENSHOTS")  # a folder: save screenshots there
WIDTHS = {1280: {"width": 1280, "height": 900}, 390: {"width": 390, "height": 844}}


@pytest.fixture
def others(live_url, monkeypatch, make_user):
    """Four players who will join, made before the browser starts (Crossword's word lists stood in)."""
    stand_in_lexicons(monkeypatch, {"en": ["cat"], "nl": ["kat"]})
    return [make_user(username=f"friend{i}") for i in range(4)]


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"league_{name}.png"), full_page=True)


def join_and_start(league_id: int, creator_name: str, others) -> None:
    from django.contrib.auth import get_user_model

    from leagues import services
    from leagues.models import League

    def work():
        token = League.objects.get(pk=league_id).invite_token  # invite only, as the form offers it
        for user in others:
            services.league_join(league_id=league_id, user=user, token=token)
        creator = get_user_model().objects.get(username=creator_name)
        services.season_start(league_id=league_id, actor=creator)  # its event is delivered on commit

    in_thread(work)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_creator_makes_a_league_plays_in_it_and_is_told_once_when_it_starts(others, sign_up, width):
    page = sign_up(f"maker{width}", viewport=WIDTHS[width], bypass_csp=True)  # axe is injected inline
    page.goto("/leagues/new/")
    plays = page.get_by_label("Play in this league myself")
    expect(plays).to_be_checked()
    page.get_by_label("Name", exact=True).fill("Friday club")
    page.get_by_label("Game", exact=True).select_option("crossword")
    shot(page, f"form_{width}")
    page.get_by_role("button", name="Create the league").click()

    expect(page.locator("h1")).to_have_text("Friday club")
    expect(page.get_by_text("You are registered.")).to_be_visible()
    expect(page.locator("ul.registered li")).to_have_text([f"maker{width}"])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"created_{width}")
    assert_accessible(page, f"league-created-{width}")
    league_id = int(re.search(r"/leagues/(\d+)/", page.url).group(1))

    join_and_start(league_id, f"maker{width}", others)
    page.goto("/notifications/")
    told = page.locator("#notifications li", has_text="Season 1 of Friday club has started")
    expect(told).to_have_count(1)
    told.get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/leagues/{league_id}/$"))

    page.goto("/games/")
    labels = page.locator("#my-games .game-label")
    expect(labels).to_have_count(8)  # five friends: everyone twice
    expect(labels.first).to_contain_text("League: Friday club, season 1, round")
    shot(page, f"my_games_{width}")
    assert_accessible(page, f"league-my-games-{width}")
    page.locator("#my-games tbody tr").first.locator("td").first.get_by_role("link").first.click()
    label = page.locator("#game-label")
    expect(label).to_contain_text(re.compile(r"League: Friday club, season 1, round \d+"))
    box = label.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"game_{width}")
    assert_accessible(page, f"league-game-{width}")
    label.get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/leagues/{league_id}/$"))
