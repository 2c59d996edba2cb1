"""Strict input: bodies and values that crashed the server with a 500 are refused with a
400 ``{"code", "message"}`` and nothing is written, on every door (the anonymous token endpoint, the
API's writes, the pages); under ``/api/`` every error is JSON, also with ``DEBUG`` off."""

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import services as game_services
from games.models import Game, Move
from leagues.models import League
from moderation.models import ChatMessage
from web.parsers import MAX_JSON_DEPTH


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def post_raw(client, path: str, body: str):
    return client.post(path, data=body, content_type="application/json")


@pytest.fixture
def client_for(client):
    def make(user):
        client.force_login(user)
        return client

    return make


@pytest.fixture
def game(alice, bob):
    return game_services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


WRITE_PATHS = ["/api/games/", "/api/leagues/", "/api/reports/", "/api/lexicons/toy/reports/",
               "/api/games/{game}/moves/", "/api/games/{game}/chat/"]


@pytest.mark.parametrize("path", WRITE_PATHS)
@pytest.mark.parametrize("shape", ["array", "object", "inside-a-value"])
def test_json_nested_5000_deep_is_a_400_on_every_write(api_for, alice, game, path, shape):
    body = {"array": nested(5000), "object": '{"a":' * 5000 + "1" + "}" * 5000,
            "inside-a-value": '{"move": ' + nested(5000) + "}"}[shape]
    answer = post_raw(api_for(alice), path.format(game=game.pk), body)
    assert answer.status_code == 400
    assert answer.json()["code"] == "JSON_TOO_DEEP"
    assert set(answer.json()) == {"code", "message"}


def test_json_nested_5000_deep_is_a_400_at_the_anonymous_token_endpoint():
    answer = post_raw(APIClient(), "/api/auth/token/", nested(5000))
    assert answer.status_code == 400 and answer.json()["code"] == "JSON_TOO_DEEP"


def test_nesting_up_to_the_bound_is_parsed(api_for, alice):
    # Deep but allowed: the view answers (a refusal of its own), not the parser.
    answer = post_raw(api_for(alice), "/api/games/", json.dumps({"kind": "toy", "options": {"x": json.loads(
        nested(MAX_JSON_DEPTH - 2))}}))
    assert answer.json().get("code") != "JSON_TOO_DEEP"


def test_brackets_inside_strings_do_not_count_as_nesting(api_for, alice):
    answer = post_raw(api_for(alice), "/api/games/", json.dumps({"kind": "toy", "options": {"note": "[" * 5000}}))
    assert answer.json().get("code") != "JSON_TOO_DEEP"


def test_a_nul_character_in_options_is_refused_and_no_game_is_created(api_for, alice):
    before = Game.objects.count()
    answer = api_for(alice).post("/api/games/", {"kind": "toy", "options": {"name": "a\x00b"}}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "NUL_CHARACTER"
    answer = api_for(alice).post("/api/games/", {"kind": "toy", "options": {"a\x00": 1}}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "NUL_CHARACTER"
    assert Game.objects.count() == before


def test_a_nul_character_in_a_move_is_refused_and_nothing_is_stored(api_for, alice, game):
    answer = api_for(alice).post(f"/api/games/{game.pk}/moves/",
                                 {"move": {"type": "add\x00", "n": 1}, "idempotency_key": "k\x00"}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "NUL_CHARACTER"
    assert not Move.objects.filter(game=game).exists()


def test_a_nul_character_in_chat_is_refused_and_nothing_is_stored(api_for, alice, game):
    answer = api_for(alice).post(f"/api/games/{game.pk}/chat/", {"text": "hi\x00there"}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "NUL_CHARACTER"
    # Form-encoded bodies are held to the same rule.
    answer = api_for(alice).post(f"/api/games/{game.pk}/chat/", {"text": "hi\x00there"})
    assert answer.status_code == 400 and answer.json()["code"] == "NUL_CHARACTER"
    assert not ChatMessage.objects.exists()


def test_a_lone_surrogate_is_refused(api_for, alice, game):
    answer = post_raw(api_for(alice), f"/api/games/{game.pk}/chat/", '{"text": "\\ud800"}')
    assert answer.status_code == 400 and answer.json()["code"] == "BAD_TEXT"


@pytest.mark.parametrize(
    "number", ["9223372036854775808", "-9223372036854775809", str(2**70), "9" * 5000],
    ids=["2^63", "-2^63-1", "2^70", "5000-digits"],
)
def test_an_integer_beyond_64_bits_is_refused_in_any_field(api_for, alice, number):
    answer = post_raw(api_for(alice), "/api/games/", f'{{"kind": "toy", "days_per_move": {number}}}')
    assert answer.status_code == 400 and answer.json()["code"] in {"NUMBER_TOO_LARGE", "BAD_JSON"}
    assert not Game.objects.exists()


def test_a_league_of_2_to_the_60_players_is_refused(api_for, alice):
    answer = api_for(alice).post("/api/leagues/", {"name": "Huge", "kind": "toy", "max_players": 2**60},
                                 format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "BAD_DIVISION_SIZE"
    assert not League.objects.exists()


def test_nan_and_infinity_are_not_json(api_for, alice):
    answer = post_raw(api_for(alice), "/api/games/", '{"kind": "toy", "days_per_move": NaN}')
    assert answer.status_code == 400 and answer.json()["code"] == "BAD_JSON"


def test_a_page_with_a_nul_character_in_its_query_or_form_is_a_400(client_for, alice, game):
    client = client_for(alice)
    assert client.get("/leagues/?q=%00").status_code == 400
    assert client.post(f"/games/{game.pk}/", {"text": "a\x00"}).status_code == 400


def test_a_non_ascii_invite_token_on_the_invite_page_is_a_404(client_for, alice, bob):
    from leagues import services as league_services

    league = league_services.league_create(creator=alice, name="Closed", kind="toy", visibility="invite")
    client = client_for(bob)
    assert client.get(f"/leagues/{league.pk}/invite/%C3%A5%C2%96.F%C3%AB%5D/").status_code == 404
    assert client.get(f"/leagues/{league.pk}/invite/{league.invite_token}/").status_code == 200


@pytest.fixture
def crash(monkeypatch):
    from games import selectors

    def broken(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(selectors, "open_seeks", broken)


def test_an_api_crash_is_a_json_500_with_debug_off(settings, alice, crash):
    settings.DEBUG = False
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    answer = client.get("/api/seeks/")
    assert answer.status_code == 500 and answer["Content-Type"] == "application/json"
    assert answer.json() == {"code": "SERVER_ERROR", "message": "Something went wrong on our side."}


def test_an_api_404_is_json_with_debug_off(settings, alice):
    settings.DEBUG = False
    client = Client()
    client.force_login(alice)
    answer = client.get("/api/no/such/thing/")
    assert answer.status_code == 404 and answer.json()["code"] == "NOT_FOUND"


def test_a_page_crash_is_still_the_html_error_page(settings, alice, monkeypatch):
    from games.web import views

    settings.DEBUG = False
    monkeypatch.setattr(views, "render", lambda *a, **k: 1 / 0)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    answer = client.get("/games/")
    assert answer.status_code == 500 and answer["Content-Type"].startswith("text/html")
