"""The lobby: each seated player's rating for the seek's game, the filters by game kind and by the
seeker's rating (query parameters, applied on the server), and the lobby socket that sends a changed
seek's row (or that it is gone) to every open lobby."""

import pytest
from asgiref.sync import sync_to_async

from engines import registry
from games import services
from games.web.lobby import LobbyFilter
from ratings.models import Rating
from tests.games.helpers import stand_in_lexicons
from tests.helpers import committed
from tests.sockets import socket_next_of_type

pytestmark = pytest.mark.django_db


def seek(creator, kind="toy", **kwargs):
    with committed():
        return services.game_create(creator=creator, kind=kind, seats=2, **kwargs)


def rows(html: str) -> list[str]:
    return [part.split('"', 1)[0] for part in html.split('data-seek="')[1:]]


@pytest.fixture
def rated(alice, carol, make_user):
    """Alice 1612 in the toy's rating, carol 1388, dave never rated."""
    Rating.objects.create(user=alice, key="toy", rating=1612.4, games=7)
    Rating.objects.create(user=carol, key="toy", rating=1387.6, games=2)
    return make_user(username="dave")


def test_each_seek_shows_its_seekers_rating_for_that_game(client, bob, alice, carol, rated):
    dave = rated
    seek(alice), seek(carol), seek(dave)
    client.force_login(bob)
    page = client.get("/lobby/").content.decode()
    assert 'alice <span class="seek-rating">1612</span>' in page
    assert 'carol <span class="seek-rating">1388</span>' in page
    # No rated game yet: the starting rating, marked provisional.
    assert 'dave <span class="seek-rating" title="No rated game yet">1500?</span>' in page
    assert 'data-kind="toy" data-rating="1612"' in page


def test_a_rating_in_another_game_is_not_shown(client, bob, alice):
    Rating.objects.create(user=alice, key="another", rating=2100, games=40)
    seek(alice)
    client.force_login(bob)
    assert "1500?" in client.get("/lobby/").content.decode()


def test_the_filter_narrows_the_seeks_by_the_seekers_rating(client, bob, alice, carol, rated):
    dave = rated
    by = {u.username: seek(u).pk for u in (alice, carol, dave)}
    client.force_login(bob)

    def listed(query: str) -> set[int]:
        return {int(pk) for pk in rows(client.get(f"/lobby/{query}").content.decode())}

    assert listed("") == set(by.values())
    assert listed("?min=1500") == {by["alice"], by["dave"]}
    assert listed("?max=1499") == {by["carol"]}
    assert listed("?min=1400&max=1600") == {by["dave"]}
    assert listed("?min=1700") == set()
    # Unreadable bounds are no filter.
    assert listed("?min=lots&max=-3") == set(by.values())
    assert listed("?min=%C2%B3&max=" + "9" * 40) == set(by.values())  # "³" passes str.isdigit


def test_the_filter_narrows_the_seeks_by_game_kind(client, bob, alice, monkeypatch):
    from lexicons.term_decks import starter_deck_load

    stand_in_lexicons(monkeypatch, {"en": ["cat"]})
    starter_deck_load(language="en")
    other = next(k for k in registry.kinds() if k != "toy" and not registry.get(k).cooperative)
    toy, another = seek(alice), seek(alice, kind=other)
    client.force_login(bob)
    assert rows(client.get("/lobby/?kind=toy").content.decode()) == [str(toy.pk)]
    page = client.get(f"/lobby/?kind={other}").content.decode()
    assert rows(page) == [str(another.pk)]
    assert f'<option value="{other}" selected>' in page
    assert set(rows(client.get("/lobby/?kind=nonsense").content.decode())) == {str(toy.pk), str(another.pk)}


def test_a_filter_that_matches_nothing_says_so(client, bob, alice, rated):
    seek(alice)
    client.force_login(bob)
    page = client.get("/lobby/?min=3000").content.decode()
    assert "No open seek matches this filter right now." in page
    assert 'href="/lobby/">Show all seeks' in page


def test_a_rating_bound_leaves_out_seeks_of_a_kind_without_ratings():
    class Cooperative:
        pk, kind, created_by_id = 1, "any", 5

    unrated = Cooperative()
    assert LobbyFilter().admits(unrated, {})
    assert not LobbyFilter(rating_min=0).admits(unrated, {})
    assert LobbyFilter(rating_min=1400).admits(unrated, {1: {5: (1450, False)}})


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_open_lobby_is_sent_each_seek_as_it_comes_and_goes(alice, bob, sockets):
    lobby = await sockets.open("/ws/me/?lobby=1", bob)
    elsewhere = await sockets.open("/ws/me/", alice)  # not a lobby: told nothing of seeks
    posted = await sync_to_async(services.game_create)(creator=alice, kind="toy", seats=2)
    message = await socket_next_of_type(lobby, "seek")
    assert message["seek"] == posted.pk
    assert f'data-seek="{posted.pk}"' in message["html"] and "alice" in message["html"]
    assert "/accept/" in message["html"] and "csrfmiddlewaretoken" not in message["html"]
    await sync_to_async(services.seek_accept)(game_id=posted.pk, user=bob)
    assert await socket_next_of_type(lobby, "seek") == {"type": "seek", "seek": posted.pk, "html": None}
    withdrawn = await sync_to_async(services.game_create)(creator=alice, kind="toy", seats=2)
    assert (await socket_next_of_type(lobby, "seek"))["seek"] == withdrawn.pk
    await sync_to_async(services.seek_withdraw)(game_id=withdrawn.pk, user=alice)
    assert await socket_next_of_type(lobby, "seek") == {"type": "seek", "seek": withdrawn.pk, "html": None}
    while True:  # the bell and the badge only
        try:
            message = await elsewhere.receive_json_from(timeout=0.3)
        except TimeoutError:
            break
        assert message["type"] != "seek"
