"""What an organiser writes is bounded: a league's description of at most 2000 characters
and its name of at most 80, through the form, the API and the service alike; the games' options held
to their kind's declaration; an unknown field of the create call refused.  Nothing is written on a
refusal."""

import pytest

from core.errors import AppError
from leagues import services
from leagues.models import DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, League, Season

pytestmark = pytest.mark.django_db

FORM = {"name": "Words", "kind": "toy", "format": "friends", "days_per_move": 3, "visibility": "invite",
        "season_days": 60, "abort_rule": "replay"}


def nothing_written():
    return not League.objects.exists() and not Season.objects.exists()


def api_create(api, **fields):
    return api.post("/api/leagues/", {"name": "Words", "kind": "toy", **fields}, format="json")


def test_a_description_of_the_limit_is_kept_and_one_more_character_is_refused_by_the_service(alice):
    with pytest.raises(AppError) as exc:
        services.league_create(creator=alice, name="Words", kind="toy", description="x" * (DESCRIPTION_MAX_LENGTH + 1))
    assert exc.value.code == "BAD_LEAGUE" and "2000" in exc.value.message
    assert nothing_written()
    league = services.league_create(creator=alice, name="Words", kind="toy", description="x" * DESCRIPTION_MAX_LENGTH)
    assert len(league.description) == DESCRIPTION_MAX_LENGTH


def test_a_two_megabyte_description_is_refused_by_the_api(api_for, alice):
    answer = api_create(api_for(alice), description="x" * 2_000_000)
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "BAD_REQUEST" and "description" in body["details"]
    assert len(answer.content) < 1000
    assert nothing_written()


def test_a_name_over_its_limit_is_refused_by_the_api(api_for, alice):
    answer = api_create(api_for(alice), name="n" * (NAME_MAX_LENGTH + 1))
    assert answer.status_code == 400 and "name" in answer.json()["details"]
    assert nothing_written()


def test_a_description_over_the_limit_is_refused_beside_the_field_of_the_form(client, alice):
    client.force_login(alice)
    answer = client.post("/leagues/new/", {**FORM, "description": "x" * (DESCRIPTION_MAX_LENGTH + 1)})
    assert answer.status_code == 200  # the form again
    assert 'id="id_description_error"' in answer.content.decode()
    assert nothing_written()
    assert client.post("/leagues/new/", {**FORM, "description": "Thursdays."}).status_code == 302
    assert League.objects.get().description == "Thursdays."


def test_an_unknown_field_of_the_create_call_is_refused(api_for, alice):
    answer = api_create(api_for(alice), descripton="typo")
    assert answer.status_code == 400
    assert answer.json()["code"] == "UNKNOWN_FIELD" and answer.json()["details"] == {"field": "descripton"}
    assert nothing_written()


@pytest.mark.parametrize(("options", "option"), [
    ({"colour": "red"}, "colour"),
    ({"target": "5"}, "target"),
    ({"rated": "no"}, "rated"),
    ({"rated": 1}, "rated"),
])
def test_a_leagues_game_options_are_held_to_their_declaration(api_for, alice, options, option):
    answer = api_create(api_for(alice), options=options)
    assert answer.status_code == 400
    assert answer.json()["code"] == "BAD_OPTIONS" and answer.json()["details"] == {"option": option}
    assert nothing_written()


def test_a_casual_flag_is_still_dropped_because_league_games_are_always_rated(api_for, alice):
    answer = api_create(api_for(alice), options={"target": 5, "rated": False})
    assert answer.status_code == 201
    assert League.objects.get().options == {"target": 5}
