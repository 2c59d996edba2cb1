"""Move confirmation as a new player has it, in Chromium: the profile's default ("On phones") asks once
more before a move is sent on a touch screen, and sends it at once on a desktop; "Never" does not ask on
a phone either.  A toy game's plain move form, so only the confirmation is under test."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import Move
from tests.e2e.helpers import in_thread, page_for, session_cookie

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def toy(live_url, make_user):
    """Ann, to move first in a toy game against Ben, with the profile's defaults; her signed-in cookie."""
    from games import services

    ann, ben = make_user(username="ann"), make_user(username="ben")
    game = services.game_create(creator=ann, kind="toy", opponents=[ben], seed=3, options={"target": 500})
    return {"ann": ann, "game": game, "cookie": session_cookie(ann, live_url)}


def moves_made(game) -> int:
    return in_thread(lambda: Move.objects.filter(game=game).count())


def play(new_page, toy, screen: dict):
    page = page_for(new_page, toy["cookie"], **screen)
    page.goto(f"/games/{toy['game'].pk}/")
    expect(page.locator("#game")).to_have_attribute("data-live", "1")
    page.fill("[data-move-form] input[name=move]", '{"type": "add", "n": 1}')
    return page


def test_by_default_a_phone_asks_before_sending_a_move(toy, new_page):
    assert toy["ann"].confirm_moves == "auto"  # a new player's setting
    page = play(new_page, toy, PHONE)
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator("[data-move-form] button[type=submit]").tap()
    page.wait_for_timeout(500)
    assert asked == ["Send this move?"] and moves_made(toy["game"]) == 0  # "no": nothing sent

    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.locator("[data-move-form] button[type=submit]").tap()
    expect(page.locator("#status-line")).to_contain_text("Waiting for", timeout=5000)
    assert asked == ["Send this move?"] * 2 and moves_made(toy["game"]) == 1


def test_by_default_a_desktop_sends_the_move_without_asking(toy, new_page):
    page = play(new_page, toy, DESKTOP)
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator("[data-move-form] button[type=submit]").click()
    expect(page.locator("#status-line")).to_contain_text("Waiting for", timeout=5000)
    assert asked == [] and moves_made(toy["game"]) == 1


def test_never_does_not_ask_on_a_phone_either(toy, new_page):
    ann = toy["ann"]
    in_thread(lambda: get_user_model().objects.filter(pk=ann.pk).update(confirm_moves="never"))
    page = play(new_page, toy, PHONE)
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator("[data-move-form] button[type=submit]").tap()
    expect(page.locator("#status-line")).to_contain_text("Waiting for", timeout=5000)
    assert asked == [] and moves_made(toy["game"]) == 1
