"""``/api/leagues/...``: the same services, refusals as ``{"code", "message"}`` with nothing written."""

import pytest

from leagues.models import Entry, Fixture, League

pytestmark = pytest.mark.django_db


def test_create_join_and_read_a_league_through_the_api(api_for, alice, bob):
    client = api_for(alice)
    response = client.post("/api/leagues/", {"name": "API league", "kind": "toy", "division_min": 2,
                                             "division_max": 4, "promote": 1, "relegate": 1}, format="json")
    assert response.status_code == 201
    league_id = response.json()["id"]
    assert api_for(bob).post(f"/api/leagues/{league_id}/join/", {}, format="json").status_code == 201
    # The creator was registered when the league was made (``creator_plays`` defaults to true).
    again = client.post(f"/api/leagues/{league_id}/join/", {}, format="json")
    assert again.status_code == 400 and again.json()["code"] == "ALREADY_JOINED"
    assert api_for(bob).post(f"/api/leagues/{league_id}/season/start/").json()["code"] == "NOT_ORGANISER"
    assert client.post(f"/api/leagues/{league_id}/season/start/").status_code == 200
    page = client.get(f"/api/leagues/{league_id}/").json()
    assert page["season"]["status"] == "running"
    (division,) = page["divisions"]
    assert [row["username"] for row in division["standings"]] and len(division["fixtures"]) == 1
    assert division["fixtures"][0]["to_act"]
    assert page["invite_token"]
    assert api_for(bob).get(f"/api/leagues/{league_id}/").json()["invite_token"] is None
    assert client.get("/api/leagues/?q=API").json()["results"][0]["players"] == 2
    log = client.get(f"/api/leagues/{league_id}/log/").json()["results"]
    assert [entry["action"] for entry in log] == ["season_start"]
    assert Fixture.objects.count() == 1


def test_bad_input_is_refused_with_a_code_and_nothing_written(api_for, alice):
    client = api_for(alice)
    response = client.post("/api/leagues/", {"name": "X", "kind": "toy", "division_min": 6, "division_max": 8},
                           format="json")
    assert response.status_code == 400 and response.json()["code"] == "BAD_DIVISION_SIZE"
    assert client.post("/api/leagues/", {"kind": "toy"}, format="json").json()["code"] == "BAD_REQUEST"
    assert not League.objects.exists()
    assert client.post("/api/leagues/999/join/", {}, format="json").status_code == 404
    assert not Entry.objects.exists()


def test_the_schema_documents_the_league_api(api_for, alice):
    schema = api_for(alice).get("/api/schema/").content.decode()
    assert "/api/leagues/{league_id}/join/" in schema and "/api/ratings/{key}/" in schema


def test_organiser_tools_and_leaving_through_the_api(api_for, make_league, players):
    from games.models import Game, GameStatus
    from leagues.models import OrganiserAction

    league = make_league(n=8)
    organiser, outsider = api_for(players[0]), api_for(players[1])
    leaving = api_for(players[7]).post(f"/api/leagues/{league.pk}/leave/")
    assert leaving.status_code == 200 and Entry.objects.count() == 7
    assert organiser.post(f"/api/leagues/{league.pk}/season/start/").status_code == 200
    late = api_for(players[6]).post(f"/api/leagues/{league.pk}/leave/")
    assert late.status_code == 400 and late.json()["code"] == "SEASON_STARTED"

    game = Game.objects.filter(seats__user=players[1], fixture__isnull=False).order_by("pk").first()
    body = {"username": players[1].username, "game": game.pk}
    for url, data in ((f"/api/leagues/{league.pk}/forfeit/", body),
                      (f"/api/leagues/{league.pk}/remove/", {"username": players[2].username}),
                      (f"/api/leagues/{league.pk}/move/", {"username": players[5].username, "level": 1}),
                      (f"/api/leagues/{league.pk}/organisers/", {"username": players[3].username}),
                      (f"/api/leagues/{league.pk}/season/end/", {})):
        refused = outsider.post(url, data, format="json")
        assert refused.status_code == 403 and refused.json()["code"] == "NOT_ORGANISER"
    assert OrganiserAction.objects.count() == 1 and Game.objects.filter(status=GameStatus.ACTIVE).count() == 9

    assert organiser.post(f"/api/leagues/{league.pk}/forfeit/", body, format="json").status_code == 200
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert organiser.post(f"/api/leagues/{league.pk}/remove/", {"username": players[2].username},
                          format="json").status_code == 200
    assert organiser.post(f"/api/leagues/{league.pk}/move/", {"username": players[5].username, "level": 1},
                          format="json").status_code == 200
    unknown = organiser.post(f"/api/leagues/{league.pk}/move/", {"username": "nobody", "level": 1}, format="json")
    assert unknown.status_code == 400 and unknown.json()["code"] == "NOT_JOINED"
    assert organiser.post(f"/api/leagues/{league.pk}/organisers/", {"username": players[3].username},
                          format="json").status_code == 200
    assert api_for(players[3]).post(f"/api/leagues/{league.pk}/season/end/").status_code == 200
    log = organiser.get(f"/api/leagues/{league.pk}/log/").json()["results"]
    assert sorted(a["action"] for a in log) == sorted(
        ["season_start", "forfeit", "remove_player", "move_player", "add_organiser", "season_end"])


def test_the_league_detail_api_query_count_is_constant_in_players_and_games(api_for, make_league, players):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from leagues import services
    from tests.leagues.helpers import SEAT0_WINS, play

    def count(league):
        with CaptureQueriesContext(connection) as ctx:
            response = api_for(players[1]).get(f"/api/leagues/{league.pk}/")
        assert response.status_code == 200
        return len(ctx.captured_queries)

    small = make_league(n=4)
    services.season_start(league_id=small.pk, actor=players[0])
    play(Fixture.objects.filter(division__season__league=small).first().game, SEAT0_WINS)
    big = make_league(n=12, division_min=4, division_max=7)
    services.season_start(league_id=big.pk, actor=players[0])
    for fixture in Fixture.objects.filter(division__season__league=big).select_related("game")[:10]:
        play(fixture.game, SEAT0_WINS)
    assert count(big) == count(small)


def test_a_friends_league_through_the_api_with_its_abort_rule(api_for, alice, bob):
    client = api_for(alice)
    response = client.post("/api/leagues/", {"name": "Pals", "kind": "toy", "format": "friends",
                                             "abort_rule": "adjudicate", "max_players": 3}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert (body["format"], body["abort_rule"], body["division_min"], body["division_max"]) == (
        "friends", "adjudicate", 2, 5)
    assert (body["max_players"], body["double_round_robin"], body["promote"], body["relegate"]) == (3, True, 0, 0)
    too_many = client.post("/api/leagues/", {"name": "Crowd", "kind": "toy", "format": "friends", "max_players": 8},
                           format="json")
    assert too_many.status_code == 400 and too_many.json()["code"] == "BAD_DIVISION_SIZE"
    assert "2 to 5 players" in too_many.json()["message"]
    unknown = client.post("/api/leagues/", {"name": "X", "kind": "toy", "format": "ladder"}, format="json")
    assert unknown.status_code == 400 and League.objects.count() == 1
    for user in (alice, bob):
        api_for(user).post(f"/api/leagues/{body['id']}/join/", {}, format="json")
    client.post(f"/api/leagues/{body['id']}/season/start/")
    (division,) = client.get(f"/api/leagues/{body['id']}/").json()["divisions"]
    assert len(division["fixtures"]) == 2 and all(f["aborted_games"] == [] for f in division["fixtures"])


def test_the_creator_plays_in_their_league_unless_they_say_not(api_for, alice):
    client = api_for(alice)
    settings = {"kind": "toy", "division_min": 2, "division_max": 4, "promote": 1, "relegate": 1}
    playing = client.post("/api/leagues/", {"name": "Mine", **settings}, format="json")
    organising = client.post("/api/leagues/", {"name": "Theirs", "creator_plays": False, **settings}, format="json")
    assert playing.status_code == organising.status_code == 201
    assert list(Entry.objects.filter(season__league_id=playing.json()["id"]).values_list("user__username", flat=True)) \
        == ["alice"]
    assert not Entry.objects.filter(season__league_id=organising.json()["id"]).exists()
    assert client.get(f"/api/leagues/{playing.json()['id']}/").json()["registered"] == ["alice"]


def test_a_bot_may_not_create_a_league_it_would_play_in(api_for, make_user):
    bot = make_user(username="robot", is_bot=True)
    answer = api_for(bot).post("/api/leagues/", {"name": "Bots", "kind": "toy"}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "BOTS_NOT_IN_LEAGUES"
    assert not League.objects.exists() and not Entry.objects.exists()


def test_the_schema_documents_creator_plays(client):
    schema = client.get("/api/schema/?format=json").json()
    field = schema["components"]["schemas"]["LeagueCreate"]["properties"]["creator_plays"]
    assert field["type"] == "boolean" and field["default"] is True
