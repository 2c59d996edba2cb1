"""Calm notifications in two real browsers: while both players have the game open, ten moves send no
e-mail; when the opponent has gone, one e-mail goes out once the move has been unseen for ten minutes
(the deadline sweep run with a later clock), its link points at this server and opens the game."""

import time
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.helpers import in_thread, page_for, session_cookie

pytestmark = pytest.mark.browser

LIVE = 5000  # ms a live update may take to arrive


@pytest.fixture
def toy_game(live_url, make_user, settings):
    """A long toy game between ann (to move) and ben, made before the browser starts; e-mail links
    point at the test server."""
    from games import services

    settings.SITE_URL = live_url
    ann, ben = make_user(username="ann"), make_user(username="ben")
    game = services.game_create(creator=ann, kind="toy", opponents=[ben], seed=3, options={"target": 500})
    return {"game": game, "ann": ann, "ben": ben,
            "cookies": {u.username: session_cookie(u, live_url) for u in (ann, ben)}}


def open_game(new_page, setup, name):
    page = page_for(new_page, setup["cookies"][name])
    page.goto(f"/games/{setup['game'].pk}/")
    expect(page.locator("#game")).to_have_attribute("data-live", "1")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    return page


def move(mover, other):
    mover.fill("#board input[name=move]", '{"type": "add", "n": 1}')
    mover.locator("#board [data-move-form] [type=submit]").click()
    expect(mover.locator("#status-line")).to_have_text("Waiting for the other players.", timeout=LIVE)
    if other is not None:
        expect(other.locator("#status-line")).to_have_text("Your move", timeout=LIVE)


def sweep_later(minutes: float):
    """The deadline sweep as if ``minutes`` had passed: what the beat would do then."""
    from games.services.deadlines import sweep

    return in_thread(lambda: sweep(now=timezone.now() + timedelta(minutes=minutes)).as_json())


def presence_settled(user_id, game_id, quiet=1.0, limit=10.0):
    """Wait until no socket of the user has written its presence for ``quiet`` seconds."""
    from django.core.cache import cache

    from games import presence

    keys = [presence._key(user_id, None), presence._key(user_id, game_id)]
    last, still_since, started = None, time.monotonic(), time.monotonic()
    while time.monotonic() - started < limit:
        seen = cache.get_many(keys)
        if seen != last:
            last, still_since = seen, time.monotonic()
        elif time.monotonic() - still_since >= quiet:
            return
        time.sleep(0.1)


def move_emails():
    return [m for m in mail.outbox if m.subject.startswith("Your move")]


def test_ten_moves_with_both_players_online_send_no_email(toy_game, new_page):
    ann = open_game(new_page, toy_game, "ann")
    ben = open_game(new_page, toy_game, "ben")
    pages = [ann, ben]
    for number in range(10):
        move(pages[number % 2], pages[(number + 1) % 2])
        sweep_later(11)  # even had each reply taken over ten minutes
    sweep_later(60)
    assert move_emails() == []
    assert ann.locator("#notification-badge").is_hidden() and ben.locator("#notification-badge").is_hidden()


def test_one_email_when_the_opponent_is_away_after_ten_minutes_unseen(toy_game, new_page, live_url, monkeypatch):
    from games import presence

    ann = open_game(new_page, toy_game, "ann")
    ben = open_game(new_page, toy_game, "ben")
    move(ann, ben)
    move(ben, ann)
    ben.context.close()  # Ben leaves the site
    ben_id = toy_game["ben"].pk
    # His sockets say goodbye when they close; one that never does (a crashed tab, a lost connection,
    # or a server side still busy answering the page's last request) stops counting once it has not
    # been heard from for PRESENCE_TTL seconds: let that time pass, once the server has handled what
    # his page sent before it closed (a "still here" landing after the clock jump would count as new).
    presence_settled(ben_id, toy_game["game"].pk)
    real_time = presence.time.time
    monkeypatch.setattr(presence, "time", SimpleNamespace(time=lambda: real_time() + presence.PRESENCE_TTL + 1))
    assert not presence.is_present(user_id=ben_id, game_id=toy_game["game"].pk)

    move(ann, None)
    sweep_later(5)
    assert move_emails() == []  # not yet: he may still come and look
    sweep_later(11)
    sweep_later(30)  # at most one per game and turn
    [email] = move_emails()
    assert email.to == ["ben@example.com"]
    link = f"{live_url}/games/{toy_game['game'].pk}/"
    assert link in email.body  # this server's address, whatever its port

    # The link opens the game; opening it marks its notification read (the bell empties).
    back = page_for(new_page, toy_game["cookies"]["ben"])
    back.goto("/notifications/")
    expect(back.locator("#notification-badge")).to_have_text("1")
    back.goto(link.removeprefix(live_url))
    expect(back.locator("#status-line")).to_have_text("Your move")
    expect(back.locator("#notification-badge")).to_be_hidden()
