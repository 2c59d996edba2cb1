"""A league's time bank: set once for the league (service, API, form), given to every game of its seasons,
the replay of an aborted fixture included; a bank outside 0 to 30 days is refused and nothing written."""

import pytest

from games import services as game_services
from games.models import Game, GameStatus
from leagues import services
from leagues.errors import BAD_OPTIONS, LeagueError
from leagues.models import Fixture, League
from tests.helpers import committed

pytestmark = pytest.mark.django_db


def test_a_season_with_a_time_bank_gives_every_one_of_its_games_the_bank(make_league, players):
    league = make_league(n=6, time_bank_days=3, days_per_move=2)
    services.season_start(league_id=league.pk, actor=players[0])
    games = Game.objects.filter(pk__in=Fixture.objects.values("game_id"))
    assert games.count() == Fixture.objects.count() > 1
    assert {(g.days_per_move, g.time_bank_days) for g in games} == {(2, 3)}


def test_the_replay_of_an_aborted_fixture_keeps_the_bank(players):
    league = services.league_create(creator=players[0], name="Friends", kind="toy", options={"target": 3},
                                    format="friends", time_bank_days=4)
    for user in players[:2]:
        services.league_join(league_id=league.pk, user=user)
    services.season_start(league_id=league.pk, actor=players[0])
    fixture = Fixture.objects.select_related("game").order_by("pk").first()
    starter, second = [s.user for s in fixture.game.seats.order_by("index")]
    game_services.game_submit_move(game_id=fixture.game_id, user=starter, move={"type": "add", "n": 1},
                                   version=fixture.game.version, idempotency_key="first")
    with committed():
        game_services.game_resign(game_id=fixture.game_id, user=second)  # before moving: an abort, replayed
    fixture.refresh_from_db()
    assert fixture.aborted_games and fixture.game.status == GameStatus.ACTIVE and fixture.game.time_bank_days == 4


@pytest.mark.parametrize("bank", [31, -1, 1.5])
def test_a_league_time_bank_outside_0_to_30_is_refused_and_nothing_written(alice, bank):
    with pytest.raises(LeagueError) as refused:
        services.league_create(creator=alice, name="L", kind="toy", time_bank_days=bank)
    assert refused.value.code == BAD_OPTIONS and League.objects.count() == 0


def test_the_api_sets_and_shows_a_leagues_time_bank(api_for, alice):
    client = api_for(alice)
    settings = {"name": "Banked", "kind": "toy", "division_min": 2, "division_max": 4, "promote": 1, "relegate": 1}
    created = client.post("/api/leagues/", settings | {"time_bank_days": 5}, format="json")
    assert created.status_code == 201 and created.json()["time_bank_days"] == 5
    refused = client.post("/api/leagues/", settings | {"time_bank_days": 40}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == BAD_OPTIONS
    assert list(League.objects.values_list("time_bank_days", flat=True)) == [5]


def test_the_league_form_sets_a_time_bank_and_the_league_page_shows_it(client, alice):
    client.force_login(alice)
    settings = {"name": "Form league", "kind": "toy", "format": "friends", "days_per_move": 3,
                "visibility": "public", "season_days": 30, "abort_rule": "replay"}
    assert 'name="time_bank_days"' in client.get("/leagues/new/").content.decode()
    bad = client.post("/leagues/new/", settings | {"time_bank_days": "31"})
    assert 'id="id_time_bank_days_error"' in bad.content.decode() and League.objects.count() == 0
    response = client.post("/leagues/new/", settings | {"time_bank_days": "6"})
    assert response.status_code == 302
    league = League.objects.get()
    assert league.time_bank_days == 6
    assert "a 6-day time bank" in client.get(f"/leagues/{league.pk}/").content.decode()


def test_the_league_page_gives_each_fixture_its_time_left_with_the_bank(make_league, players, client):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Seat

    league = make_league(n=3, time_bank_days=3, days_per_move=2)
    services.season_start(league_id=league.pk, actor=players[0])
    seat = Seat.objects.filter(game__in=Fixture.objects.values("game_id"), to_act=True).order_by("pk").first()
    Seat.objects.filter(pk=seat.pk).update(bank_used=timedelta(days=1))
    client.force_login(players[0])
    for _ in range(2):  # drawn, then from the cached lines with their marks filled in
        page = client.get(f"/leagues/{league.pk}/").content.decode()
        assert "left + 2\xa0days bank" in page and "\x00" not in page
    Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() - timedelta(hours=1))
    for _ in range(2):
        page = client.get(f"/leagues/{league.pk}/").content.decode()
        assert "left on the time bank" in page and "\x00" not in page
