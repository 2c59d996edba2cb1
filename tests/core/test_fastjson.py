"""``core.fastjson.dumps`` and the engines' ``json_copy`` give what the standard library's json gives,
for every JSON value and for the values orjson refuses."""

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
