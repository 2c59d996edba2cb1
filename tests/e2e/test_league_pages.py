"""The league pages in headless Chromium, as a player sees them on a 390 px phone and a 1280 px screen:
no column of a league table is cut off or pushed out of view, the season selector is labelled and
shows a finished season's final table with places and movements, and the new-league form shows a
game's own settings and the division settings only for a league with divisions."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import services as game_services
from games.models import GameStatus
from leagues import services
from leagues.models import Fixture
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("LEAGUE_SCREENSHOTS")  # a folder: save screenshots of the league pages there
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
NAMES = ["Annemarie van den Berg", "Bartholomew Fitzgerald-Hughes", "Chiara Lombardi", "Dmitri Alexandrovich",
         "Evangeline Okonkwo-Whitfield", "Femke de Vries", "Guillermo Castellanos", "Hyun-woo Park"]


def forfeit_first_seat_of(fixtures):
    """Results without playing: the organiser's awarded forfeit (seat 0 loses), as a real league has."""
    for fixture in fixtures:
        game_services.game_forfeit(game_id=fixture.game_id, seat_index=0, reason="forfeit", awarded=True)


@pytest.fixture
def leagues_site(live_url, monkeypatch, make_user):
    """A friends league of five with results and a replayed fixture, and a league with divisions whose
    first season is over (promotion and relegation recorded) and whose second takes registrations; made
    before the browser starts.  Returns the league ids and a session cookie for the first player."""
    stand_in_lexicons(monkeypatch, {"en": ["cat"], "nl": ["kat"]})
    users = [make_user(username=f"player{i}", display_name=name, language="nl" if i == 7 else "en")
             for i, name in enumerate(NAMES)]
    friends = services.league_create(creator=users[0], name="Thursday crossword club", kind="crossword",
                                     options={"tile_set": "en", "challenge": "double"}, format="friends")
    for user in users[:5]:
        services.league_join(league_id=friends.pk, user=user)
    services.season_start(league_id=friends.pk, actor=users[0])
    fixtures = list(Fixture.objects.filter(division__season__league=friends).order_by("pk"))
    forfeit_first_seat_of(fixtures[:7])
    aborted = fixtures[7].game
    game_services.game_resign(game_id=aborted.pk, user=aborted.seats.get(index=0).user)
    services.fixture_ended(game_id=aborted.pk)  # the replay, as the event's handler makes it

    big = services.league_create(creator=users[0], name="Open crossword league", kind="crossword",
                                 options={"tile_set": "en"}, division_min=4, division_max=7, promote=1, relegate=1)
    for user in users:
        services.league_join(league_id=big.pk, user=user)
    services.season_start(league_id=big.pk, actor=users[0])
    forfeit_first_seat_of(Fixture.objects.filter(division__season__league=big).order_by("pk")[:10])
    services.season_end(league_id=big.pk, actor=users[0])
    assert not Fixture.objects.filter(game__status=GameStatus.ACTIVE, division__season__league=big).exists()

    cookies = {}
    for language, user in (("en", users[0]), ("nl", users[7])):
        client = Client()
        client.force_login(user)
        cookies[language] = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}
    return {"friends": friends.pk, "big": big.pk, "cookie": cookies["en"], "cookie_nl": cookies["nl"]}


def open_page(browser, live_url, cookie, viewport, path):
    context = browser.new_context(base_url=live_url, viewport=viewport)
    context.set_default_timeout(5000)
    context.add_cookies([cookie])
    page = context.new_page()
    page.goto(path)
    return context, page


def shot(page, name):
    """The whole page, in pieces of one screen's height (a long page shrunk to one picture is unreadable)."""
    if not SHOTS:
        return
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    total = page.evaluate("document.documentElement.scrollHeight")
    for part, top in enumerate(range(0, total, height)):
        clip = {"x": 0, "y": top, "width": width, "height": min(height, total - top)}
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{part}.png"), full_page=True, clip=clip)


def assert_tables_fit(page, width):
    """No table is wider than its box (nothing to scroll sideways) and every cell ends inside the screen."""
    wraps = page.locator(".table-wrap")
    assert wraps.count() > 0
    for i in range(wraps.count()):
        scroll, client = wraps.nth(i).evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert scroll <= client, f"table {i} is {scroll} px wide in a box of {client} px"
    rights = page.evaluate(
        "() => [...document.querySelectorAll('table.standings th, table.standings td')]"
        ".filter(c => c.offsetParent !== null).map(c => c.getBoundingClientRect().right)"
    )
    assert rights and max(rights) <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def visible_headers(page):
    return page.locator("#division-1 table.standings thead th:visible").all_inner_texts()


def test_the_friends_table_fits_a_phone_and_shows_every_column_on_a_screen(leagues_site, browser, live_url):
    path = f"/leagues/{leagues_site['friends']}/"
    context, page = open_page(browser, live_url, leagues_site["cookie"], PHONE, path)
    try:
        expect(page.locator("table.standings tbody tr")).to_have_count(5)
        assert_tables_fit(page, PHONE["width"])
        assert visible_headers(page) == ["#", "Player", "P", "W-D-L", "Pts"]
        expect(page.get_by_text("Division 1")).to_have_count(0)  # one group: no division heading
        expect(page.locator(".fixture .tag", has_text="replay")).to_have_count(1)
        shot(page, "friends-390")
    finally:
        context.close()
    context, page = open_page(browser, live_url, leagues_site["cookie"], DESKTOP, path)
    try:
        assert visible_headers(page) == ["#", "Player", "P", "W", "D", "L", "+/−", "Pts", "Rating"]
        assert_tables_fit(page, DESKTOP["width"])
        shot(page, "friends-1280")
    finally:
        context.close()


def test_the_tables_fit_a_phone_in_dutch_too(leagues_site, browser, live_url):
    for path in (f"/leagues/{leagues_site['friends']}/", f"/leagues/{leagues_site['big']}/?season=1"):
        context, page = open_page(browser, live_url, leagues_site["cookie_nl"], PHONE, path)
        try:
            expect(page.locator("html")).to_have_attribute("lang", "nl")
            assert visible_headers(page) == ["#", "Speler", "GS", "W-G-V", "Ptn"]
            assert_tables_fit(page, PHONE["width"])
            shot(page, "dutch-" + path.strip("/").replace("/", "-").replace("?season=", "-season-"))
        finally:
            context.close()


def test_a_finished_season_is_chosen_by_its_label_and_shows_its_final_table(leagues_site, browser, live_url):
    path = f"/leagues/{leagues_site['big']}/"
    context, page = open_page(browser, live_url, leagues_site["cookie"], PHONE, path)
    try:
        # The season taking registrations shows the last season's final table below the list.
        expect(page.locator(".previous-season")).to_contain_text("Season 1: final table")
        assert_tables_fit(page, PHONE["width"])
        shot(page, "divisions-registration-390")
        page.get_by_label("Show season").select_option(label="Season 1 · Finished")
        page.get_by_role("button", name="Show").click()
        expect(page).to_have_url(re.compile(r"\?season=1"))
        expect(page.locator("h2#season")).to_contain_text("Season 1 · Finished")
        top, bottom = page.locator("#division-1"), page.locator("#division-2")
        expect(top.locator("tbody tr").first.locator("td").first).to_have_text("1")
        expect(top.locator("tr[data-movement=down]")).to_have_count(1)
        expect(bottom.locator("tr[data-movement=up] td").first).to_contain_text("▲")
        assert_tables_fit(page, PHONE["width"])
        shot(page, "divisions-finished-390")
    finally:
        context.close()
    context, page = open_page(browser, live_url, leagues_site["cookie"], DESKTOP, f"{path}?season=1")
    try:
        assert visible_headers(page)[-1] == "Next season"
        expect(page.locator("#division-1 tr[data-movement=down]")).to_contain_text("relegated")
        assert_tables_fit(page, DESKTOP["width"])
        shot(page, "divisions-finished-1280")
    finally:
        context.close()


def test_the_new_league_form_shows_the_chosen_games_settings_and_divisions_only_when_chosen(
        leagues_site, browser, live_url):
    context, page = open_page(browser, live_url, leagues_site["cookie"], PHONE, "/leagues/new/")
    try:
        expect(page.locator("#divisions")).to_be_hidden()  # a friends league by default
        page.get_by_label("Game", exact=True).select_option("crossword")
        expect(page.locator("#options-crossword")).to_be_visible()
        expect(page.locator("#options-spell")).to_be_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shot(page, "new-league-390")
        page.get_by_label("Name", exact=True).fill("Sunday league")
        page.locator("#options-crossword").get_by_text("Double challenge").click()
        page.get_by_text("Divisions", exact=True).first.click()
        expect(page.locator("#divisions")).to_be_visible()
        shot(page, "new-league-divisions-390")
        page.get_by_label("Smallest division").fill("4")
        page.get_by_label("Largest division").fill("5")  # cannot split 8 players: refused beside the field
        page.get_by_role("button", name="Create the league").click()
        error = page.locator("#id_division_min_error")
        expect(error).to_contain_text("The largest division must be at least 7")
        expect(error).to_be_in_viewport()
        page.get_by_label("Largest division").fill("8")
        page.get_by_role("button", name="Create the league").click()
        expect(page.locator("h1")).to_have_text("Sunday league")
        expect(page.locator(".league-facts")).to_contain_text("double challenge")
        expect(page.locator(".league-facts")).to_contain_text("divisions of 4–8")
    finally:
        context.close()


def test_the_league_list_leaderboard_and_profile_fit_a_phone_with_ratings_in_words(leagues_site, browser, live_url):
    for path, name in (("/leagues/", "league-list"), ("/ratings/", "leaderboards"),
                       ("/ratings/crossword:en/", "leaderboard"), ("/accounts/players/player1/", "profile")):
        context, page = open_page(browser, live_url, leagues_site["cookie"], PHONE, path)
        try:
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
            expect(page.locator("main")).not_to_contain_text("crossword:en")
            if name != "league-list":
                expect(page.locator("main")).to_contain_text("Crossword (English)")
            shot(page, f"{name}-390")
        finally:
            context.close()
