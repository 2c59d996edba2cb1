"""In headless Chromium: a player who confirms moves ("always") sends a play only after saying yes to
"Play WINDY for 32 points?"; the "Next game" link turns into the thing to do after a move and the N key
opens the game with the least time left; My games lists the games awaiting a move least time left
first.  Screenshots of both pages at 1280 and 390 px go to NEXT_GAME_SCREENSHOTS when it names a folder."""

import os
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.models import Move, Seat
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import crossword, in_thread, open_game, page_for, square, tab_until  # noqa: F401

pytestmark = pytest.mark.browser

LIVE = 5000
SHOTS = os.environ.get("NEXT_GAME_SCREENSHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/next_{name}.png", full_page=True)


def place_windy(page) -> None:
    """WINDY across from 8D by keyboard (its N goes onto the board, not to the next game)."""
    tab_until(page, "(el) => el.getAttribute('role') === 'gridcell'")
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    page.keyboard.type("WINDY")
    expect(page.locator("#cw-preview .total")).to_have_text("Score: 32")


def moves_made(game) -> int:
    return in_thread(lambda: Move.objects.filter(game=game).count())


def test_with_confirmation_always_the_play_is_sent_only_after_saying_yes(crossword, new_page):  # noqa: F811
    game, mover, waiter = crossword["game"], crossword["mover"], crossword["waiter"]
    in_thread(lambda: get_user_model().objects.filter(pk=mover.pk).update(confirm_moves="always"))
    me = open_game(new_page, crossword, mover)
    other = open_game(new_page, crossword, waiter)
    place_windy(me)
    assert me.url.endswith(f"/games/{game.pk}/")

    asked = []
    me.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    me.locator("#cw [data-action='play']").click()
    expect(me.locator("#cw .sq.pending")).to_have_count(5)  # "no": the tiles stay, nothing is sent
    assert asked == ["Play WINDY for 32 points?"]
    me.wait_for_timeout(500)
    assert moves_made(game) == 0

    me.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    me.locator("#cw [data-action='play']").click()
    expect(square(other, 7, 3)).to_have_attribute("data-letter", "W", timeout=LIVE)
    assert asked == ["Play WINDY for 32 points?"] * 2 and moves_made(game) == 1


def test_a_pass_asks_its_own_question_only_once_with_confirmation_always(crossword, new_page):  # noqa: F811
    game, mover = crossword["game"], crossword["mover"]
    in_thread(lambda: get_user_model().objects.filter(pk=mover.pk).update(confirm_moves="always"))
    me = open_game(new_page, crossword, mover)
    asked = []
    me.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    me.locator("#cw [data-action='pass']").click()
    expect(me.locator("#game-announcer")).to_contain_text("Waiting for", timeout=LIVE)
    assert asked == ["Pass this turn?"] and moves_made(game) == 1


@pytest.fixture
def other_games(crossword, make_user):  # noqa: F811
    """Besides the Crossword game, two toy games await the mover's move: ``soon`` runs out in 5 hours,
    the other in 2 days.  Made before the browser starts."""
    mover = crossword["mover"]
    now = timezone.now()
    games = {}
    for name, left in (("later", timedelta(days=2)), ("soon", timedelta(hours=5))):
        game = services.game_create(creator=mover, kind="toy", opponents=[make_user(username=f"opp-{name}")], seed=3)
        # The mover's own seat, wherever the game seated them.
        Seat.objects.filter(game=game, user=mover).update(deadline=now + left, to_act=True)
        Seat.objects.filter(game=game).exclude(user=mover).update(deadline=None, to_act=False)
        games[name] = game
    return games


def test_after_a_move_next_game_leads_on_and_n_opens_the_least_time_left(crossword, other_games, new_page):  # noqa: F811
    game, mover = crossword["game"], crossword["mover"]
    me = open_game(new_page, crossword, mover)
    link = me.locator("#next-game-link")
    expect(link).to_be_visible()
    expect(me.locator("#next-game-status")).to_have_text("2 other games await your move.")
    expect(me.locator("#next-game")).not_to_have_class("next-game ready")  # Play comes first
    place_windy(me)  # typing N onto the board does not leave the page
    assert me.url.endswith(f"/games/{game.pk}/")
    me.locator("#cw [data-action='play']").click()

    # The move is made: without a reload, the next game is what the page offers.
    expect(me.locator("#next-game")).to_have_class("next-game ready", timeout=LIVE)
    expect(me.locator("#next-game-status")).to_have_text("2 other games await your move.")
    shot(me, "game_after_move_1280")
    me.locator("h1").click()
    me.keyboard.press("n")
    expect(me).to_have_url(f"{crossword['live_url']}/games/{other_games['soon'].pk}/")
    # From there, the next is the other one; the Crossword game waits for the opponent.
    expect(me.locator("#next-game-status")).to_have_text("One other game awaits your move.")
    me.wait_for_load_state("load")  # the status is drawn by the server; the N key waits for game.js
    me.locator("h1").click()
    me.keyboard.press("n")
    expect(me).to_have_url(f"{crossword['live_url']}/games/{other_games['later'].pk}/")


def test_screens_of_the_next_game_link_and_my_games(crossword, other_games, new_page):  # noqa: F811
    mover = crossword["mover"]
    for width, height in ((1280, 800), (390, 844)):
        page = page_for(new_page, crossword["cookies"][mover.username], width=width, height=height)
        page.goto(f"/games/{crossword['game'].pk}/")
        expect(page.locator("#game")).to_have_attribute("data-live", "1")
        link = page.locator("#next-game-link")
        expect(link).to_be_visible()
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width  # no sideways scrolling on a phone
        shot(page, f"game_{width}")
        page.goto("/games/")
        rows = page.locator("#my-games tbody tr")
        expect(rows).to_have_count(3)
        ids = [rows.nth(i).get_attribute("data-game") for i in range(3)]
        assert ids == [str(other_games["soon"].pk), str(other_games["later"].pk), str(crossword["game"].pk)]
        shot(page, f"dashboard_{width}")
