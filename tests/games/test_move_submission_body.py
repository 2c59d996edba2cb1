"""``games.web.api.move_submission``: the move body read without DRF's serializer when it is well formed.
Whatever the body, it answers exactly what ``MoveSubmitSerializer`` answers: the same fields, or the
same validation error."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from core.errors import AppError
from games.web.api import MoveSubmitSerializer, move_submission

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
keys = st.text(max_size=140) | st.sampled_from(["k", " k", "k ", "a" * 128, "a" * 129, "", "ké", "k\x00"])
field = st.one_of(json_values, keys)
bodies = st.fixed_dictionaries(
    {}, optional={"version": field, "move": json_values, "idempotency_key": field, "other": json_values}
)


def serializer_answer(data):
    serializer = MoveSubmitSerializer(data=data)
    try:
        if serializer.is_valid():
            return "ok", dict(serializer.validated_data)
    except AppError as exc:  # a field the body does not take
        return "refused", exc.code
    return "error", serializer.errors


def our_answer(data):
    try:
        return "ok", dict(move_submission(data))
    except ValidationError as exc:
        return "error", exc.detail
    except AppError as exc:
        return "refused", exc.code


@settings(max_examples=400, deadline=None)
@given(bodies)
def test_it_answers_as_the_serializer_does(data):
    assert our_answer(data) == serializer_answer(data)


@pytest.mark.parametrize("data", [
    {"version": 3, "move": {"type": "pass"}, "idempotency_key": "abc"},
    {"version": None, "move": [], "idempotency_key": "x" * 128},
    {"move": {"type": "pass"}, "idempotency_key": "abc"},
])
def test_a_well_formed_body_skips_the_serializer(data, monkeypatch, settings):
    settings.SPEED_WING = True  # the shortcut is a piece of the speed wing
    monkeypatch.setattr(MoveSubmitSerializer, "is_valid", lambda *a, **k: pytest.fail("the serializer was asked"))
    assert move_submission(data) == {"version": data.get("version"), "move": data["move"],
                                      "idempotency_key": data["idempotency_key"]}


@pytest.mark.parametrize("data", [
    {"version": True, "move": 1, "idempotency_key": "k"},
    {"version": "3", "move": 1, "idempotency_key": "k"},
    {"version": 1, "move": None, "idempotency_key": "k"},
    {"version": 1, "move": 1, "idempotency_key": " k"},
    {"version": 1, "move": 1, "idempotency_key": 7},
    {"version": 1, "move": 1},
    {"version": 1, "move": 1, "idempotency_key": "k", "other": 2},
])
def test_anything_else_gets_the_serializers_answer(data):
    assert our_answer(data) == serializer_answer(data)


def test_a_field_the_body_does_not_take_is_refused():
    assert our_answer({"version": 1, "move": 1, "idempotency_key": "k", "other": 2}) == ("refused", "UNKNOWN_FIELD")


@pytest.mark.django_db
@pytest.mark.parametrize("wing", [True, False])
def test_the_api_refuses_a_move_with_a_field_it_does_not_take_and_writes_nothing(wing, settings, alice, bob):
    from rest_framework.test import APIClient

    from accounts.api_tokens import api_token_issue
    from games import services
    from games.models import Game, Move

    settings.SPEED_WING = wing
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_issue(user=alice)}")
    body = {"move": {"type": "add", "n": 1}, "version": None, "idempotency_key": "k1", "verison": 1}
    answer = client.post(f"/api/games/{game.pk}/moves/", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_FIELD"
    assert Game.objects.get(pk=game.pk).version == game.version and not Move.objects.filter(game=game).exists()
