"""The JSON API: auth, creating games and seeks, views, moves, the log, resign, and error shapes."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games import services
from games.models import Game, Move
from tests.games.helpers import every_seat_moves, snapshot

pytestmark = pytest.mark.django_db


def test_token_auth_with_username_and_password(alice):
    client = APIClient()
    answer = client.post("/api/auth/token/", {"username": "alice", "password": "correct horse battery"}, format="json")
    assert answer.status_code == 200
    token = answer.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/games/").status_code == 200


def test_token_refused_for_a_wrong_password(alice):
    answer = APIClient().post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "BAD_CREDENTIALS"


def test_anonymous_requests_are_refused():
    answer = APIClient().get("/api/games/")
    assert answer.status_code in (401, 403)
    assert "code" in answer.json()


def test_challenge_by_username_starts_a_game_once_accepted(alice, bob, api_for):
    answer = api_for(alice).post("/api/games/", {"kind": "toy", "opponents": ["bob"]}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    assert body["status"] == "challenge" and body["view"] is None
    assert [s["accepted"] for s in body["seats"]] == [True, False]
    answer = api_for(bob).post(f"/api/challenges/{body['id']}/accept/")
    assert answer.status_code == 200 and answer.json()["status"] == "active"
    body = api_for(alice).get(f"/api/games/{body['id']}/").json()
    assert body["status"] == "active" and body["seat"] == 0 and body["to_act"] == [0]
    assert body["view"]["my_card"].startswith("secret-card-0-")
    assert [s["username"] for s in body["seats"]] == ["alice", "bob"]


def test_challenge_of_an_unknown_player_is_refused(alice, api_for):
    answer = api_for(alice).post("/api/games/", {"kind": "toy", "opponents": ["nobody"]}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_PLAYER"
    assert Game.objects.count() == 0


def test_seek_then_accept(alice, bob, api_for):
    seek = api_for(alice).post("/api/games/", {"kind": "toy", "seats": 2}, format="json").json()
    assert seek["status"] == "open"
    listed = api_for(bob).get("/api/seeks/").json()["results"]
    assert [s["id"] for s in listed] == [seek["id"]]
    accepted = api_for(bob).post(f"/api/seeks/{seek['id']}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active" and accepted.json()["seat"] == 1
    again = api_for(bob).post(f"/api/seeks/{seek['id']}/accept/")
    assert again.status_code == 409 and again.json()["code"] == "SEEK_NOT_OPEN"


def test_game_view_is_my_seats_view(alice, bob, api_for):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    mine = api_for(bob).get(f"/api/games/{game.pk}/").json()
    assert mine["seat"] == 1 and mine["version"] == 1 and mine["to_act"] == [0]
    assert mine["view"]["my_card"] == game.state["cards"][1]
    assert game.state["cards"][0] not in str(mine)


def test_my_games_list_sends_each_game_without_its_view_and_reads_no_state(alice, bob, api_for):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    detail = api_for(bob).get(f"/api/games/{game.pk}/").json()
    with CaptureQueriesContext(connection) as ctx:
        listed = api_for(bob).get("/api/games/").json()["results"]
    assert [g["id"] for g in listed] == [game.pk]
    assert listed[0] == {k: v for k, v in detail.items() if k != "view"}  # the view is at the game only
    assert game.state["cards"][1] not in str(listed)
    assert not [q["sql"] for q in ctx.captured_queries if '"games_game"."state"' in q["sql"]]


def test_spectator_gets_the_spectator_view_without_secrets(alice, bob, carol, api_for):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    body = api_for(carol).get(f"/api/games/{game.pk}/").json()
    assert body["seat"] is None and body["view"]["my_card"] is None
    assert all(card not in str(body) for card in game.state["cards"])


def test_submit_move_and_read_the_log(alice, bob, api_for):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    answer = api_for(alice).post(
        f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 2}, "idempotency_key": "a1"},
        format="json",
    )
    assert answer.status_code == 200 and answer.json()["version"] == 2
    log = api_for(bob).get(f"/api/games/{game.pk}/moves/").json()
    assert [(e["seq"], e["seat"], e["move"]) for e in log] == [(2, 0, {"type": "add", "n": 2})]


def test_retry_with_the_same_key_returns_the_first_answer(alice, bob, api_for):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    body = {"version": 1, "move": {"type": "add", "n": 2}, "idempotency_key": "same"}
    first = api_for(alice).post(f"/api/games/{game.pk}/moves/", body, format="json")
    second = api_for(alice).post(f"/api/games/{game.pk}/moves/", body, format="json")
    assert second.status_code == 200 and second.json() == first.json()
    assert Move.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    "who, body, status, code",
    [
        ("alice", {"version": 1, "move": {"type": "add", "n": 7}, "idempotency_key": "x"}, 400, "BAD_MOVE"),
        ("alice", {"version": 0, "move": {"type": "add", "n": 1}, "idempotency_key": "x"}, 409, "STALE_VERSION"),
        ("bob", {"version": 1, "move": {"type": "add", "n": 1}, "idempotency_key": "x"}, 400, "NOT_YOUR_TURN"),
        ("carol", {"version": 1, "move": {"type": "add", "n": 1}, "idempotency_key": "x"}, 403, "NOT_YOUR_GAME"),
        ("alice", {"version": 1, "move": {"type": "add", "n": 1}}, 400, "BAD_REQUEST"),
        ("alice", {"version": "one", "move": {}, "idempotency_key": "x"}, 400, "BAD_REQUEST"),
    ],
)
def test_move_errors_have_a_code_and_write_nothing(alice, bob, carol, api_for, who, body, status, code):
    users = {"alice": alice, "bob": bob, "carol": carol}
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    before = snapshot(game.pk)
    answer = api_for(users[who]).post(f"/api/games/{game.pk}/moves/", body, format="json")
    assert answer.status_code == status
    assert answer.json()["code"] == code and answer.json()["message"]
    assert snapshot(game.pk) == before


def test_unknown_game_is_404_with_a_code(alice, api_for):
    answer = api_for(alice).get("/api/games/999999/")
    assert answer.status_code == 404 and answer.json()["code"] == "NOT_FOUND"
    answer = api_for(alice).post(
        "/api/games/999999/moves/", {"version": 1, "move": {}, "idempotency_key": "k"}, format="json"
    )
    assert answer.status_code == 404


def test_log_of_a_game_not_mine_is_forbidden(alice, bob, carol, api_for):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    answer = api_for(carol).get(f"/api/games/{game.pk}/moves/")
    assert answer.status_code == 403 and answer.json()["code"] == "NOT_YOUR_GAME"


def test_resign_over_the_api(alice, bob, api_for):
    game = every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3))
    answer = api_for(bob).post(f"/api/games/{game.pk}/resign/")
    assert answer.status_code == 200 and answer.json()["status"] == "finished"
    assert answer.json()["result"]["ranks"] == [1, 2]


def test_resign_refusals_have_a_code_and_write_nothing(alice, bob, carol, api_for):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    before = snapshot(game.pk)
    answer = api_for(carol).post(f"/api/games/{game.pk}/resign/")
    assert answer.status_code == 403 and answer.json()["code"] == "NOT_YOUR_GAME"
    assert snapshot(game.pk) == before
    assert api_for(alice).post("/api/games/999999/resign/").status_code == 404
    api_for(bob).post(f"/api/games/{game.pk}/resign/")
    before = snapshot(game.pk)
    answer = api_for(alice).post(f"/api/games/{game.pk}/resign/")
    assert answer.status_code == 400 and answer.json()["code"] == "GAME_NOT_ACTIVE"
    assert snapshot(game.pk) == before


def test_hidden_choices_in_the_log_stay_hidden_until_the_turn_resolves(alice, bob, carol, api_for):
    game = services.game_create(
        creator=alice, kind="toy", opponents=[bob, carol], options={"mode": "simultaneous"}, seed=3
    )
    api_for(alice).post(
        f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 3}, "idempotency_key": "a"},
        format="json",
    )
    seen_by_bob = api_for(bob).get(f"/api/games/{game.pk}/moves/").json()
    assert seen_by_bob[0]["move"] == {"type": "add", "n": None}
    seen_by_alice = api_for(alice).get(f"/api/games/{game.pk}/moves/").json()
    assert seen_by_alice[0]["move"] == {"type": "add", "n": 3}


def test_schema_and_docs_are_served(alice, client):
    client.force_login(alice)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/games/{game_id}/moves/" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_the_schema_generates_without_warnings(tmp_path):
    # `.ci/run`'s `check --deploy --fail-level WARNING` also fails on any drf-spectacular warning.
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(tmp_path / "schema.yml"))
