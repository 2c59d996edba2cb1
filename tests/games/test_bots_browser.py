"""A bot game in headless Chromium, as a player finds it: "A bot" on the new-game form, the game
starting at once, a move, and the bot's reply arriving on the page by itself (its Celery task runs
after the player's move commits; eager in tests)."""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.bots.accounts import bots_ensure
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.games.crossword.conftest import WORDS
from tests.games.helpers import stand_in_lexicons

# PostgreSQL: the bot's task runs in the server thread (eager Celery) while the page's socket reads in
# another; SQLite's shared in-memory test connection lets those interleave (a reply sometimes never
# shows), a real database keeps them apart as in production.  Runs in CI; locally with DATABASE_URL.
pytestmark = [pytest.mark.browser, pytest.mark.postgres]

SHOTS = os.environ.get("BOT_SCREENSHOTS")  # a folder: save screenshots at 1280 and 390 px there
LIVE = 8000


@pytest.fixture
def player(postgres, live_url, monkeypatch, alice):  # noqa: F811
    """The word lists, the bots and alice's session cookie, made before the browser starts (Django
    refuses database calls once Playwright's event loop runs in this thread)."""
    stand_in_lexicons(monkeypatch, WORDS)
    bots_ensure()
    client = Client()
    client.force_login(alice)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


def shots(page, name):
    if not SHOTS:
        return
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_player_starts_a_bot_game_from_the_form_moves_and_sees_the_bot_reply(player, new_page):  # noqa: F811
    page = new_page(viewport={"width": 1280, "height": 900})
    page.context.add_cookies([player])
    # The lobby offers the bots; Play opens the form with the bot chosen.
    page.goto("/lobby/")
    expect(page.get_by_role("heading", name="Play a bot")).to_be_visible()
    shots(page, "bot-lobby")
    # A bot's name leads to its page, which says how strong it is.
    page.get_by_role("link", name=re.compile(r"^Crossword Casual Bot")).click()
    strength = page.locator("section.bot-strength")
    expect(strength.get_by_role("heading", name="Strength")).to_be_visible()
    expect(strength.locator("tbody tr")).to_have_count(4)  # Beginner and Club, in English and in Dutch
    expect(strength.locator("tbody tr").first).to_contain_text("English tiles")
    shots(page, "bot-strength")
    page.go_back()
    page.get_by_role("link", name="Play Turnspell Bot").click()
    expect(page.get_by_label("Game", exact=True)).to_have_value("turnspell")
    expect(page.get_by_label("A bot")).to_be_checked()
    expect(page.get_by_label("Bot", exact=True)).to_have_value("turnspell-bot")
    page.goto("/games/new/")
    page.get_by_label("Game", exact=True).select_option("crossword")
    bot_choice = page.get_by_label("Bot", exact=True)
    expect(bot_choice).to_be_hidden()  # until "A bot" is chosen
    page.get_by_label("A bot").check()
    expect(bot_choice).to_be_visible()
    expect(page.get_by_label("Opponent 1", exact=True)).to_be_hidden()
    # Only Crossword's bots are offered for Crossword.
    expect(bot_choice.locator("optgroup:not([disabled]) option")).to_have_count(5)
    bot_choice.select_option(label="Crossword Club Bot — the best score it finds")
    shots(page, "bot-form")
    page.get_by_role("button", name="Create the game").click()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    game_id = int(re.search(r"/games/(\d+)/$", page.url).group(1))
    expect(page.get_by_text("The bot accepts at once")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-live", "1")
    badge = page.locator("#cw .bot-badge").first
    expect(badge).to_be_visible()
    expect(badge).to_have_attribute("title", "A bot: a computer player")
    # Whoever drew the first turn, it is now the player's: had the bot opened, it has played already.
    expect(page.locator("#status-line")).to_contain_text("Your move", timeout=LIVE)
    root = page.locator("#game")
    version = int(root.get_attribute("data-version"))
    bot_entries = page.locator("#cw .cw-log li", has_text="Crossword Club Bot")
    bot_before = bot_entries.count()

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("[data-action='pass']").click()
    # The player's pass, then the bot's reply, arrive without a reload: two versions on.
    expect(root).to_have_attribute("data-version", str(version + 2), timeout=LIVE)
    expect(page.locator("#cw .cw-log li", has_text="alice passed")).to_have_count(1)
    expect(bot_entries).to_have_count(bot_before + 1)
    expect(page.locator("#status-line")).to_contain_text("Your move")
    shots(page, "bot-game")

    game = page.request.get(f"/api/games/{game_id}/").json()
    assert game["status"] == "active"
    assert [(s["username"], s["bot"]) for s in game["seats"]] == [("alice", False), ("crossword-club", True)]
