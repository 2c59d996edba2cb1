"""After a dropped socket the pages catch up: a move made while a player's sockets were down shows on
their game page, their dashboard and the badge once the sockets are back, without a reload
(an update missed in a gap is never lost)."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_live_game import play, start_toy_game, wait_until_live

pytestmark = pytest.mark.browser

# Lets the test cut a page's sockets: while window.__offline is set, new sockets go to a game that does
# not exist (the server closes them at once, and the CSP allows only our own host) and the page keeps
# retrying; window.__dropSockets() closes the open ones.
SOCKET_SWITCH = """
(() => {
  const Real = window.WebSocket;
  const open = [];
  window.__offline = false;
  window.__dropSockets = () => { window.__offline = true; open.splice(0).forEach((s) => s.close()); };
  window.WebSocket = function (url, protocols) {
    const nowhere = `ws://${location.host}/ws/games/0/`;
    const socket = new Real(window.__offline ? nowhere : url, protocols);
    open.push(socket);
    return socket;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();
"""
CATCH_UP = 15000  # ms: reconnecting backs off 0.5, 1, 2, 4 s


def test_a_move_made_while_the_sockets_were_down_shows_after_they_reconnect(sign_up):
    ann = sign_up("ann")
    ben = sign_up("ben")
    ben.context.add_init_script(SOCKET_SWITCH)
    game_url = start_toy_game(ann, ben, "ben")
    game_id = game_url.rstrip("/").rsplit("/", 1)[1]
    play(ann, '{"type": "add", "n": 2}')
    expect(ann.locator("#status-line")).to_have_text("Waiting for the other players.")
    # Ben answers from his game page, then watches it and, in a second tab, his dashboard.
    ben.goto(game_url)
    wait_until_live(ben)
    play(ben, '{"type": "add", "n": 3}')
    expect(ben.locator("#status-line")).to_have_text("Waiting for the other players.")
    dashboard = ben.context.new_page()
    dashboard.goto("/games/")
    row = dashboard.locator(f"#my-games tr[data-game='{game_id}']")
    expect(row.locator(".status")).to_have_text("Waiting")
    wait_until_live(dashboard)
    wait_until_live(ben)
    wait_until_live(ann)

    for page in (ben, dashboard):
        page.evaluate("window.__dropSockets()")
        expect(page.locator("body")).to_have_attribute("data-live", "0")
    expect(ben.locator("#game")).to_have_attribute("data-live", "0")

    play(ann, '{"type": "add", "n": 1}')
    expect(ann.locator("#view-json")).to_contain_text('"total": 6')
    # Nothing reached Ben's pages while they were cut off.
    ben.wait_for_timeout(1000)
    expect(ben.locator("#view-json")).to_contain_text('"total": 5')
    expect(ben.locator("#status-line")).to_have_text("Waiting for the other players.")
    expect(row.locator(".status")).to_have_text("Waiting")

    for page in (ben, dashboard):
        page.evaluate("window.__offline = false")
    expect(ben.locator("#game")).to_have_attribute("data-live", "1", timeout=CATCH_UP)
    expect(ben.locator("#view-json")).to_contain_text('"total": 6', timeout=CATCH_UP)
    expect(ben.locator("#status-line")).to_have_text("Your move", timeout=CATCH_UP)
    expect(ben.locator("#awaiting-badge")).to_have_text("1", timeout=CATCH_UP)
    expect(row.locator(".status")).to_have_text("Your move", timeout=CATCH_UP)
    expect(row).to_have_class(re.compile(r"\byour-move\b"))
    expect(dashboard.locator("#awaiting-badge")).to_have_text("1", timeout=CATCH_UP)
