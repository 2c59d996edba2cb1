"""``core.fastjson.dumps`` and ``loads`` and the engines' ``json_copy`` give what the standard library's
json gives, for every JSON value and for the values and texts orjson refuses or reads otherwise."""

import datetime
import json
from collections import OrderedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import fastjson
from engines.base import json_copy

scalars = st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.text() | st.floats(
    allow_nan=False, allow_infinity=False)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
    st.text(max_size=5) | st.integers(min_value=-99, max_value=99), inner, max_size=5), max_leaves=30)


@given(values)
def test_every_json_value_reads_back_as_json_reads_it(value):
    expected = json.loads(json.dumps(value))
    assert json.loads(fastjson.dumps(value)) == expected
    assert json_copy(value) == expected


class Name(str):
    pass


@pytest.mark.parametrize("value", [
    {"big": 2**80, "small": -(2**80)},  # past 64 bits: orjson refuses them
    {"name": Name("ann"), "seats": OrderedDict(a=1)},  # subclasses
    {1: "one", 2.5: "two and a half", None: "none", False: "no"},  # keys made strings
    ("a", ["tuple", ("nested",)]),
])
def test_what_orjson_refuses_or_writes_otherwise_is_written_as_json_writes_it(value):
    expected = json.loads(json.dumps(value))
    assert json.loads(fastjson.dumps(value)) == expected
    assert json_copy(value) == expected


def test_what_json_refuses_is_refused():
    for value in ({"at": datetime.date(2026, 12, 2)}, {"set": {1, 2}}, {(1, 2): "tuple key"}):
        with pytest.raises(TypeError):
            json.dumps(value)
        with pytest.raises(TypeError):
            fastjson.dumps(value)
        with pytest.raises(TypeError):
            json_copy(value)


def same(a, b) -> bool:
    """Equal, and of the same types throughout (1 is not 1.0, -0.0 is not 0.0)."""
    return json.dumps(a) == json.dumps(b) and repr(a) == repr(b)


@given(values)
def test_every_json_text_is_read_as_json_reads_it(value):
    text = json.dumps(value)
    assert same(fastjson.loads(text), json.loads(text))
    assert same(fastjson.loads(text.encode()), json.loads(text))


@pytest.mark.parametrize("text", [
    str(2**63 - 1), str(-(2**63)), str(2**64 - 1),  # the edges orjson reads exactly
    str(2**64), str(-(2**63) - 1), str(10**30), f'{{"seed": {2**70}}}',  # orjson would read these as floats
    "0.12345678901234567890123", "1e400", "-1e400", "1e-400", "-0.0", "-0",
    "NaN", "[Infinity, -Infinity]", '"\\ud800"', '{"a": 1, "a": 2}', '"caf\\u00e9"', ' [] ',
])
def test_texts_orjson_refuses_or_reads_otherwise_are_read_as_json_reads_them(text):
    assert same(fastjson.loads(text), json.loads(text))


@pytest.mark.parametrize("text", ["", "{", "[1,]", "{'a': 1}", "01", "[1] x"])
def test_what_json_cannot_read_is_refused_as_json_refuses_it(text):
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as refused:
        fastjson.loads(text)
    assert str(refused.value) == str(expected.value)
