"""The game page for players, in headless Chromium with two browser contexts (two players): a game that
ends on the other player's open page, the move log after many moves, refusals in words where the
player is looking, times in the viewer's zone over a live update, and the time zone a new player's
browser gives at sign-up."""

from datetime import datetime

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from core.timezones import zone_named
from games import services
from games.models import Game
from moderation.services import chat_post
from tests.e2e.conftest import browser, live_url, new_page, sign_up  # noqa: F401  (fixtures)
from tests.e2e.helpers import SHOTS, ZONE, crossword, in_thread, in_view, open_game, play_random, square  # noqa: F401

pytestmark = pytest.mark.browser

LIVE = 5000  # ms a live update may take to arrive


def test_a_resignation_ends_the_game_live_on_the_other_players_page(crossword, new_page):  # noqa: F811
    game, mover, waiter = crossword["game"], crossword["mover"], crossword["waiter"]

    def first_moves():  # both make their first move: WINDY through the centre for 32, then a pass
        services.game_submit_move(game_id=game.pk, user=mover, version=game.version, idempotency_key="m1",
                                  move={"type": "place", "gcg": "8D WINDY"})
        game.refresh_from_db()
        services.game_submit_move(game_id=game.pk, user=waiter, version=game.version, idempotency_key="m2",
                                  move={"type": "pass"})

    in_thread(first_moves)
    watcher = open_game(new_page, crossword, mover)
    resigner = open_game(new_page, crossword, waiter)
    expect(watcher.locator("#resign-form")).to_be_visible()
    expect(watcher.locator("#cw [data-action='play']")).to_be_visible()
    expect(watcher.locator("#game-clocks")).to_be_visible()
    expect(watcher.locator("#game-banner")).to_be_empty()

    resigner.once("dialog", lambda dialog: dialog.accept())
    resigner.locator("#resign-form button").click()

    banner = watcher.locator("#game-banner .result-banner")
    expect(banner).to_be_visible(timeout=LIVE)
    expect(banner.locator(".result-headline")).to_contain_text(f"{mover.username} won 32–0")
    expect(banner.locator(".result-reason")).to_have_text(f"{waiter.username} resigned.")
    # Both were rated 1500: the winner gains what the loser gives up.
    ratings = banner.locator(".result-ratings li")
    expect(ratings).to_have_count(2, timeout=LIVE)
    expect(ratings.filter(has_text=f"{mover.username}: rating 1500 → 1520")).to_contain_text("(+20)")
    expect(ratings.filter(has_text=f"{waiter.username}: rating 1500 → 1480")).to_contain_text("(-20)")
    # Every control that belonged to the running game is gone, without a reload.
    expect(watcher.locator("#resign-form")).to_have_count(0)
    expect(watcher.locator("#cw .cw-actions")).to_have_count(0)
    expect(watcher.locator("#game-clocks")).to_have_count(0)
    expect(watcher.locator("#status-line")).to_have_text("Game over.")
    expect(watcher.locator("#game-announcer")).to_have_text("Game over.")
    expect(resigner.locator("#resign-form")).to_have_count(0, timeout=LIVE)
    expect(resigner.locator("#game-banner .result-headline")).to_contain_text(f"{mover.username} won 32–0")
    if SHOTS:
        watcher.screenshot(path=f"{SHOTS}/resigned-live.png", full_page=True)
    # A reload shows the same page.
    banner_text = banner.inner_text()
    watcher.reload()
    expect(watcher.locator("#game-banner .result-banner")).to_have_text(banner_text)


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_move_log_shows_the_latest_move_after_fifteen_moves(crossword, new_page, width, height):  # noqa: F811
    game = in_thread(play_random, crossword["game"], 14, seed=5)
    seats = in_thread(lambda: {s.index: s.user for s in game.seats.all()})
    mover_user, watcher_user = seats[game.state["to_move"]], seats[1 - game.state["to_move"]]
    watcher = open_game(new_page, crossword, watcher_user, width=width, height=height)
    log = watcher.locator("#cw .cw-log ol")
    expect(log.locator("li")).to_have_count(14)

    # The 15th move arrives live.
    in_thread(lambda: play_random(Game.objects.get(pk=game.pk), 1, seed=6))
    expect(log.locator("li")).to_have_count(15, timeout=LIVE)
    last = log.locator("li.last")
    expect(last).to_contain_text(mover_user.username)
    # The log is scrolled to its end, and on a desktop screen it is in view without scrolling the page.
    watcher.wait_for_function(
        "(box) => box.scrollHeight > box.clientHeight && box.scrollTop + box.clientHeight >= box.scrollHeight - 1",
        arg=log.element_handle())
    if width >= 1000:
        assert watcher.evaluate("window.scrollY") == 0
        if SHOTS:
            watcher.screenshot(path=f"{SHOTS}/log-15-{width}.png")
        assert in_view(watcher, last), "the latest move is not on the screen"
    else:
        log.scroll_into_view_if_needed()
        assert in_view(watcher, last), "the latest move is not in the log's view"
    if SHOTS:
        watcher.screenshot(path=f"{SHOTS}/log-15-{width}.png")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_an_illegal_preview_disables_play_and_says_why_next_to_it(crossword, new_page, width, height):  # noqa: F811
    me = open_game(new_page, crossword, crossword["mover"], width=width, height=height)
    failed = []  # an expected refusal is an answer, not a failed request in the console
    me.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    me.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    play = me.locator("#cw [data-action='play']")
    preview = me.locator("#cw-preview")
    square(me, 7, 3).click()
    me.keyboard.type("WIND")  # 8D–8G: misses the centre square
    expect(preview).to_have_text("The first word must cover the centre square 8H.")
    assert failed == []
    expect(play).to_be_disabled()
    expect(play).to_have_attribute("aria-describedby", "cw-preview")
    expect(preview).not_to_contain_text("FIRST_MOVE_CENTRE")
    # Scrolled down to Play, as a player on a phone does, the reason is in view right above it.
    play.scroll_into_view_if_needed()
    assert in_view(me, play) and in_view(me, preview)
    assert preview.bounding_box()["y"] < play.bounding_box()["y"]
    if SHOTS:
        me.screenshot(path=f"{SHOTS}/preview-refused-{width}.png")
    # Enter does not send what the server already refused.
    me.keyboard.press("Enter")
    expect(me.locator("#cw .sq.pending")).to_have_count(4)
    # One more tile reaches the centre: the preview agrees and Play comes back.
    square(me, 7, 7).focus()
    me.keyboard.type("Y")
    expect(preview.locator(".total")).to_have_text("Score: 32")
    expect(play).to_be_enabled()


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_refusal_from_the_server_shows_its_message_without_code_beside_the_control(crossword, new_page, width,  # noqa: F811
                                                                                     height):
    me = open_game(new_page, crossword, crossword["mover"], width=width, height=height)
    # The server refuses whatever is played (as it would a move overtaken by the opponent's resignation).
    refusal = '{"code": "GAME_OVER", "message": "This game is over."}'
    me.route("**/api/games/*/moves/", lambda route: route.fulfill(status=400, body=refusal,
                                                                  content_type="application/json"))
    square(me, 7, 3).click()
    me.keyboard.type("WINDY")
    expect(me.locator("#cw-preview .total")).to_have_text("Score: 32")
    # Enter on the board: the message appears above the board, where the player is typing.
    me.keyboard.press("Enter")
    above = me.locator("#cw .cw-board-wrap [data-move-error]")
    expect(above).to_have_text("This game is over.")
    assert in_view(me, above) and in_view(me, square(me, 7, 7))
    # The Play button: the message appears under it.
    play = me.locator("#cw [data-action='play']")
    play.click()
    beside = me.locator("#cw .cw-side [data-move-error]")
    expect(beside).to_have_text("This game is over.")
    expect(above).to_be_hidden()
    assert in_view(me, beside) and in_view(me, play)
    assert "GAME_OVER" not in me.locator("#game").inner_text()
    if SHOTS:
        me.screenshot(path=f"{SHOTS}/refusal-{width}.png")


def test_chat_times_read_the_same_in_the_viewers_zone_before_and_after_a_live_update(crossword, new_page):  # noqa: F811
    game, mover, waiter = crossword["game"], crossword["mover"], crossword["waiter"]
    first = in_thread(chat_post, game_id=game.pk, user=waiter, text="Good luck!")
    page = open_game(new_page, crossword, mover)
    local = first.created_at.astimezone(zone_named(ZONE))
    shown = f"{local.day} {local:%b} {local:%H:%M}"
    time = page.locator(f"#chat-thread [data-id='{first.pk}'] time")
    expect(time).to_have_text(shown)

    second = in_thread(chat_post, game_id=game.pk, user=waiter, text="Your move.")
    expect(page.locator(f"#chat-thread [data-id='{second.pk}']")).to_be_visible(timeout=LIVE)
    expect(time).to_have_text(shown)  # the thread re-rendered for the socket, still in Kathmandu time
    local = second.created_at.astimezone(zone_named(ZONE))
    expect(page.locator(f"#chat-thread [data-id='{second.pk}'] time")).to_have_text(
        f"{local.day} {local:%b} {local:%H:%M}")
    # The clocks after a live move read as after a reload: due times in the viewer's zone.
    in_thread(services.game_submit_move, game_id=game.pk, user=mover, version=game.version, idempotency_key="c1",
              move={"type": "place", "gcg": "8D WINDY"})
    clocks = page.locator("#game-clocks")
    expect(clocks).to_contain_text(waiter.username, timeout=LIVE)
    live_clocks = clocks.inner_text()
    assert "+0545" in live_clocks  # due at a Kathmandu time
    page.reload()
    expect(page.locator("#game-clocks")).to_have_text(live_clocks)


def test_a_new_players_time_zone_comes_from_the_browser(sign_up, live_url):  # noqa: F811
    sign_up("carmen", timezone_id="Asia/Tokyo")
    user = in_thread(lambda: get_user_model().objects.get(username="carmen"))
    assert user.time_zone == "Asia/Tokyo"
    assert datetime.now(zone_named(user.time_zone)).utcoffset().total_seconds() == 9 * 3600
