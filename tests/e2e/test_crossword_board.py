"""The Crossword board in headless Chromium: tentative tiles kept over a reload (per game and turn), Recall
forgetting the cursor, a board as tall as the desktop window allows, and on a phone squares of at least
24×24 CSS px (WCAG 2.2 target size) in a frame that scrolls sideways with the rack still in reach."""

import os

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import SHOTS, crossword, in_thread, in_view, open_game, play_random, square  # noqa: F401

pytestmark = pytest.mark.browser

SHOT_DIR = SHOTS or os.environ.get("BOARD_SCREENSHOTS")


def rack_tile(page, letter):
    return page.locator(f"#cw-rack .rack-tile[data-tile='{letter}']:visible").first


def test_tentative_tiles_survive_a_reload_and_recall_forgets_the_cursor(crossword, new_page):  # noqa: F811
    me = open_game(new_page, crossword, crossword["mover"])
    # Square then tile: W on 8G, and the cursor moves on to 8H for the E.
    square(me, 7, 6).click()
    rack_tile(me, "W").click()
    rack_tile(me, "E").click()
    expect(me.locator("#cw .sq.pending")).to_have_count(2)
    expect(me.locator("#cw-preview .total")).to_have_text("Score: 10")

    me.reload()
    expect(me.locator("#game")).to_have_attribute("data-live", "1")
    expect(square(me, 7, 6).locator(".tile.tentative")).to_have_attribute("data-letter", "W")
    expect(square(me, 7, 7).locator(".tile.tentative")).to_have_attribute("data-letter", "E")
    expect(me.locator("#cw .sq.pending")).to_have_count(2)
    expect(me.locator("#cw-rack .rack-tile.used")).to_have_count(2)
    expect(me.locator("#cw-preview .total")).to_have_text("Score: 10")  # the preview runs again
    expect(me.locator("#cw [data-action='play']")).to_be_enabled()

    # Recall: no tile left, and none comes back with a reload; the cursor (8I) is forgotten, so
    # "tile then square" puts the tile on the square tapped.
    me.locator("#cw [data-action='recall']").click()
    expect(me.locator("#cw .sq.pending")).to_have_count(0)
    expect(me.locator("#cw .sq.cursor")).to_have_count(0)
    rack_tile(me, "D").click()
    expect(me.locator("#cw .sq.pending")).to_have_count(0)
    square(me, 9, 2).click()
    expect(square(me, 9, 2).locator(".tile.tentative")).to_have_attribute("data-letter", "D")
    expect(me.locator("#cw .sq.pending")).to_have_count(1)
    me.locator("#cw [data-action='recall']").click()
    me.reload()
    expect(me.locator("#game")).to_have_attribute("data-live", "1")
    expect(me.locator("#cw-rack .rack-tile")).to_have_count(7)
    expect(me.locator("#cw .sq.pending")).to_have_count(0)


def test_tiles_kept_for_a_turn_are_dropped_once_that_turn_is_over(crossword, new_page):  # noqa: F811
    waiter = open_game(new_page, crossword, crossword["waiter"])
    # The player waiting arranges tiles and leaves the page; the other player moves; back on the game,
    # the new turn shows without the tiles arranged for the old one.
    square(waiter, 0, 0).click()
    rack_tile(waiter, "C").click()
    expect(waiter.locator("#cw .sq.pending")).to_have_count(1)
    waiter.goto("/")
    assert waiter.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('letterpost:cw:')).length") == 1
    in_thread(play_random, crossword["game"], 1, seed=3)
    waiter.goto(f"/games/{crossword['game'].pk}/")
    expect(waiter.locator("#game")).to_have_attribute("data-live", "1")
    expect(waiter.locator("#cw .sq.pending")).to_have_count(0)
    assert waiter.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('letterpost:cw:')).length") == 0


def board_box(page):
    return page.locator("#cw .cw-grid").bounding_box()


def test_on_a_desktop_the_board_takes_the_height_of_the_window(crossword, new_page):  # noqa: F811
    in_thread(play_random, crossword["game"], 6, seed=5)
    me = open_game(new_page, crossword, crossword["mover"], width=1280, height=800)
    square(me, 2, 2).click()
    if SHOT_DIR:
        me.screenshot(path=f"{SHOT_DIR}/board_1280.png")
    box = board_box(me)
    # Most of the window's height, down to its bottom edge, and square.
    assert box["height"] > 620, box
    assert box["y"] + box["height"] <= 800, box
    assert abs(box["width"] - box["height"]) < 40, box
    # The rack and the move log beside it, on the same screen, without scrolling the page.
    for part in ("#cw-rack", "#cw .cw-log ol"):
        side = me.locator(part).bounding_box()
        assert side["x"] >= box["x"] + box["width"], part
        assert in_view(me, me.locator(part)), part
    assert me.evaluate("window.scrollY") == 0


def test_on_a_phone_every_square_is_at_least_24_px_and_the_rack_stays_in_reach(crossword, new_page):  # noqa: F811
    in_thread(play_random, crossword["game"], 6, seed=5)
    me = open_game(new_page, crossword, crossword["mover"], width=390, height=844)
    sizes = me.locator("#cw .sq").evaluate_all(
        "(all) => all.map((sq) => { const r = sq.getBoundingClientRect(); return [r.width, r.height]; })")
    assert len(sizes) == 225
    assert min(w for w, h in sizes) >= 24 and min(h for w, h in sizes) >= 24, min(sizes)
    # Premium labels readable.
    fonts = me.locator("#cw .sq .prem").evaluate_all(
        "(all) => all.filter((p) => !p.hidden).map((p) => parseFloat(getComputedStyle(p).fontSize))")
    assert fonts and min(fonts) >= 9, min(fonts)
    # The page itself is no wider than the screen: the board scrolls sideways in its frame.
    assert me.evaluate("document.documentElement.scrollWidth") <= 390
    # Tapping a square at the far right: the frame scrolls it into view, and the rack is on the screen.
    me.locator("#cw .cw-board-wrap").scroll_into_view_if_needed()
    far = square(me, 7, 14)
    far.click()
    expect(me.locator("#cw .sq.cursor")).to_have_count(1)
    me.wait_for_timeout(400)
    if SHOT_DIR:
        me.screenshot(path=f"{SHOT_DIR}/board_390_tap.png")
    assert in_view(me, far), far.bounding_box()
    assert in_view(me, me.locator("#cw-rack")), me.locator("#cw-rack").bounding_box()
    # A tile placed there from the rack, without scrolling the page.
    scroll = me.evaluate("window.scrollY")
    rack_tile(me, "A").click()
    expect(far.locator(".tile.tentative")).to_have_attribute("data-letter", "A")
    assert me.evaluate("window.scrollY") == scroll
    if SHOT_DIR:
        me.screenshot(path=f"{SHOT_DIR}/board_390.png")
        me.screenshot(path=f"{SHOT_DIR}/board_390_full.png", full_page=True)
