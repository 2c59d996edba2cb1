"""A suspension reaches an open page at once: the suspended player's game page and
dashboard are closed by the server (socket close 4403), reload, and show them signed out; the other
player's page stays live."""

import threading

import pytest
from playwright.sync_api import expect

from tests.e2e.test_live_game import start_toy_game, wait_until_live

pytestmark = pytest.mark.browser


def suspend(username: str) -> None:
    """In a thread of its own: Playwright's event loop in the test thread keeps Django's ORM out of it."""
    def run():
        from django.contrib.auth import get_user_model
        from django.db import connection

        from moderation import services

        try:
            users = get_user_model().objects
            moderator = users.create_superuser(username="mod", email="mod@example.com", password="x")
            services.player_suspend(moderator=moderator, user=users.get(username=username), reason="abuse", days=3)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)


def test_a_suspended_players_open_pages_stop_receiving_and_show_them_signed_out(sign_up):
    ann = sign_up("ann")
    ben = sign_up("ben")
    game_url = start_toy_game(ann, ben, "ben")
    ben.goto(game_url)
    dashboard = ben.context.new_page()
    dashboard.goto("/games/")
    for page in (ann, ben, dashboard):
        wait_until_live(page)

    suspend("ben")

    for page in (ben, dashboard):
        expect(page.locator("body")).not_to_have_attribute("data-user", "ben", timeout=10000)
    expect(ann.locator("body")).to_have_attribute("data-live", "1")
    expect(ann.locator("body")).to_have_attribute("data-user", "ann")
