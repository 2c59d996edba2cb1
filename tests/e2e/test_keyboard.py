"""Every board played from the keyboard alone, in headless Chromium: no mouse click, only Tab, arrow keys,
letters, Space, Backspace, Escape and Enter.  After a move the focus stays somewhere sensible and the
new situation ("Waiting for bob.") is announced in the page's live region."""

import pytest
from playwright.sync_api import expect

from games import services
from lexicons.term_decks import starter_deck_load
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import crossword, open_game, page_for, session_cookie, square, tab_until  # noqa: F401
from tests.engines.spellcrafter.helpers import WORDS as SPELLCRAFTER_WORDS
from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.browser

LIVE = 5000


def focused(page, attribute="data-name"):
    return page.evaluate(f"document.activeElement.getAttribute('{attribute}')")


def test_a_keyboard_only_player_places_a_word_and_the_opponent_answers_with_a_blank(crossword, new_page):  # noqa: F811
    me = open_game(new_page, crossword, crossword["mover"])
    other = open_game(new_page, crossword, crossword["waiter"])
    waiter = crossword["waiter"].username

    # One Tab stop for the whole board: the centre square, named with its premium.
    tab_until(me, "(el) => el.getAttribute('role') === 'gridcell'")
    assert focused(me) == "8H"
    assert focused(me, "aria-label") == "8H, ★, centre star, double word"
    for _ in range(4):
        me.keyboard.press("ArrowLeft")
    assert focused(me) == "8D"
    # Typing places rack tiles across; Backspace takes the last back, Escape all of them.
    me.keyboard.type("WI")
    expect(me.locator("#cw .sq.pending")).to_have_count(2)
    assert focused(me) == "8F"
    me.keyboard.press("Backspace")
    expect(me.locator("#cw .sq.pending")).to_have_count(1)
    assert focused(me) == "8E"
    me.keyboard.press("Escape")
    expect(me.locator("#cw .sq.pending")).to_have_count(0)
    expect(me.locator("#game-announcer")).to_have_text("Tiles taken back to the rack")
    me.keyboard.press("ArrowLeft")
    assert focused(me) == "8D"
    me.keyboard.type("WINDY")
    expect(square(me, 7, 7)).to_have_attribute("aria-label", "8H, Y 4, not played yet")
    expect(me.locator("#cw-preview .total")).to_have_text("Score: 32")
    me.keyboard.press("Enter")

    expect(square(other, 7, 3)).to_have_attribute("data-letter", "W", timeout=LIVE)
    # The player's focus stays on the board, and the page says what happens now.
    expect(me.locator("#game-announcer")).to_have_text(f"Waiting for {waiter}.", timeout=LIVE)
    assert me.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    expect(other.locator("#game-announcer")).to_have_text("Your move", timeout=LIVE)

    # The opponent, by keyboard too: down from 7G, A then (over the D of WINDY) a blank as S.
    tab_until(other, "(el) => el.getAttribute('role') === 'gridcell'")
    while focused(other) != "7G":
        other.keyboard.press("ArrowUp" if focused(other)[0] == "8" else "ArrowLeft")
    other.keyboard.press(" ")
    expect(other.locator("#game-announcer")).to_have_text("Typing down")
    other.keyboard.type("A")
    other.keyboard.press("Shift+S")
    expect(square(other, 8, 6)).to_have_attribute("aria-label", "9G, S , not played yet".replace(" ,", ","))
    expect(other.locator("#cw-preview")).to_contain_text("ADS (G7 down) 4")
    other.keyboard.press("Enter")
    expect(square(me, 8, 6)).to_have_attribute("data-letter", "S", timeout=LIVE)
    expect(square(me, 8, 6)).to_have_attribute("aria-label", "9G, S, blank")


@pytest.fixture
def two_player(live_url, make_user, monkeypatch):  # noqa: F811
    """start(kind): the game of ``kind`` between alice and bob, with their session cookies (all made before
    the browser starts)."""
    stand_in_lexicons(monkeypatch, {"en": sorted({*TURNSPELL_WORDS, *SPELLCRAFTER_WORDS})})
    starter_deck_load(language="en")
    alice, bob = make_user(username="alice"), make_user(username="bob")
    cookies = {u.username: session_cookie(u, live_url) for u in (alice, bob)}
    games = {kind: services.game_create(creator=alice, kind=kind, opponents=[bob], seed=11)
             for kind in ("turnspell", "spellcrafter", "spell")}
    return lambda kind: {"game": games[kind], "cookies": cookies}


def test_a_keyboard_only_player_makes_a_turnspell_choice(two_player, new_page):  # noqa: F811
    setup = two_player("turnspell")
    alice = page_for(new_page, setup["cookies"]["alice"])
    alice.goto(f"/games/{setup['game'].pk}/")
    expect(alice.locator("#game")).to_have_attribute("data-live", "1")
    bob = page_for(new_page, setup["cookies"]["bob"])
    bob.goto(f"/games/{setup['game'].pk}/")
    expect(bob.locator("#game")).to_have_attribute("data-live", "1")

    tab_until(alice, "(el) => el.matches('.ts-tile[data-take]:not([disabled]):not(.blank)')")
    alice.keyboard.press("Enter")
    expect(alice.locator(".ts-tile[aria-pressed='true']")).to_have_count(1)
    tab_until(alice, "(el) => el.matches('.ts-grid.mine .ts-cell:not(.filled)')")
    alice.keyboard.press("Space")
    expect(alice.locator(".ts-summary")).to_contain_text("Place ")
    tab_until(alice, "(el) => el.matches('.ts-submit')")
    alice.keyboard.press("Enter")

    expect(alice.locator("#status-line")).to_contain_text("You have chosen.", timeout=LIVE)
    expect(alice.locator("#game-announcer")).to_contain_text("Waiting for 1 player: bob")
    assert alice.evaluate("document.activeElement.id") == "status-line"  # the Send button is gone
    expect(bob.locator('.ts-player[data-seat="0"]')).to_have_attribute("data-chosen", "1", timeout=LIVE)


def test_a_keyboard_only_player_keeps_a_spellcrafter_card(two_player, new_page):  # noqa: F811
    setup = two_player("spellcrafter")
    alice = page_for(new_page, setup["cookies"]["alice"])
    alice.goto(f"/games/{setup['game'].pk}/")
    expect(alice.locator("#game")).to_have_attribute("data-live", "1")

    tab_until(alice, "(el) => el.matches('.sc-hand .sc-card:not([disabled])')")
    card = alice.evaluate("document.activeElement.dataset.card")
    alice.keyboard.press("Space")
    expect(alice.locator(f".sc-hand [data-card='{card}']")).to_have_attribute("aria-pressed", "true")
    tab_until(alice, "(el) => el.matches('.sc-keep')")
    alice.keyboard.press("Enter")
    expect(alice.locator("#status-line")).to_contain_text("You have picked.", timeout=LIVE)
    expect(alice.locator("#game-announcer")).to_contain_text("Waiting for 1 player: bob")
    expect(alice.locator(f".sc-picks [data-card='{card}']")).to_have_count(1)


def test_keyboard_only_players_pick_a_number_and_write_a_letter_in_spell(two_player, new_page):  # noqa: F811
    setup = two_player("spell")
    pages = {}
    for name in ("alice", "bob"):
        pages[name] = page_for(new_page, setup["cookies"][name])
        pages[name].goto(f"/games/{setup['game'].pk}/")
        expect(pages[name].locator("#game")).to_have_attribute("data-live", "1")
    guesser, giver = pages["alice"], pages["bob"]  # seat 0 is the first question mark

    tab_until(guesser, "(el) => el.matches('[data-number]')")
    guesser.keyboard.press("ArrowRight")  # not a move: only Enter or Space presses the button
    tab_until(guesser, "(el) => el.matches('[data-number=\"3\"]')")
    guesser.keyboard.press("Enter")
    expect(guesser.locator("#status-line")).to_contain_text("bob is writing a letter.", timeout=LIVE)
    expect(guesser.locator("#game-announcer")).to_contain_text("bob is writing a letter.")

    expect(giver.locator("#sp-clue")).to_be_visible(timeout=LIVE)
    tab_until(giver, "(el) => el.id === 'sp-clue'")
    giver.keyboard.type("fish")
    expect(giver.locator(".sp-preview")).to_contain_text("You write F")
    giver.keyboard.press("Enter")
    expect(guesser.locator(".sp-board.current .sp-field.letter")).to_have_text("F", timeout=LIVE)
    expect(giver.locator("#game-announcer")).to_contain_text("alice is guessing the clue word.", timeout=LIVE)
