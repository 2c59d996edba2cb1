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
    assert client.post(f"/api/leagues/{league_id}/join/", {}, format="json").status_code == 201
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
    assert client.get("/api/leagues/?q=API").json()[0]["players"] == 2
    log = client.get(f"/api/leagues/{league_id}/log/").json()
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
    assert "/api/leagues/{league_id}/join/" in schema and "/api/leagues/ratings/{key}/" in schema
