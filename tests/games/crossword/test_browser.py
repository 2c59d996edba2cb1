"""The Crossword page in headless Chromium: tiles placed by keyboard, tap and drag, the server's preview,
and the play arriving live on the opponent's page."""

import os

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

LIVE = 5000
SHOTS = os.environ.get("CROSSWORD_SCREENSHOTS")  # a folder: save phone-size screenshots there


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
def started(lexicons, alice, bob, live_url):  # noqa: F811
    """A game with known racks and both players' session cookies, made before the browser starts
    (Django refuses database calls once Playwright's event loop runs in this thread)."""
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7)
    first = game.state["to_move"]
    racks = [list("WINDYAE"), list("CATS?OR")] if first == 0 else [list("CATS?OR"), list("WINDYAE")]
    set_racks(game, racks)
    mover, waiter = (alice, bob) if first == 0 else (bob, alice)
    return game.pk, session_cookie(mover, live_url), session_cookie(waiter, live_url)


def set_racks(game, racks):
    state = game.state
    pool = state["bag"] + [t for r in state["racks"] for t in r["tiles"]]
    for seat, rack in enumerate(racks):
        for tile in rack:
            pool.remove(tile)
        state["racks"][seat]["tiles"] = list(rack)
    state["bag"] = pool
    Game.objects.filter(pk=game.pk).update(state=state)


def square(page, row, col):
    return page.locator(f"#cw .sq[data-row='{row}'][data-col='{col}']")


def test_a_word_typed_on_the_board_is_previewed_played_and_seen_live(started, new_page):  # noqa: F811
    game_id, mover, waiter = started
    me = page_for(new_page, mover)
    other = page_for(new_page, waiter)
    me.goto(f"/games/{game_id}/")
    other.goto(f"/games/{game_id}/")
    expect(me.locator("#status-line")).to_contain_text("Your move")
    expect(me.locator("#game")).to_have_attribute("data-live", "1")
    expect(other.locator("#game")).to_have_attribute("data-live", "1")

    # Keyboard: choose 8D, type the word; the preview is the server's count.
    square(me, 7, 3).click()
    me.keyboard.type("WINDY")
    expect(me.locator("#cw-preview")).to_contain_text("WINDY (8D across) 32")
    expect(me.locator("#cw-preview .total")).to_have_text("Score: 32")
    me.keyboard.press("Backspace")
    expect(me.locator("#cw-preview")).to_have_text("The first word must cover the centre square 8H.")
    # Backspace left the chosen square on 8H: tapping the Y puts it there.
    expect(square(me, 7, 7)).to_be_focused()
    me.locator("#cw-rack .rack-tile[data-tile='Y']").click()
    # Enter plays from the board: back to the square.
    square(me, 7, 7).focus()
    expect(me.locator("#cw-preview .total")).to_have_text("Score: 32")
    if SHOTS:
        me.screenshot(path=f"{SHOTS}/crossword-placing.png", full_page=True)
    me.keyboard.press("Enter")

    expect(square(other, 7, 3)).to_have_attribute("data-letter", "W", timeout=LIVE)
    expect(other.locator("#cw .cw-log li.last")).to_contain_text("WINDY")
    expect(other.locator("#cw .cw-log li.last")).to_contain_text("+32")
    expect(other.locator("#status-line")).to_contain_text("Your move")
    expect(square(other, 7, 7)).to_have_class("sq centre filled last")

    # The opponent drags A onto G7 (a double letter) and taps the blank then G9, naming it S: ADS down
    # through the D of WINDY scores A 2 + D 2 + blank 0.
    drag_to(other, other.locator("#cw-rack .rack-tile[data-tile='A']"), square(other, 6, 6))
    other.locator("#cw-rack .rack-tile[data-tile='?']").click()
    square(other, 8, 6).click()
    # The blank asks for its letter in a dialog of the page.
    other.get_by_role("dialog").get_by_label("Letter").fill("S")
    other.get_by_role("dialog").get_by_role("button", name="OK").click()
    expect(other.locator("#cw-preview")).to_contain_text("ADS (G7 down) 4")
    expect(other.locator("#cw-preview .total")).to_have_text("Score: 4")
    if SHOTS:
        other.screenshot(path=f"{SHOTS}/crossword-second.png", full_page=True)
    # Recall clears the placement and the preview.
    other.locator("[data-action='recall']").click()
    expect(other.locator("#cw .sq.pending")).to_have_count(0)
    expect(other.locator("#cw-preview")).to_have_text("")


def drag_to(page, source, target):
    box = source.bounding_box()
    goal = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(goal["x"] + goal["width"] / 2, goal["y"] + goal["height"] / 2, steps=8)
    page.mouse.up()
