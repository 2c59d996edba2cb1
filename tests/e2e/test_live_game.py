"""End to end in headless Chromium: two people sign up, start a game, and watch each other's moves
arrive live, without reloading."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LIVE = 5000  # ms a live update may take to arrive


def challenge_to_toy_game(page, opponent):
    page.goto("/games/new/")
    page.select_option("select[name=kind]", "toy")
    page.fill("input[name=opponent]", opponent)
    page.locator("#new-game [type=submit]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    return page.url


def start_toy_game(page, opponent_page, opponent):
    """``page``'s player challenges ``opponent``, who accepts on the game page in ``opponent_page``."""
    game_url = challenge_to_toy_game(page, opponent)
    opponent_page.goto(game_url)
    opponent_page.locator("#game-challenge").get_by_role("button", name="Accept").click()
    expect(opponent_page.locator("#game-actions").get_by_role("button", name="Resign")).to_be_visible()
    page.reload()
    return game_url


def wait_until_live(page):
    # The page's sockets are open, so nothing broadcast from now on can be missed.
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    if page.locator("#game").count():
        expect(page.locator("#game")).to_have_attribute("data-live", "1")


def play(page, move):
    page.fill("#board input[name=move]", move)
    page.locator("#board [data-move-form] [type=submit]").click()


def test_a_move_in_one_browser_arrives_live_in_the_other(sign_up):
    ann = sign_up("ann")
    ben = sign_up("ben")
    wait_until_live(ben)  # on his dashboard since confirming his address
    game_url = challenge_to_toy_game(ann, "ben")

    # The challenge appears on Ben's open dashboard by itself; he accepts, and Ann moves first.
    row = ben.locator("#my-games tr[data-game]")
    expect(row).to_contain_text("Challenge for you", timeout=LIVE)
    row.get_by_role("button", name="Accept").click()
    expect(ben).to_have_url(game_url)
    expect(ann.locator("#status-line")).to_have_text("Your move", timeout=LIVE)
    expect(ben.locator("#status-line")).to_have_text("Waiting for the other players.")
    expect(ben.locator("#board input[name=move]")).to_have_count(0)
    wait_until_live(ben)

    play(ann, '{"type": "add", "n": 2}')
    expect(ben.locator("#view-json")).to_contain_text('"total": 2', timeout=LIVE)
    expect(ben.locator("#status-line")).to_have_text("Your move", timeout=LIVE)
    expect(ann.locator("#status-line")).to_have_text("Waiting for the other players.", timeout=LIVE)

    # Ann keeps the game open and also watches her dashboard in a second tab.
    dashboard = ann.context.new_page()
    dashboard.goto("/games/")
    ann_row = dashboard.locator(f"#my-games tr[data-game='{game_url.rstrip('/').rsplit('/', 1)[1]}']")
    expect(ann_row.locator(".status")).to_have_text("Waiting")
    wait_until_live(dashboard)
    wait_until_live(ann)

    play(ben, '{"type": "add", "n": 3}')
    expect(ann.locator("#view-json")).to_contain_text('"total": 5', timeout=LIVE)
    expect(ann.locator("#status-line")).to_have_text("Your move", timeout=LIVE)
    expect(ben.locator("#status-line")).to_have_text("Waiting for the other players.", timeout=LIVE)
    expect(ann_row.locator(".status")).to_have_text("Your move", timeout=LIVE)
    expect(ann_row).to_have_class(re.compile(r"\byour-move\b"), timeout=LIVE)
    expect(dashboard.locator("#awaiting-badge")).to_have_text("1", timeout=LIVE)
    expect(dashboard.locator("#awaiting-badge")).to_be_visible()


def test_an_illegal_move_shows_its_message_without_the_code_and_changes_nothing(sign_up):
    ann = sign_up("ann")
    ben = sign_up("ben")
    start_toy_game(ann, ben, "ben")
    wait_until_live(ann)
    board_before = ann.locator("#view-json").inner_text()

    play(ann, '{"type": "add", "n": 9}')
    expect(ann.locator("#move-error")).to_be_visible()
    expect(ann.locator("#move-error")).to_contain_text("n must be 1, 2 or 3.")
    expect(ann.locator("#move-error")).not_to_contain_text("BAD_MOVE")
    expect(ann.locator("#view-json")).to_have_text(board_before)
    expect(ann.locator("#status-line")).to_have_text("Your move")

    # Nothing was stored either: a fresh load shows the same board, and no moves in the log.
    ann.reload()
    expect(ann.locator("#view-json")).to_have_text(board_before)
    expect(ann.locator("#move-log li[data-seq]")).to_have_count(0)
