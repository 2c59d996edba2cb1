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
