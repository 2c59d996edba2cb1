"""Challenges in two real browsers: one player challenges another from the new-game form; the other
finds it on the dashboard and accepts (the game starts and the challenger's open page shows the board
without a reload), or declines (it ends as aborted)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def challenge(page, opponent):
    page.goto("/games/new/")
    page.get_by_label("Game", exact=True).select_option("toy")
    page.get_by_label("Opponent 1", exact=True).fill(opponent)
    page.locator("form [type=submit]").last.click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/$", page.url).group(1))


def test_a_challenge_accepted_starts_the_game_on_both_pages(sign_up):
    ann = sign_up("ann")
    ben = sign_up("ben")
    game_id = challenge(ann, "ben")
    expect(ann.locator("#game-challenge")).to_contain_text("ben")
    expect(ann.locator("#game-challenge")).to_contain_text("has not answered yet")
    ben.goto("/games/")
    row = ben.locator(f"tr[data-game='{game_id}']")
    expect(row).to_contain_text("Challenge for you")
    row.get_by_role("button", name="Accept").click()
    expect(ben).to_have_url(re.compile(rf"/games/{game_id}/$"))
    # Ann's open page turns into the game without a reload: the challenge part goes, the board comes.
    expect(ann.locator("#game-challenge")).not_to_contain_text("has not answered yet")
    expect(ann.locator("#game-actions").get_by_role("button", name="Resign")).to_be_visible()
    assert ann.request.get(f"/api/games/{game_id}/").json()["status"] == "active"


def test_a_challenge_declined_ends_as_aborted(sign_up):
    ann = sign_up("ann")
    ben = sign_up("ben")
    game_id = challenge(ann, "ben")
    ben.goto(f"/games/{game_id}/")
    ben.locator("#game-challenge").get_by_role("button", name="Decline").click()
    expect(ben).to_have_url(re.compile(r"/games/$"))
    expect(ben.locator("body")).to_contain_text("You declined the challenge.")
    assert ann.request.get(f"/api/games/{game_id}/").json()["status"] == "aborted"
    ann.reload()
    expect(ann.locator("#game-banner")).to_contain_text("aborted")


def test_the_first_live_refresh_leaves_the_challenge_buttons_in_place(sign_up):
    """The socket's first refresh repeats what the page shows: the buttons stay the same elements, so
    a click at that moment lands (it used to be swapped from under the pointer and lost)."""
    ann = sign_up("ann")
    ben = sign_up("ben")
    game_id = challenge(ann, "ben")
    replies = []
    ben.on("websocket", lambda socket: socket.on("framereceived", lambda frame: replies.append(frame)))
    # Mark the page's buttons as soon as it is parsed, before its socket can have opened.
    ben.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
        for (const button of document.querySelectorAll("#game-challenge button")) button.markedBeforeRefresh = true;
    });""")
    ben.goto(f"/games/{game_id}/")
    decline = ben.locator("#game-challenge").get_by_role("button", name="Decline")
    expect(ben.locator("#game")).to_have_attribute("data-live", "1")
    for _ in range(50):
        if any('"type": "game"' in str(reply) or '"type":"game"' in str(reply) for reply in replies):
            break
        ben.wait_for_timeout(100)
    else:
        pytest.fail("the game page's socket sent no game message after its refresh")
    ben.wait_for_timeout(200)  # the page applies the reply
    assert decline.evaluate("button => button.markedBeforeRefresh === true")
    # Parts that do change are still redrawn live: Ann withdraws, and Ben's buttons go without a reload.
    ann.get_by_role("button", name="Withdraw the challenge").click()
    expect(decline).to_have_count(0)


@pytest.fixture
def crossword_words(live_url, monkeypatch):
    """The Crossword test words in place of the imported lexicons (before the browser starts)."""
    from tests.games.crossword.conftest import WORDS
    from tests.games.helpers import stand_in_lexicons

    stand_in_lexicons(monkeypatch, WORDS)


def test_a_crossword_challenge_page_works_before_during_and_after_the_answer(crossword_words, sign_up, tmp_path):
    """The challenger lands on the Crossword page of a game not yet started (it used to be a server
    error), sees the challenge without a script error, and the board arrives live when it is accepted.
    The declined one stays readable."""
    ann = sign_up("ann")
    ben = sign_up("ben", viewport={"width": 390, "height": 844})
    errors = []
    for page in (ann, ben):
        page.on("pageerror", lambda error: errors.append(str(error)))
    game_ids = []
    for _ in range(2):
        ann.goto("/games/new/")
        ann.get_by_label("Game", exact=True).select_option("crossword")
        ann.get_by_label("Opponent 1", exact=True).fill("ben")
        ann.locator("form [type=submit]").last.click()
        expect(ann).to_have_url(re.compile(r"/games/\d+/$"))
        expect(ann.locator("#game-challenge")).to_contain_text("has not answered yet")
        expect(ann.locator("#status-line")).to_contain_text("Waiting for players")
        game_ids.append(int(re.search(r"/games/(\d+)/$", ann.url).group(1)))
    accepted, declined = game_ids
    ann.screenshot(path=tmp_path / "crossword-challenge-1280.png", full_page=True)
    ben.goto(f"/games/{declined}/")
    ben.screenshot(path=tmp_path / "crossword-challenge-390.png", full_page=True)
    ben.locator("#game-challenge").get_by_role("button", name="Decline").click()
    expect(ben).to_have_url(re.compile(r"/games/$"))
    ben.goto(f"/games/{declined}/")
    expect(ben.locator("#game-banner")).to_contain_text("aborted")
    ann.goto(f"/games/{accepted}/")
    expect(ann.locator("#game")).to_have_attribute("data-live", "1")
    ben.goto("/games/")
    ben.locator(f"tr[data-game='{accepted}']").get_by_role("button", name="Accept").click()
    expect(ann.locator("#cw .cw-grid")).to_be_visible()  # live, without a reload
    expect(ann.locator("#cw-rack .rack-tile")).to_have_count(7)
    ann.screenshot(path=tmp_path / "crossword-accepted-1280.png", full_page=True)
    assert errors == []
