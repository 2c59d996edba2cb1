"""The Turnspell, Spellcrafter and Spell boards (and the Crossword rack) on a phone (390×844) and a desktop
(1280×800), in headless Chromium: every control at least 24×24 CSS px (WCAG 2.2 target size), the page no
wider than the window (a board wider than the screen scrolls in a frame of its own), no text under 12 px,
a compact title block on a phone, boards that use a desktop window's width, and the Crossword's sticky rack
never hiding the board's last rows.

Screenshots (full page) go to ``PHONE_SHOTS`` (a folder) when it is set."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game, Seat
from lexicons.term_decks import starter_deck_load
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import page_for, session_cookie
from tests.engines.spellcrafter.helpers import WORDS as SPELLCRAFTER_WORDS
from tests.engines.spellcrafter.helpers import crafting_position
from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
from tests.games.crossword.conftest import WORDS as CROSSWORD_WORDS
from tests.games.helpers import every_seat_moves, stand_in_lexicons

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("PHONE_SHOTS")
PHONE = (390, 844)
SMALL_PHONE = (360, 740)
DESKTOP = (1280, 800)

# The controls a player taps: every one visible on the page's board, title block and action bar.  Links
# inside a sentence are exempt from the target size (WCAG 2.5.8 "inline"), so only the board's own links
# and the title block's are measured.
TARGETS = """() => {
  const scope = ['#board', '.game-title', '#game-actions', '#game-banner', '#game-challenge'];
  const picked = scope.flatMap((s) => [...document.querySelectorAll(
    `${s} button, ${s} input:not([type=hidden]), ${s} select, ${s} summary, ${s} a.button, ${s} a.rules-help, `
    + `${s} a.report-word, ${s} .sc-card`)]);
  return [...new Set(picked)].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  }).map((el) => {
    const r = el.getBoundingClientRect();
    const classes = String(el.className).trim().split(/\\s+/).filter(Boolean).map((c) => '.' + c).join('');
    const what = el.dataset.action || el.dataset.tool;
    const name = el.tagName.toLowerCase() + classes + (what ? `[${what}]` : '');
    return {name, w: r.width, h: r.height};
  });
}"""

# Visible text in the board and the title block: the font size of each element with text of its own.
SMALL_TEXT = """(limit) => {
  const found = [];
  for (const root of document.querySelectorAll('#board, .game-title, #game-clocks-part, #game-actions')) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const el = node.parentElement;
      if (el.closest('[aria-hidden=true], .visually-hidden, [hidden]')) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      const where = `${el.tagName.toLowerCase()}.${el.className} in ${el.parentElement.className}`;
      if (size < limit) found.push(`${where} ${size.toFixed(1)}px`);
    }
  }
  return found;
}"""

# An element reaching past the window's right edge is fine only inside a frame that scrolls sideways.
OUTSIDE = """() => [...document.querySelectorAll('#board *')].filter((el) => {
  const r = el.getBoundingClientRect();
  if (!r.width || r.right <= window.innerWidth + 0.5) return false;
  for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return false;
  }
  return true;
}).map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${el.getBoundingClientRect().right}`)"""


@pytest.fixture
def boards(live_url, make_user, monkeypatch):  # noqa: F811
    """Games of each kind in the states that look different, made through the services before the browser
    starts; returns {name: (game id, viewer's cookie)}."""
    words = sorted({*CROSSWORD_WORDS["en"], *TURNSPELL_WORDS, *SPELLCRAFTER_WORDS})
    stand_in_lexicons(monkeypatch, {"en": words})
    starter_deck_load(language="en")
    alice, bob, carol = (make_user(username=n, display_name=n.capitalize()) for n in ("alice", "bob", "carol"))
    cookies = {u.username: session_cookie(u, live_url) for u in (alice, bob, carol)}
    found = {}

    def under_way(kind, seed, players=(bob, carol)):
        return every_seat_moves(services.game_create(creator=alice, kind=kind, opponents=list(players), seed=seed),
                                seed=seed)

    def finished(kind, seed):
        game = every_seat_moves(services.game_create(creator=alice, kind=kind, opponents=[bob], seed=seed), seed=seed)
        services.game_resign(game_id=game.pk, user=bob)
        return game

    game = under_way("turnspell", 3)
    found["turnspell"] = (game.pk, cookies["alice"])
    found["turnspell-finished"] = (finished("turnspell", 4).pk, cookies["alice"])

    game = under_way("spellcrafter", 3)
    found["spellcrafter-draft"] = (game.pk, cookies["alice"])
    game = services.game_create(creator=alice, kind="spellcrafter", opponents=[bob, carol], seed=5)
    state = crafting_position(["gC gA ? + fE fO fR", "sB sE sD tA", "sA tE gR"], jumper="tT")
    Game.objects.filter(pk=game.pk).update(state=state, turn_id="r1-craft", turn_version=game.version)
    Seat.objects.filter(game=game).update(to_act=True)
    found["spellcrafter-craft"] = (game.pk, cookies["alice"])
    found["spellcrafter-finished"] = (finished("spellcrafter", 4).pk, cookies["alice"])

    game = services.game_create(creator=alice, kind="spell", opponents=[bob, carol], seed=21)
    found["spell-pick"] = (game.pk, cookies["alice"])  # alice is the question mark: she picks a number
    game = under_way("spell", 3)
    found["spell-giver"] = (game.pk, cookies["bob"])
    found["spell-question-mark"] = (game.pk, cookies["alice"])
    found["spell-finished"] = (finished("spell", 4).pk, cookies["alice"])

    game = under_way("crossword", 3, players=(bob,))
    found["crossword"] = (game.pk, cookies["alice"] if 0 in _to_act(game) else cookies["bob"])
    return found


def _to_act(game):
    from engines import registry

    return registry.get(game.kind).to_act(game.state)


def open_board(new_page, boards, name, size):  # noqa: F811
    pk, cookie = boards[name]
    page = page_for(new_page, cookie, width=size[0], height=size[1])
    page.goto(f"/games/{pk}/")
    expect(page.locator("#game")).to_have_attribute("data-live", "1")
    page.wait_for_timeout(300)  # the board's script has drawn it
    return page


def shoot(page, name, *, full_page=True):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def problems_on(page, *, text=True) -> list[str]:
    problems = []
    small = [t for t in page.evaluate(TARGETS) if t["w"] < 23.99 or t["h"] < 23.99]
    problems += list(dict.fromkeys(f"target {t['name']} is {t['w']:.1f}×{t['h']:.1f}" for t in small))
    if text:
        problems += [f"text {t}" for t in dict.fromkeys(page.evaluate(SMALL_TEXT, 12))]
    problems += [f"outside the window: {t}" for t in page.evaluate(OUTSIDE)]
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > page.evaluate("window.innerWidth"):
        problems.append(f"the page is {width} px wide")
    return problems


KINDS = ["turnspell", "turnspell-finished", "spellcrafter-draft", "spellcrafter-craft", "spellcrafter-finished",
         "spell-pick", "spell-giver", "spell-question-mark", "spell-finished"]


def test_every_board_fits_a_phone_and_a_desktop(boards, new_page):  # noqa: F811
    problems = []
    for name in KINDS:
        for size in (PHONE, SMALL_PHONE, DESKTOP):
            page = open_board(new_page, boards, name, size)
            shoot(page, f"{name}-{size[0]}")
            problems += [f"{name} at {size[0]} px: {p}" for p in problems_on(page)]
            page.context.close()
    assert not problems, "\n".join(problems)


def test_on_a_phone_the_title_block_is_compact_and_on_a_desktop_the_boards_are_big(boards, new_page):  # noqa: F811
    # A phone: the title, the "?" and "Next game" on one line, side by side (the "?" never under the button,
    # whatever the length of the game's name and number), what awaits under them, the board soon below.
    for name in ("spell-giver", "spellcrafter-craft"):
        for size in (PHONE, SMALL_PHONE):
            page = open_board(new_page, boards, name, size)
            assert page.locator("#board").bounding_box()["y"] <= 260, page.locator("#board").bounding_box()
            # A site with many games has long numbers: this one's title as game 1,234,567 would read.
            page.locator(".game-title h1").evaluate(
                "(h) => { h.textContent = h.textContent.replace(/#\\d+/, '#1234567'); }")
            title = page.locator(".game-title").bounding_box()
            shoot(page, f"title-{name}-{size[0]}")
            assert title["height"] <= 80, (name, size, title)  # at most the name over two lines, and the status
            help_box = page.locator(".game-title .rules-help").bounding_box()
            next_box = page.locator("#next-game-link").bounding_box()
            assert help_box["x"] + help_box["width"] <= next_box["x"], (name, size, help_box, next_box)
            assert abs((help_box["y"] + help_box["height"] / 2) - (next_box["y"] + next_box["height"] / 2)) < 8
            assert next_box["x"] + next_box["width"] <= size[0], (name, size, next_box)
            page.context.close()
    # A desktop: boards of a size to play on.
    sizes = {"turnspell": (".ts-disc", 420), "spellcrafter-craft": (".sc-tray .sc-card", 60),
             "spell-giver": (".sp-board .sp-field", 48)}
    for name, (part, least) in sizes.items():
        page = open_board(new_page, boards, name, DESKTOP)
        box = page.locator(part).first.bounding_box()
        assert box["width"] >= least, (name, box)
        page.context.close()


def test_on_a_phone_the_crossword_rack_never_hides_the_last_rows(boards, new_page):  # noqa: F811
    page = open_board(new_page, boards, "crossword", PHONE)
    rack = page.locator("#cw-rack")
    last_row = page.locator("#cw .sq[data-row='14']").first
    before_last = page.locator("#cw .sq[data-row='13']").first

    def clear_of_the_rack():
        top = rack.bounding_box()["y"]
        for sq in (last_row, before_last):
            box = sq.bounding_box()
            assert box["y"] + box["height"] <= top + 0.5, (box, rack.bounding_box())

    # The whole board on the screen: the rack right under it.
    clear_of_the_rack()
    # A shorter screen (a phone's toolbars, a landscape phone): scrolled so that the board's frame ends at the
    # bottom of the screen, the rack is stuck there, over the room under the last row.
    page.set_viewport_size({"width": PHONE[0], "height": 600})
    page.evaluate("""() => {
      const wrap = document.querySelector('#cw .cw-board-wrap');
      window.scrollBy(0, wrap.getBoundingClientRect().bottom - window.innerHeight);
    }""")
    page.wait_for_timeout(100)
    rack_box = rack.bounding_box()
    assert page.evaluate("window.scrollY") > 0
    assert abs(rack_box["y"] + rack_box["height"] - 600) < 1, rack_box  # stuck to the bottom
    clear_of_the_rack()
    shoot(page, "crossword-390-frame-bottom", full_page=False)  # the screen as it is: the rack stuck
    # A little further up: the rack, still stuck, hides only what is under the screen's edge... and a little
    # further down, the page's bottom: the rack is back under the board.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    if last_row.bounding_box()["y"] >= 0:
        clear_of_the_rack()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    # The rack's tiles and the buttons under it are targets of at least 24×24 px (the board's squares and
    # their labels: tests/e2e/test_crossword_board.py).
    assert not problems_on(page, text=False), problems_on(page, text=False)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "crossword-390")
