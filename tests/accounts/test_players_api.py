"""GET /api/players/?q=: the opponent autocomplete's players, for signed-in players only, at most ten,
active players only, never yourself, and nothing but a username and a public name."""

import pytest

pytestmark = pytest.mark.django_db


def found(client, q):
    response = client.get("/api/players/", {"q": q})
    assert response.status_code == 200
    return response.json()


def test_anonymous_visitors_are_refused(client, make_user):
    make_user(username="annie")
    response = client.get("/api/players/", {"q": "a"})
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "NOT_AUTHENTICATED"


def test_players_are_found_by_the_start_of_username_or_display_name_in_any_case(api_for, alice, make_user):
    make_user(username="annie", display_name="")
    make_user(username="zed", display_name="Anton Zee")
    make_user(username="bert", display_name="Bert van Dam")
    make_user(username="joanna", display_name="Jo")  # "an" inside a name is not its start
    client = api_for(alice)
    assert found(client, "AN") == [{"username": "annie", "name": "annie"}, {"username": "zed", "name": "Anton Zee"}]
    assert found(client, "bert v") == [{"username": "bert", "name": "Bert van Dam"}]


def test_yourself_and_inactive_players_are_left_out(api_for, make_user):
    me = make_user(username="alma")
    make_user(username="alvin", is_active=False)
    make_user(username="alfred")
    assert found(api_for(me), "al") == [{"username": "alfred", "name": "alfred"}]


def test_at_most_ten_players_are_answered(api_for, alice, make_user):
    for n in range(12):
        make_user(username=f"player{n:02}")
    names = [p["username"] for p in found(api_for(alice), "player")]
    assert names == [f"player{n:02}" for n in range(10)]


def test_an_empty_query_finds_nobody(api_for, alice, bob):
    client = api_for(alice)
    assert found(client, "") == [] and found(client, "   ") == []
    assert client.get("/api/players/").json() == []


def test_no_email_address_leaves(api_for, alice, make_user):
    make_user(username="carla", email="carla.secret@example.com", display_name="Carla")
    answer = api_for(alice).get("/api/players/", {"q": "car"})
    assert answer.json() == [{"username": "carla", "name": "Carla"}]
    assert "example.com" not in answer.content.decode()


def test_the_endpoint_is_in_the_api_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/players/" in schema and "Find players by the start of their username or display name" in schema
