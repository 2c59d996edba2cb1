"""A new game takes only the options its kind declares: an undeclared option, a value of
the wrong JSON kind, ``"rated": "no"``, an option only the server sets and an unknown top-level field
of the create call are refused with a stable code, and nothing is written; valid games of every kind
are still created, through the API and the new-game form.  The kinds come from the registry, so a new
kind joins these tests by registering."""

from __future__ import annotations

import json

import pytest

from engines import registry
from engines.base import ARRAY, BOOLEAN, INTEGER, STRING
from games import services
from games.errors import GameError
from games.models import Game, Seat
from games.options import options_declared
from lexicons.term_decks import starter_deck_load
from tests.engines.turnspell.helpers import WORDS
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.django_db

KINDS = registry.kinds()
# A value of another JSON kind than the one declared, for each kind.
WRONG_KIND = {STRING: 7, INTEGER: "7", BOOLEAN: "true", ARRAY: "cards"}


@pytest.fixture
def site(monkeypatch):
    """Word lists and Spell's English term deck, as a fresh ``make run`` has them."""
    stand_in_lexicons(monkeypatch, {"en": WORDS, "nl": WORDS})
    starter_deck_load(language="en")


def create(api, **body):
    return api.post("/api/games/", body, format="json")


def refused(answer, code: str, **details) -> dict:
    assert answer.status_code == 400, answer.content[:300]
    body = answer.json()
    assert body["code"] == code, body
    for key, value in details.items():
        assert body["details"][key] == value, body
    return body


def nothing_written():
    return Game.objects.count() == 0 and Seat.objects.count() == 0


def creator_options(kind: str):
    return {name: o for name, o in options_declared(registry.get(kind)).items() if not o.by_server}


# -- refused -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_an_undeclared_option_is_refused_naming_it(api_for, alice, kind):
    body = refused(create(api_for(alice), kind=kind, options={"colour": "red"}), "BAD_OPTIONS", option="colour")
    assert "colour" in body["message"]
    assert nothing_written()


@pytest.mark.parametrize("kind", KINDS)
def test_a_value_of_the_wrong_kind_is_refused_for_every_declared_option(api_for, alice, kind):
    api = api_for(alice)
    for name, option in creator_options(kind).items():
        refused(create(api, kind=kind, options={name: WRONG_KIND[option.kind]}), "BAD_OPTIONS", option=name)
    assert nothing_written()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rated", ["no", "false", "true", 1, 0, None, [], {}])
def test_rated_is_true_or_false_and_nothing_else(api_for, alice, kind, rated):
    refused(create(api_for(alice), kind=kind, options={"rated": rated}), "BAD_OPTIONS", option="rated")
    assert nothing_written()


@pytest.mark.parametrize("kind", [k for k in KINDS if registry.get(k).cooperative])
def test_a_cooperative_game_takes_no_rated_option_at_all(api_for, alice, kind):
    body = refused(create(api_for(alice), kind=kind, options={"rated": False}), "BAD_OPTIONS", option="rated")
    assert "cooperative" in body["message"]
    assert nothing_written()


@pytest.mark.parametrize("kind", [k for k in KINDS
                                  if any(o.by_server for o in registry.get(k).options_schema.values())])
def test_an_option_only_the_server_sets_is_refused_from_a_creator(api_for, alice, kind):
    by_server = [name for name, o in registry.get(kind).options_schema.items() if o.by_server]
    for name in by_server:
        refused(create(api_for(alice), kind=kind, options={name: []}), "BAD_OPTIONS", option=name)
    assert nothing_written()


@pytest.mark.parametrize("field", ["colour", "day_per_move", "option", "rated", "seed"])
def test_an_unknown_field_of_the_create_call_is_refused_not_ignored(api_for, alice, field):
    body = refused(create(api_for(alice), kind="toy", **{field: 1}), "UNKNOWN_FIELD", field=field)
    assert field in body["message"]
    assert nothing_written()


def test_an_unknown_field_is_refused_in_a_form_encoded_body_too(api_for, alice):
    refused(api_for(alice).post("/api/games/", {"kind": "toy", "colour": "red"}), "UNKNOWN_FIELD", field="colour")
    assert nothing_written()


def test_a_body_of_megabytes_in_options_is_refused_and_answered_briefly(api_for, alice, settings):
    api = api_for(alice)
    for options in ({"note": "x" * 2_400_000}, {"target": "9" * 2_400_000},
                    {f"key{i}": i for i in range(120_000)}):
        body = json.dumps({"kind": "toy", "options": options})
        assert 2_000_000 < len(body) < settings.DATA_UPLOAD_MAX_MEMORY_SIZE  # the body limit lets it in
        answer = api.post("/api/games/", body, content_type="application/json")
        refused(answer, "BAD_OPTIONS")
        assert len(answer.content) < 500
    assert nothing_written()
    assert len(api.get("/api/seeks/").content) < 500


def test_a_megabyte_value_of_a_declared_text_option_is_refused(api_for, alice):
    kind, name = next((k, n) for k in KINDS for n, o in creator_options(k).items() if o.kind == STRING)
    answer = create(api_for(alice), kind=kind, options={name: "x" * 2_400_000})
    refused(answer, "BAD_OPTIONS", option=name)
    assert len(answer.content) < 500
    assert nothing_written()


def test_the_services_refuse_what_the_api_refuses(alice, bob):
    for call in (lambda: services.game_create(creator=alice, kind="toy", options={"rated": "no"}),
                 lambda: services.challenge_create(creator=alice, kind="toy", opponents=[bob], options={"x": 1}),
                 lambda: services.game_options_check(kind="toy", seats=2, options={"target": 2})):
        with pytest.raises(GameError) as exc:
            call()
        assert exc.value.code == "BAD_OPTIONS"
    assert nothing_written()


# -- still created ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_a_game_of_every_kind_is_created_with_its_declared_defaults_through_the_api(site, api_for, alice, bob,
                                                                                  kind):
    declared = creator_options(kind)
    options = {name: o.default for name, o in declared.items() if o.default is not None}
    answer = create(api_for(alice), kind=kind, opponents=["bob"], options=options, days_per_move=3)
    assert answer.status_code == 201, answer.json()
    game = Game.objects.get()
    assert set(game.options) <= set(registry.get(kind).options_schema) | set(declared)
    if "rated" in declared:
        casual = create(api_for(bob), kind=kind, options={"rated": False})
        assert casual.status_code == 201, casual.json()
        assert Game.objects.get(pk=casual.json()["id"]).options["rated"] is False


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_of_every_kind_is_created_through_the_new_game_form(site, client, alice, kind):
    client.force_login(alice)
    response = client.post("/games/new/", {"kind": kind, "play_with": "anyone", "days_per_move": 3})
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.kind == kind
    assert set(game.options) <= set(options_declared(registry.get(kind)))


def test_the_schema_documents_each_kinds_options_and_the_refusals():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/games/"]["post"]
    refusals = operation["responses"]["400"]["description"]
    assert "UNKNOWN_FIELD" in refusals and "BAD_OPTIONS" in refusals
    options = schema["components"]["schemas"]["GameCreate"]["properties"]["options"]["description"]
    for kind in KINDS:
        assert f"{kind}: " in options
        for name in creator_options(kind):
            assert f"`{name}`" in options
