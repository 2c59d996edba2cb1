"""The lobby that lives and the rematch, in real browsers: a seek posted by one player appears on
another's open lobby without a reload, with the seeker's rating, and vanishes from the poster's open
lobby when the other joins it; the filters narrow the list; a finished game's Rematch button sends the
same game as a challenge, and when the opponent accepts it the new game starts."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import SHOTS, page_for, session_cookie

pytestmark = pytest.mark.browser


@pytest.fixture
def players(live_url, make_user, monkeypatch):  # noqa: F811
    """Ann (rated 1580 at the toy game) and Ben, signed in by cookie; a finished game between them; and
    a few seeks by others in real games, so the lobby looks lived in (made before the browser starts)."""
    from games import services
    from lexicons.term_decks import starter_deck_load
    from ratings.models import Rating
    from tests.games.crossword.conftest import WORDS
    from tests.games.helpers import play_out, stand_in_lexicons

    stand_in_lexicons(monkeypatch, WORDS)
    starter_deck_load(language="en")
    ann, ben = make_user(username="ann", display_name="Ann"), make_user(username="ben", display_name="Ben")
    Rating.objects.create(user=ann, key="toy", rating=1580, games=5)
    for name, kind, rating in (("cleo", "crossword", 1712), ("dirk", "turnspell", 1430), ("eva", "spell", None)):
        user = make_user(username=name, display_name=name.capitalize())
        if rating:
            Rating.objects.create(user=user, key=f"{kind}:en", rating=rating, games=12)
        services.game_create(creator=user, kind=kind, seats=2)
    finished = play_out(services.game_create(creator=ann, kind="toy", opponents=[ben], seed=3,
                                             options={"target": 12, "rated": False}, days_per_move=5))
    assert finished.status == "finished"
    return {"ann": session_cookie(ann, live_url), "ben": session_cookie(ben, live_url), "finished": finished}


def live(page):
    expect(page.locator("body")).to_have_attribute("data-live", "1")


def test_a_seek_appears_live_on_another_players_lobby_and_vanishes_when_joined(players, new_page):  # noqa: F811
    ann = page_for(new_page, players["ann"])
    ben = page_for(new_page, players["ben"])
    ben.goto("/lobby/?kind=toy")
    live(ben)
    expect(ben.locator("#no-seeks")).to_be_visible()

    ann.goto("/games/new/")
    ann.get_by_label("Game", exact=True).select_option("toy")
    ann.get_by_label("Anyone").check()
    ann.get_by_role("button", name="Create the game").click()
    expect(ann).to_have_url(re.compile(r"/lobby/$"))
    live(ann)
    mine = ann.locator("#seeks tr[data-seek]", has_text="Ann")
    expect(mine).to_have_count(1)

    # On Ben's open lobby, without a reload: Ann's seek with her rating, and Accept.
    row = ben.locator("#seeks tr[data-seek]")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Ann")
    expect(row.locator(".seek-rating")).to_have_text("1580")
    expect(ben.locator("#no-seeks")).to_be_hidden()
    row.get_by_role("button", name="Accept").click()  # the live row's form carries the page's token
    expect(ben).to_have_url(re.compile(r"/games/\d+/$"))

    # Taken: it vanishes from Ann's open lobby.
    expect(mine).to_have_count(0)


def test_a_seek_outside_the_filter_stays_off_the_open_lobby(players, new_page):  # noqa: F811
    ann = page_for(new_page, players["ann"])
    ben = page_for(new_page, players["ben"])
    ben.goto("/lobby/?min=1600")
    live(ben)
    expect(ben.locator("#seeks tr[data-seek]")).to_have_count(1)  # Cleo's, 1712
    ann.goto("/games/new/")
    ann.get_by_label("Game", exact=True).select_option("toy")
    ann.get_by_label("Anyone").check()
    ann.get_by_role("button", name="Create the game").click()
    expect(ann).to_have_url(re.compile(r"/lobby/$"))
    expect(ann.locator("#seeks tr[data-seek]", has_text="Ann")).to_have_count(1)
    ben.wait_for_timeout(500)
    expect(ben.locator("#seeks tr[data-seek]")).to_have_count(1)  # Ann is 1580: not shown


@pytest.mark.parametrize("width", [1280, 390])
def test_the_lobby_shows_ratings_and_filters(players, new_page, width):  # noqa: F811
    ben = page_for(new_page, players["ben"], width=width, height=900)
    ben.goto("/lobby/")
    rows = ben.locator("#seeks tr[data-seek]")
    expect(rows).to_have_count(3)
    expect(rows.filter(has_text="Cleo").locator(".seek-rating")).to_have_text("1712")
    expect(rows.filter(has_text="Eva").locator(".seek-rating")).to_have_count(0)  # cooperative: no rating
    assert ben.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        ben.screenshot(path=f"{SHOTS}/lobby_{width}.png", full_page=True)
    ben.get_by_label("Lowest rating").fill("1400")
    ben.get_by_label("Highest rating").fill("1500")
    ben.get_by_role("button", name="Filter").click()
    expect(rows).to_have_count(1)
    expect(rows).to_contain_text("Dirk")
    if SHOTS:
        ben.screenshot(path=f"{SHOTS}/lobby_filtered_{width}.png", full_page=True)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_rematch_accepted_starts_the_new_game(players, new_page, width):  # noqa: F811
    finished = players["finished"]
    ann = page_for(new_page, players["ann"], width=width, height=900)
    ben = page_for(new_page, players["ben"])
    ann.goto(f"/games/{finished.pk}/")
    button = ann.locator("#game-banner").get_by_role("button", name="Rematch")
    expect(button).to_be_visible()
    if SHOTS:
        ann.screenshot(path=f"{SHOTS}/rematch_{width}.png", full_page=True)
    button.click()
    expect(ann).to_have_url(re.compile(r"/games/\d+/$"))
    rematch = int(re.search(r"/games/(\d+)/$", ann.url).group(1))
    assert rematch != finished.pk
    expect(ann.locator("body")).to_contain_text("Your challenge is sent")
    sent = ann.request.get(f"/api/games/{rematch}/").json()
    assert (sent["status"], sent["kind"], sent["days_per_move"]) == ("challenge", "toy", 5)
    assert sent["options"]["target"] == 12 and [s["username"] for s in sent["seats"]] == ["ann", "ben"]

    ben.goto(f"/games/{rematch}/")
    ben.locator("#game-challenge").get_by_role("button", name="Accept").click()
    expect(ben).to_have_url(re.compile(rf"/games/{rematch}/$"))
    # Ann's open page becomes the new game without a reload.
    expect(ann.locator("#game-actions").get_by_role("button", name="Resign")).to_be_visible()
    assert ann.request.get(f"/api/games/{rematch}/").json()["status"] == "active"
