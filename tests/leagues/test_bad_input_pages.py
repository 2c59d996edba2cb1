"""The league pages answer bad input with a page (a 404 or the form's refusal), never a 500:
odd season numbers, huge numbers in the forms, non-ASCII invite tokens, NUL characters."""

import pytest

from leagues import services
from leagues.models import League

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(alice):
    return services.league_create(creator=alice, name="Words", kind="toy")


@pytest.mark.parametrize("season", ["%C2%B2", "0", "40000", "99999999999999999999999", "abc", "-1", "%00"])
def test_an_odd_season_number_is_no_crash(client, league, season):
    answer = client.get(f"/leagues/{league.pk}/?season={season}")
    assert answer.status_code in (200, 400, 404)


@pytest.mark.parametrize("token", ["%C3%A5%C2%96.F%C3%AB%5D", "x" * 500, "%E2%80%8B"])
def test_an_odd_invite_token_is_a_404(client, league, token):
    assert client.get(f"/leagues/{league.pk}/invite/{token}/").status_code == 404


@pytest.mark.parametrize("field", ["max_players", "division_min", "promote", "season_days"])
def test_a_huge_number_in_the_league_form_is_refused_on_the_form(client, alice, field):
    client.force_login(alice)
    data = {"name": "Big", "kind": "toy", "division_min": 6, "division_max": 12, "promote": 2, "relegate": 2,
            "season_days": 60, "max_players": 0, "days_per_move": 3, "visibility": "public", "format": "divisions",
            "abort_rule": "replay", "table_size": 2, field: str(2**60)}
    answer = client.post("/leagues/new/", data)
    assert answer.status_code == 200  # the form again, with the refusal
    assert not League.objects.filter(name="Big").exists()


@pytest.mark.parametrize("action, data", [
    ("move", {"username": "bob", "level": str(2**60)}),
    ("forfeit", {"username": "bob", "game": str(2**60)}),
    ("remove", {"remove-username": "x" * 1000}),
    ("organiser", {"organiser-username": "bob\u200b"}),
])
def test_organiser_actions_with_odd_input_are_refusals(client, alice, bob, league, action, data):
    client.force_login(alice)
    answer = client.post(f"/leagues/{league.pk}/manage/{action}/", data)
    assert answer.status_code == 302
