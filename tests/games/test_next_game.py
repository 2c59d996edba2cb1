""""Next game": the game awaiting your move with the least time left (the time bank counted), other than
the one you are on — from the game page's link (``/games/next/``) and the API (``/api/games/next/``);
"My games" lists the games awaiting your move least time left first."""

from datetime import UTC, datetime, timedelta

import pytest

from games import selectors, services
from games.models import Game, Seat

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def awaiting(user, opponent, *, runs_out_in: timedelta, bank_days: int = 0) -> Game:
    """A game awaiting ``user``'s move whose time runs out ``runs_out_in`` after T0 (bank included)."""
    game = services.game_create(creator=user, kind="toy", opponents=[opponent], seed=1, now=T0)
    Game.objects.filter(pk=game.pk).update(time_bank_days=bank_days)
    deadline = T0 + runs_out_in - timedelta(days=bank_days)
    Seat.objects.filter(game=game, user=user).update(deadline=deadline, to_act=True)
    Seat.objects.filter(game=game).exclude(user=user).update(deadline=None, to_act=False)
    return game


@pytest.fixture
def three(alice, bob, carol):
    """alice's move in three games: the middle one runs out first, thanks to the other's time bank."""
    late = awaiting(alice, bob, runs_out_in=timedelta(days=3))
    soon = awaiting(alice, carol, runs_out_in=timedelta(hours=5))
    banked = awaiting(alice, bob, runs_out_in=timedelta(days=2), bank_days=2)  # deadline passed, bank left
    return late, soon, banked


def test_next_game_picks_the_least_time_left_bank_included(three, alice):
    late, soon, banked = three
    assert selectors.next_game_for_user(user=alice) == (soon, 3)
    assert selectors.next_game_for_user(user=alice, exclude_game_id=soon.pk) == (banked, 2)
    assert selectors.next_game_for_user(user=alice, exclude_game_id=banked.pk)[0] == soon


def test_the_link_opens_the_next_game_from_the_one_you_are_on(three, alice, client):
    late, soon, banked = three
    client.force_login(alice)
    assert client.get("/games/next/")["Location"] == f"/games/{soon.pk}/"
    assert client.get(f"/games/next/?from={soon.pk}")["Location"] == f"/games/{banked.pk}/"


def test_an_odd_from_is_no_game_to_leave_out(three, alice, client):
    client.force_login(alice)
    for odd in ("%C2%B3", "9" * 30):
        assert client.get(f"/games/next/?from={odd}").status_code == 302


def test_with_no_other_game_awaiting_the_link_goes_to_my_games_and_says_so(alice, bob, client):
    game = awaiting(alice, bob, runs_out_in=timedelta(days=1))
    client.force_login(alice)
    response = client.get(f"/games/next/?from={game.pk}", follow=True)
    assert response.redirect_chain == [("/games/", 302)]
    assert "No other game awaits your move." in response.content.decode()


def test_the_api_names_the_next_game_and_how_many_await(three, alice, bob, api_for):
    late, soon, banked = three
    data = api_for(alice).get(f"/api/games/next/?exclude={soon.pk}").json()
    assert data["awaiting"] == 2
    assert data["game"]["id"] == banked.pk and data["game"]["url"] == f"/games/{banked.pk}/"
    assert data["game"]["timeout_at"].startswith((T0 + timedelta(days=2)).isoformat()[:16])
    assert api_for(bob).get("/api/games/next/").json() == {"game": None, "awaiting": 0}
    assert api_for(alice).get("/api/games/next/?exclude=x").json()["code"] == "BAD_REQUEST"
    assert "/api/games/next/" in api_for(alice).get("/api/schema/").content.decode()


def test_the_game_page_offers_the_next_game_and_counts_the_others(three, alice, bob, client):
    late, soon, banked = three
    client.force_login(alice)
    page = client.get(f"/games/{late.pk}/").content.decode()
    assert f'href="/games/next/?from={late.pk}"' in page and 'aria-keyshortcuts="N"' in page
    assert "2 other games await your move." in page and 'data-awaiting="3"' in page
    client.force_login(bob)  # bob's move nowhere: the link is hidden, and the page says why
    page = client.get(f"/games/{late.pk}/").content.decode()
    assert 'id="next-game-link" href="/games/next/?from=' in page and "No other game awaits your move." in page
    assert 'aria-describedby="next-game-status" hidden>' in page


def test_my_games_lists_the_games_awaiting_my_move_least_time_left_first(three, alice, client):
    late, soon, banked = three
    assert [g.pk for g in selectors.games_for_user(user=alice)] == [soon.pk, banked.pk, late.pk]
    client.force_login(alice)
    page = client.get("/games/").content.decode()
    rows = [page.index(f'<tr data-game="{g.pk}"') for g in (soon, banked, late)]
    assert rows == sorted(rows)
    assert 'href="/games/next/"' in page
