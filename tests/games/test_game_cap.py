"""A cap on games going at once (``MAX_ACTIVE_GAMES``): one game too many — a challenge, an acceptance, a
seek posted or joined — is refused with TOO_MANY_GAMES to whichever side is full, through the services,
the API and the pages, and nothing is written.  Bots have no cap; league fixtures are never refused."""

import pytest
from django.utils import timezone

from games import services
from games.errors import TOO_MANY_GAMES, GameError
from games.models import Game, GameStatus, Seat
from games.services.caps import games_going
from tests.games.helpers import snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def cap(settings):
    settings.MAX_ACTIVE_GAMES = 3
    return 3


def games_running(user, n: int) -> None:
    """``n`` running games for ``user``, written in two statements (what the cap counts, cheaply)."""
    games = Game.objects.bulk_create(
        Game(kind="toy", seed=i, seats_count=2, created_by=user, status=GameStatus.ACTIVE, state={}, version=1,
             started_at=timezone.now()) for i in range(n))
    Seat.objects.bulk_create(Seat(game=g, index=0, user=user) for g in games)


def refused(call, **kwargs) -> GameError:
    with pytest.raises(GameError) as caught:
        call(**kwargs)
    assert caught.value.code == TOO_MANY_GAMES and caught.value.status == 409
    return caught.value


def test_the_default_cap_refuses_the_101st_game(alice, bob, carol):
    games_running(alice, 99)
    services.challenge_create(creator=alice, kind="toy", opponents=[bob])  # the 100th
    assert games_going(user_ids=[alice.pk]) == {alice.pk: 100}
    before = Game.objects.count()
    error = refused(services.challenge_create, creator=alice, kind="toy", opponents=[carol])
    assert "You already have 100 games going" in error.message and error.details == {"limit": 100}
    assert Game.objects.count() == before


def test_a_challenge_beyond_the_cap_is_refused_and_writes_nothing(cap, alice, bob, carol):
    services.challenge_create(creator=alice, kind="toy", opponents=[bob])
    services.game_create(creator=alice, kind="toy", seats=2)  # a seek counts
    services.game_create(creator=alice, kind="toy", opponents=[carol])  # and a running game
    rows = Game.objects.count(), Seat.objects.count()
    refused(services.challenge_create, creator=alice, kind="toy", opponents=[carol])
    refused(services.game_create, creator=alice, kind="toy", seats=2)
    assert (Game.objects.count(), Seat.objects.count()) == rows


def test_the_challenger_is_told_when_the_challenged_player_is_full(cap, alice, bob, make_user):
    bob.display_name = "Bobby"
    bob.save()
    games_running(bob, cap)
    error = refused(services.challenge_create, creator=alice, kind="toy", opponents=[bob])
    assert error.message.startswith("Bobby already has 3 games going")
    assert error.details == {"limit": 3, "player": "bob"}
    assert not Game.objects.filter(created_by=alice).exists()


def test_accepting_a_challenge_or_joining_a_seek_at_the_cap_is_refused(cap, alice, bob, carol):
    challenge = services.challenge_create(creator=carol, kind="toy", opponents=[bob])
    seek = services.game_create(creator=carol, kind="toy", seats=2)
    games_running(bob, cap)  # unanswered, carol's challenge did not count for bob; now he is full
    before = snapshot(challenge.pk), snapshot(seek.pk)
    refused(services.challenge_accept, game_id=challenge.pk, user=bob)
    refused(services.seek_accept, game_id=seek.pk, user=bob)
    assert (snapshot(challenge.pk), snapshot(seek.pk)) == before
    assert not Seat.objects.get(game=challenge, user=bob).accepted


def test_challenges_not_yet_answered_do_not_fill_a_players_quota(cap, alice, bob, carol, make_user):
    for n in range(cap + 1):
        services.challenge_create(creator=make_user(username=f"fan{n}"), kind="toy", opponents=[bob])
    assert games_going(user_ids=[bob.pk]) == {}
    services.challenge_create(creator=alice, kind="toy", opponents=[bob])


def test_resigned_and_finished_games_do_not_count(cap, alice, bob):
    games = [services.game_create(creator=alice, kind="toy", opponents=[bob]) for _ in range(cap)]
    services.game_resign(game_id=games[0].pk, user=alice)
    assert games_going(user_ids=[alice.pk]) == {alice.pk: cap - 1}
    services.game_create(creator=alice, kind="toy", seats=2)


def test_bots_have_no_cap_and_league_fixtures_are_never_refused(cap, alice, bob, make_user):
    bot = make_user(username="toybot", is_bot=True, bot_kind="toy")
    games_running(bot, cap + 2)
    game = services.challenge_create(creator=alice, kind="toy", opponents=[bot])
    services.challenge_accept(game_id=game.pk, user=bot)
    games_running(alice, cap)
    services.games_create_scheduled(kind="toy", options={}, days_per_move=3, tables=[[alice, bob]])
    services.game_create(creator=alice, kind="toy", opponents=[bob], scheduled=True)
    assert games_going(user_ids=[alice.pk])[alice.pk] == cap + 3


def test_the_api_refuses_with_the_code_to_both_sides(cap, alice, bob, carol, api_for):
    games_running(bob, cap)
    answer = api_for(alice).post("/api/games/", {"kind": "toy", "opponents": ["bob"]}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == TOO_MANY_GAMES
    assert answer.json()["details"] == {"limit": 3, "player": "bob"}
    seek = services.game_create(creator=carol, kind="toy", seats=2)
    answer = api_for(bob).post(f"/api/seeks/{seek.pk}/accept/")
    assert answer.status_code == 409 and answer.json()["code"] == TOO_MANY_GAMES
    games_running(alice, cap - 1)
    challenge = services.challenge_create(creator=carol, kind="toy", opponents=[alice])
    games_running(alice, 1)
    answer = api_for(alice).post(f"/api/challenges/{challenge.pk}/accept/")
    assert answer.status_code == 409 and answer.json()["code"] == TOO_MANY_GAMES
    answer = api_for(alice).post("/api/games/", {"kind": "toy"}, format="json")
    assert answer.status_code == 409 and "You already have 3 games going" in answer.json()["message"]


def test_the_pages_say_why(cap, client, alice, bob, carol):
    games_running(bob, cap)
    client.force_login(alice)
    page = client.post("/games/new/", {"kind": "toy", "opponent": "bob", "toy_seats": 2, "days_per_move": 3})
    assert "bob already has 3 games going" in page.content.decode()
    seek = services.game_create(creator=carol, kind="toy", seats=2)
    client.force_login(bob)
    response = client.post(f"/lobby/{seek.pk}/accept/", follow=True)
    assert "You already have 3 games going" in response.content.decode()
    assert Seat.objects.get(game=seek, index=1).user is None
