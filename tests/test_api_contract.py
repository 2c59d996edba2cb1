"""The API answers what its OpenAPI schema says: every operation documents its refusals in
the ``{"code", "message"}`` shape, responses validate against their documented schema, and inputs the
schemathesis run found crashing the server are refused with a 400 instead. The fuzzer itself runs in
CI against a live server (tests/fuzz/run_schemathesis.py)."""

import copy

import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator

from games import services as game_services
from leagues import services as league_services
from moderation import services as moderation_services

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def openapi():
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(openapi):
    for path, item in openapi["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def component(openapi, ref: str) -> dict:
    return openapi["components"]["schemas"][ref.rsplit("/", 1)[1]]


def as_json_schema(node):
    """OpenAPI 3.0 ``nullable`` is not JSON Schema: spell it as a type that allows null."""
    if isinstance(node, list):
        return [as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: as_json_schema(value) for key, value in node.items()}
    if node.pop("nullable", False):
        node = {"anyOf": [node, {"type": "null"}]}
    return node


def assert_matches_schema(openapi, path, method, status, body):
    content = openapi["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    root = as_json_schema({**copy.deepcopy(content), "components": openapi["components"]})
    jsonschema.validate(body, root)


def test_every_operation_documents_its_refusals_in_the_error_shape(openapi):
    checked = 0
    for path, method, operation in operations(openapi):
        responses = operation["responses"]
        errors = {code: r for code, r in responses.items() if code.startswith("4")}
        assert errors, f"{method.upper()} {path} documents no error response"
        for code, response in errors.items():
            schema = response["content"]["application/json"]["schema"]
            fields = component(openapi, schema["$ref"])
            assert {"code", "message"} <= set(fields["required"]), (method, path, code)
        if "{" in path:
            assert "404" in errors, f"{method.upper()} {path}: no 404"
        if method in {"post", "put", "patch"}:
            assert "400" in errors, f"{method.upper()} {path}: no 400"
        if any(requirement for requirement in operation.get("security", [])):  # reads a session or token
            assert "403" in errors, f"{method.upper()} {path}: no 403"
        assert "503" in responses, f"{method.upper()} {path}: no 503 (the database lost)"
        checked += 1
    assert checked >= 30


def test_the_report_list_answers_what_the_schema_says(openapi, alice, bob, api_for):
    game = game_services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    message = moderation_services.chat_post(game_id=game.pk, user=bob, text="hi")
    moderation_services.report_file(
        reporter=alice, username="bob", reason="other", text="rude", game_id=game.pk, message_ids=[message.pk]
    )
    answer = api_for(alice).get("/api/reports/")
    assert answer.status_code == 200
    body = answer.json()
    rows = body["results"]
    assert body["count"] == 1 and rows[0]["messages"] == [message.pk] and rows[0]["game"] == game.pk
    assert_matches_schema(openapi, "/api/reports/", "get", 200, body)

    filed = api_for(alice).post("/api/reports/", {"reported": "bob", "reason": "cheating"}, format="json")
    assert filed.status_code == 201
    assert_matches_schema(openapi, "/api/reports/", "post", 201, filed.json())


def test_the_moderation_log_answers_what_the_schema_says(openapi, alice, make_user, api_for):
    from moderation.groups import moderator_group_ensure

    moderator = make_user(username="mod", is_staff=True)
    moderator.groups.add(moderator_group_ensure())
    taken = api_for(moderator).post(
        "/api/moderation/actions/", {"action": "warn", "user": "alice", "reason": "language"}, format="json"
    )
    assert taken.status_code == 201
    assert_matches_schema(openapi, "/api/moderation/actions/", "post", 201, taken.json())
    log = api_for(moderator).get("/api/moderation/actions/")
    assert log.status_code == 200 and log.json()["count"] == 1
    assert_matches_schema(openapi, "/api/moderation/actions/", "get", 200, log.json())


@pytest.mark.django_db
def test_a_bad_token_is_a_documented_403_even_where_anyone_may_ask(openapi, client):
    answer = client.get("/api/lexicons/", HTTP_AUTHORIZATION="Token not-a-token")
    assert answer.status_code == 403 and answer.json()["code"] == "AUTHENTICATION_FAILED"
    assert_matches_schema(openapi, "/api/lexicons/", "get", 403, answer.json())


def test_an_unknown_api_path_is_a_json_404_and_a_page_path_is_not(openapi, alice, client, api_for):
    for path in ("/api/games/not-a-number/", "/api/no/such/thing/", "/api/leagues/1,2/join/"):
        answer = api_for(alice).get(path)
        assert answer.status_code == 404 and answer["Content-Type"] == "application/json", path
        assert answer.json() == {"code": "NOT_FOUND", "message": "Not found."}
    assert_matches_schema(openapi, "/api/games/{game_id}/", "get", 404, {"code": "NOT_FOUND", "message": "Not found."})
    page = client.get("/no/such/page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "query", ["?q=%00", "?kind=turn%00spell", "?q=abc&kind=%00"], ids=["nul-in-q", "nul-in-kind", "nul-kind-only"]
)
def test_a_league_search_with_a_nul_character_is_refused(alice, api_for, query):
    answer = api_for(alice).get(f"/api/leagues/{query}")
    assert answer.status_code == 400 and answer.json()["code"] == "BAD_REQUEST"


def test_a_league_search_still_finds_and_truncates(alice, api_for):
    league_services.league_create(creator=alice, name="Friday words", kind="toy")
    found = api_for(alice).get("/api/leagues/?q=friday").json()["results"]
    assert [row["name"] for row in found] == ["Friday words"]
    assert api_for(alice).get("/api/leagues/?q=" + "x" * 500).json()["results"] == []


@pytest.mark.parametrize("season", ["%C2%B2", "0", "40000", "abc"], ids=["superscript-two", "zero", "too-big", "word"])
def test_a_bad_season_number_is_refused(alice, api_for, season):
    league = league_services.league_create(creator=alice, name="Seasons", kind="toy")
    answer = api_for(alice).get(f"/api/leagues/{league.pk}/?season={season}")
    assert answer.status_code == 400 and answer.json()["code"] == "BAD_REQUEST"
    assert api_for(alice).get(f"/api/leagues/{league.pk}/?season=1").json()["season"]["number"] == 1


def test_a_non_ascii_invite_token_is_a_refusal_not_a_crash(alice, bob, api_for):
    from leagues.models import Entry

    league = league_services.league_create(creator=alice, name="Closed", kind="toy", visibility="invite")
    answer = api_for(bob).post(f"/api/leagues/{league.pk}/join/", {"token": "å\u0096.Fë]"}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "INVITE_REQUIRED"
    assert not Entry.objects.filter(user=bob).exists()
    joined = api_for(bob).post(f"/api/leagues/{league.pk}/join/", {"token": league.invite_token}, format="json")
    assert joined.status_code == 201
