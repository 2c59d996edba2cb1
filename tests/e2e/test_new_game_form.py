"""The new-game form and the header in headless Chromium, used as a person would: choose a game, set
its options with the controls it shows (and only those), find the opponent by typing the start of
their name and picking a suggestion, create the game; then read back, through the API, exactly the
options it was created with.  And the header fits one line on a 390 px phone, bell and badge visible."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import services
from lexicons.term_decks import starter_deck_load
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("NEW_GAME_SCREENSHOTS")  # a folder: save screenshots of the form there
KINDS = ("crossword", "turnspell", "spellcrafter", "spell")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def site(live_url, monkeypatch, make_user):
    """Word lists in English and Dutch, the English term deck, and three players to challenge; made
    before the browser starts (Django refuses database calls once Playwright's loop runs here)."""
    stand_in_lexicons(monkeypatch, {"en": ["cat"], "nl": ["kat"]})
    starter_deck_load(language="en")
    make_user(username="ben", display_name="Ben Bakker")
    make_user(username="bea", display_name="Beatrix")
    make_user(username="cleo", display_name="Cleo")


def pick_opponent(page, number, typed, username):
    """Type the start of a name into an opponent box and choose the player from the suggestions."""
    box = page.get_by_label(f"Opponent {number}", exact=True)
    box.press_sequentially(typed, delay=30)
    suggestions = page.locator(f"#opponent-{number}-list")
    expect(suggestions).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    suggestions.get_by_role("option").filter(has_text=re.compile(rf"\b{username}\b")).click()
    expect(box).to_have_value(username)
    expect(suggestions).to_be_hidden()


def choose_game(page, kind):
    page.get_by_label("Game", exact=True).select_option(kind)
    section = page.locator(f"#options-{kind}")
    expect(section).to_be_visible()
    for other in KINDS:  # only the chosen game's settings show
        if other != kind:
            expect(page.locator(f"#options-{other}")).to_be_hidden()
    return section


def created_game(page):
    """The game the form made, as its creator sees it through the API."""
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    game_id = re.search(r"/games/(\d+)/$", page.url).group(1)
    answer = page.request.get(f"/api/games/{game_id}/")
    assert answer.ok
    return answer.json()


def test_a_crossword_challenge_with_dutch_tiles_double_challenge_and_casual(site, sign_up):
    page = sign_up("ann")
    page.goto("/games/new/")
    section = choose_game(page, "crossword")
    section.get_by_label("Dutch (102 tiles)").check()
    # Only the Dutch word list fits Dutch tiles: the English one is no longer offered.
    lexicon = section.get_by_label("Word list", exact=True)
    expect(lexicon.locator("option:not([disabled])")).to_have_count(1)
    expect(lexicon).to_have_value("nl")
    section.get_by_label("Double challenge").check()
    expect(section.get_by_text("Outside dictionaries are on the honour system, as in postal play.")).to_be_visible()
    pick_opponent(page, 1, "be", "ben")
    expect(page.get_by_label("Opponent 2", exact=True)).to_be_hidden()  # two players: one opponent
    page.get_by_label("Days per move").select_option(label="5 days")
    page.get_by_label("Casual").check()
    shot(page, "crossword-form")
    page.get_by_role("button", name="Create the game").click()
    game = created_game(page)
    assert game["kind"] == "crossword" and game["status"] == "challenge" and game["days_per_move"] == 5
    assert game["options"] == {"tile_set": "nl", "lexicon": "nl", "challenge": "double", "rated": False}
    assert [s["username"] for s in game["seats"]] == ["ann", "ben"]


def test_a_turnspell_game_of_three_named_by_their_display_names(site, sign_up):
    page = sign_up("ann")
    page.goto("/games/new/")
    section = choose_game(page, "turnspell")
    section.get_by_label("Number of players").select_option(label="3 players")
    pick_opponent(page, 1, "Beat", "bea")  # found by display name: Beatrix
    pick_opponent(page, 2, "cl", "cleo")
    page.get_by_role("button", name="Create the game").click()
    game = created_game(page)
    assert game["kind"] == "turnspell" and game["days_per_move"] == 3
    assert game["options"] == {"lexicon": "en"}
    assert [s["username"] for s in game["seats"]] == ["ann", "bea", "cleo"]


def test_a_spellcrafter_open_seek_of_two_rounds_waits_in_the_lobby_in_words(site, sign_up):
    page = sign_up("ann")
    page.goto("/games/new/")
    section = choose_game(page, "spellcrafter")
    section.get_by_label("Number of players").select_option(label="3 players")
    section.get_by_label("Rounds").select_option(label="2 rounds")
    page.get_by_label("Anyone").check()
    expect(page.get_by_label("Opponent 1", exact=True)).to_be_hidden()
    page.get_by_role("button", name="Create the game").click()
    expect(page).to_have_url(re.compile(r"/lobby/$"))
    row = page.locator("#seeks tr[data-seek]")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Spellcrafter")
    expect(row).to_contain_text("2 rounds · 3 days per move · rated")
    seeks = page.request.get("/api/seeks/").json()["results"]
    seeks = seeks.get("results", seeks) if isinstance(seeks, dict) else seeks
    assert [(s["kind"], s["options"]) for s in seeks] == [("spellcrafter", {"rounds": 2, "lexicon": "en"})]


def test_a_spell_game_is_cooperative_with_side_b(site, sign_up):
    page = sign_up("ann")
    page.goto("/games/new/")
    section = choose_game(page, "spell")
    # Cooperative: no rated/casual choice, a note instead.
    expect(page.get_by_label("Casual")).to_be_hidden()
    expect(page.get_by_text("Spell is cooperative: it is never rated.")).to_be_visible()
    section.get_by_label("Number of players").select_option(label="3 players")
    section.get_by_label("Always side B").check()
    pick_opponent(page, 1, "ben", "ben")
    pick_opponent(page, 2, "cle", "cleo")
    # The keyboard works too: take the second opponent back and choose again with the arrow keys.
    box = page.get_by_label("Opponent 2", exact=True)
    box.fill("")
    box.press_sequentially("c", delay=30)
    expect(page.locator("#opponent-2-list").get_by_role("option")).to_have_count(1)
    box.press("ArrowDown")
    expect(box).to_have_attribute("aria-activedescendant", "opponent-2-list-0")
    box.press("Enter")
    expect(box).to_have_value("cleo")
    shot(page, "spell-form")
    page.get_by_role("button", name="Create the game").click()
    game = created_game(page)
    assert game["kind"] == "spell" and game["options"] == {"language": "en", "side": 1}
    assert [s["username"] for s in game["seats"]] == ["ann", "ben", "cleo"]


def test_a_refusal_is_shown_beside_the_names_in_words(site, sign_up):
    page = sign_up("ann")
    page.goto("/games/new/")
    choose_game(page, "crossword")
    page.get_by_label("Opponent 1", exact=True).fill("nobody-here")
    page.get_by_role("button", name="Create the game").click()
    error = page.locator("#opponents .errorlist")
    expect(error).to_have_text("No player called nobody-here.")
    expect(error).to_be_in_viewport()
    expect(page.locator("#options-crossword")).to_be_visible()  # the chosen game is still chosen


@pytest.fixture
def awaiting(request, live_url, make_user):
    """A player (speaking ``request.param``) with a long name and a game awaiting their move, so the
    badge shows; signed in by cookie."""
    ann = make_user(username="ann", display_name="Annemarie van den Berg", language=request.param)
    ben = make_user(username="ben")
    game = services.game_create(creator=ben, kind="toy", opponents=[ann], seed=1)
    game.refresh_from_db()
    services.game_submit_move(game_id=game.pk, user=ben, move={"type": "add", "n": 1}, version=game.version,
                              idempotency_key="first")
    client = Client()
    client.force_login(ann)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


@pytest.mark.parametrize("awaiting", ["en", "nl"], indirect=True)
def test_the_header_fits_one_line_on_a_phone(awaiting, browser, live_url):
    context = browser.new_context(base_url=live_url, viewport={"width": 390, "height": 844})
    context.add_cookies([awaiting])
    page = context.new_page()
    try:
        page.goto("/lobby/")
        header = page.locator("header.site-header")
        badge = page.locator("#awaiting-badge")
        bell = page.locator("header .bell")
        menu = page.locator("details.site-menu > summary")
        for item in (page.locator("header .brand"), badge, bell, menu):
            expect(item).to_be_visible()
        expect(badge).to_have_text("1")
        # One line: every item of the header sits within one line's height, nothing sticks out sideways.
        box = header.bounding_box()
        assert box["height"] < 64
        for item in (page.locator("header .brand"), page.locator("header .nav-games"), bell, menu):
            item_box = item.bounding_box()
            assert item_box["y"] >= box["y"] and item_box["y"] + item_box["height"] <= box["y"] + box["height"]
            assert item_box["x"] + item_box["width"] <= 390
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"header-{page.locator('html').get_attribute('lang')}-390.png"))
        # The menu holds the rest, and Escape closes it.
        menu.click()
        lobby = page.locator(".menu-panel").get_by_role("link", name=re.compile("^Lobby$"))
        expect(lobby).to_be_visible()
        assert page.locator(".menu-panel").bounding_box()["x"] >= 0
        page.keyboard.press("Escape")
        expect(lobby).to_be_hidden()
        menu.click()
        lobby.click()
        expect(page).to_have_url(re.compile(r"/lobby/$"))
    finally:
        context.close()
