"""Turnspell in headless Chromium: two players choose on the page by tapping; the other sees
"has chosen" arrive live, never what; the turn resolves and the board spins on both pages."""

import re

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game

pytestmark = pytest.mark.browser

LIVE = 5000


# Games are made in fixtures listed before ``new_page``: once Playwright runs, this thread has an
# event loop and Django refuses database calls from it.
@pytest.fixture
def game(live_url, alice, bob):
    return services.game_create(creator=alice, kind="turnspell", opponents=[bob], seed=21)


@pytest.fixture
def game_with_a_tile_on_row_1(game):
    state = dict(game.state)
    state["boards"] = [[["A", None, None, None], [None] * 4, [None] * 4, [None] * 4], state["boards"][1]]
    Game.objects.filter(pk=game.pk).update(state=state)
    return game


def log_in(new_page, user):
    page = new_page()
    page.goto("/accounts/login/")
    page.fill("input[name=login]", user.username)
    page.fill("input[name=password]", "correct horse battery")
    page.locator("form[action$='/accounts/login/'] [type=submit]").click()
    expect(page.locator("body")).to_have_attribute("data-user", user.username)
    return page


def open_game(page, game):
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#game")).to_have_attribute("data-live", "1")


def test_two_players_choose_by_tapping_and_the_board_turns(game, new_page, alice, bob):
    ann, ben = log_in(new_page, alice), log_in(new_page, bob)
    open_game(ann, game)
    open_game(ben, game)

    ann.locator(".ts-arm.mine .ts-tile[data-take='1']").click()
    ann.locator(".ts-grid.mine .ts-cell[data-row='2'][data-col='1']").click()
    expect(ann.locator(".ts-summary")).to_have_text("Place L at row 3, column 2")
    ann.locator(".ts-submit").click()
    expect(ann.locator("#status-line")).to_contain_text("Waiting for 1 player", timeout=LIVE)
    expect(ann.locator("[data-my-choice]")).to_contain_text("place L at row 3, column 2")

    # Ben learns live that Ann has chosen, not what.
    expect(ben.locator(".ts-player[data-seat='0']")).to_have_attribute("data-chosen", "1", timeout=LIVE)
    expect(ben.locator(".ts-others .ts-cell.filled")).to_have_count(0)
    expect(ben.locator("body")).not_to_contain_text("row 3, column 2")

    ben.locator(".ts-arm.mine .ts-tile[data-take='0']").click()
    ben.locator(".ts-grid.mine .ts-cell[data-row='0'][data-col='0']").click()
    ben.locator(".ts-submit").click()

    for page in (ann, ben):
        expect(page.locator(".ts-ring")).to_have_attribute("data-turn", "2", timeout=LIVE)
        expect(page.locator(".ts-ring")).to_have_class(re.compile(r"\bspinning\b"))
        expect(page.locator(".ts-rotation-note")).to_contain_text("After turn 1 the board turned")
    expect(ann.locator(".ts-grid.mine .ts-cell[data-row='2'][data-col='1']")).to_have_attribute("data-letter", "L")
    expect(ben.locator(".ts-others .ts-cell.filled")).to_have_count(1)


def test_a_clear_is_chosen_with_the_button_beside_the_row(game_with_a_tile_on_row_1, new_page, alice):
    game = game_with_a_tile_on_row_1
    ann = log_in(new_page, alice)
    open_game(ann, game)
    expect(ann.locator(".ts-clear[data-clear='row'][data-index='1']")).to_be_disabled()
    ann.locator(".ts-clear[data-clear='row'][data-index='0']").click()
    expect(ann.locator(".ts-summary")).to_have_text("Clear row 1")
    ann.locator(".ts-submit").click()
    expect(ann.locator("[data-my-choice]")).to_contain_text("clear row 1", timeout=LIVE)
