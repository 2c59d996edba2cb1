"""``games.api.move_submission``: the move body read without DRF's serializer when it is well formed.
Whatever the body, it answers exactly what ``MoveSubmitSerializer`` answers: the same fields, or the
same validation error."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from games.api import MoveSubmitSerializer, move_submission

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
    if serializer.is_valid():
        return "ok", dict(serializer.validated_data)
    return "error", serializer.errors


def our_answer(data):
    try:
        return "ok", dict(move_submission(data))
    except ValidationError as exc:
        return "error", exc.detail


@settings(max_examples=400, deadline=None)
@given(bodies)
def test_it_answers_as_the_serializer_does(data):
    assert our_answer(data) == serializer_answer(data)


@pytest.mark.parametrize("data", [
    {"version": 3, "move": {"type": "pass"}, "idempotency_key": "abc"},
    {"version": None, "move": [], "idempotency_key": "x" * 128},
    {"move": {"type": "pass"}, "idempotency_key": "abc"},
])
def test_a_well_formed_body_skips_the_serializer(data, monkeypatch):
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
])
def test_anything_else_gets_the_serializers_answer(data):
    assert our_answer(data) == serializer_answer(data)
