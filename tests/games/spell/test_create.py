"""Creating a Spell game draws its term cards from the site's deck, and the cards never reach a client:
not the API (detail, list, seeks), not the lobby, not the socket."""

import pytest
from django.urls import reverse

from core.errors import BAD_OPTIONS, AppError
from games import services
from games.models import Game, Seat
from lexicons.models import TermCard
from lexicons.term_decks import CARDS_PER_GAME, spell_cards_draw

pytestmark = pytest.mark.django_db


def all_terms(game):
    return {t for card in game.options["cards"] for side in card["sides"] for t in side}


def test_a_new_game_plays_with_ten_active_cards_of_its_language(deck, alice, bob):
    game = services.game_create(creator=alice, kind="spell", opponents=[bob], seed=7)
    cards = game.options["cards"]
    assert game.options["language"] == "en"
    assert len(cards) == CARDS_PER_GAME == 10
    ids = [c["id"] for c in cards]
    assert len(set(ids)) == 10
    stored = {c.pk: c for c in TermCard.objects.filter(pk__in=ids)}
    assert all(c["sides"][0] == stored[c["id"]].side_a.split(", ") for c in cards)
    # The round's card is one of them.
    assert game.state["round"]["card"] in range(10)


def test_the_draw_follows_the_seed(deck):
    first = spell_cards_draw(language="en", seed=3)
    assert spell_cards_draw(language="en", seed=3) == first
    assert [c["id"] for c in spell_cards_draw(language="en", seed=4)] != [c["id"] for c in first]


def test_retired_cards_are_never_drawn(deck):
    keep = list(TermCard.objects.order_by("pk").values_list("pk", flat=True)[:6])
    TermCard.objects.exclude(pk__in=keep).update(active=False)
    for seed in range(5):
        assert sorted(c["id"] for c in spell_cards_draw(language="en", seed=seed)) == keep


def test_a_language_with_too_few_cards_is_refused_and_nothing_is_written(deck, alice, bob):
    TermCard.objects.bulk_create(
        TermCard(language="nl", side_a="appel, stoel, rivier, vlieger, uil",
                 side_b=f"brood, tent, trommel, kikker, sok{n}")
        for n in range(4)
    )
    with pytest.raises(AppError) as exc:
        services.game_create(creator=alice, kind="spell", opponents=[bob], options={"language": "nl"})
    assert exc.value.code == BAD_OPTIONS
    assert exc.value.message == "Spell needs at least 5 active term cards in language 'nl'; there are 4."
    assert Game.objects.count() == 0 and Seat.objects.count() == 0


def test_cards_brought_by_the_creator_are_refused(deck, alice, bob):
    cards = [{"id": n, "sides": [["a1", "a2", "a3", "a4", "a5"], ["b1", "b2", "b3", "b4", "b5"]]} for n in range(5)]
    with pytest.raises(AppError) as exc:
        services.game_create(creator=alice, kind="spell", opponents=[bob], options={"cards": cards})
    assert exc.value.code == BAD_OPTIONS
    assert Game.objects.count() == 0


def test_the_api_never_returns_the_cards(deck, alice, bob, carol, api_for):
    created = api_for(alice).post("/api/games/", {"kind": "spell", "opponents": ["bob"]}, format="json")
    assert created.status_code == 201
    assert created.json()["options"] == {"language": "en"}
    game = Game.objects.get(pk=created.json()["id"])
    terms = all_terms(game)
    for user in (alice, bob, carol):
        api = api_for(user)
        for url in (f"/api/games/{game.pk}/", "/api/games/"):
            text = api.get(url).content.decode()
            assert '"cards"' not in text
            assert not [t for t in terms if f'"{t}"' in text]


def test_an_open_seek_keeps_its_cards_from_the_lobby_and_the_seek_list(deck, alice, bob, carol, client, api_for):
    seek = services.game_create(creator=alice, kind="spell", seats=3, options={"language": "en"})
    terms = all_terms(seek)
    listed = api_for(bob).get("/api/seeks/").json()["results"]
    assert [s["options"] for s in listed if s["id"] == seek.pk] == [{"language": "en"}]
    client.force_login(bob)
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'data-seek="{seek.pk}"' in lobby
    # The seek's settings in words ("English cards"), never its options as data.
    assert "English cards" in lobby and "&#x27;cards&#x27;" not in lobby and "'cards'" not in lobby
    assert not [t for t in terms if f"'{t}'" in lobby or f"&#x27;{t}&#x27;" in lobby]
    services.seek_accept(game_id=seek.pk, user=bob)
    game = services.seek_accept(game_id=seek.pk, user=carol)
    game.refresh_from_db()
    assert game.status == "active"
    assert game.state["cards"] == game.options["cards"]

