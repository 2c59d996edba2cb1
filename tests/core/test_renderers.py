"""``web.renderers.JSONRenderer`` writes what DRF's ``JSONRenderer`` writes, by orjson where it can."""

import datetime
import decimal
import json
import uuid
from collections import OrderedDict
from zoneinfo import ZoneInfo

import orjson
import pytest
from django.utils.translation import gettext_lazy
from hypothesis import given
from hypothesis import strategies as st
from rest_framework import renderers as drf_renderers
from rest_framework.utils.serializer_helpers import ReturnDict, ReturnList

from web import renderers

OURS, DRF = renderers.JSONRenderer(), drf_renderers.JSONRenderer()

RICH = ReturnDict({
    "text": "ü ∑ 字 \u2028 line \u2029 para \" \\ \n \t \x00",
    "numbers": [0, -1, 2**63 - 1, -(2**63), True, False, None],
    "when": datetime.datetime(2026, 12, 3, 17, 5, 6, 789012, tzinfo=datetime.UTC),
    "elsewhere": datetime.datetime(2026, 12, 3, 17, 5, tzinfo=ZoneInfo("Europe/Amsterdam")),
    "naive": datetime.datetime(2026, 1, 2, 3, 4, 5),
    "day": datetime.date(1999, 12, 31),
    "time": datetime.time(23, 59, 1, 5),
    "duration": datetime.timedelta(days=1, seconds=3),
    "decimal": decimal.Decimal("12.50"),
    "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
    "lazy": gettext_lazy("Crossword"),
    "tuple": (1, "two"),
    "set": {"only"},
    "bytes": b"raw",
    "ordered": OrderedDict([("z", 1), ("a", 2)]),
    "list": ReturnList([{"seq": 1}, {"seq": 2}], serializer=None),
    7: "an integer key",
}, serializer=None)


def test_it_writes_exactly_what_drf_writes():
    ours = OURS.render(RICH)
    assert ours == DRF.render(RICH)
    assert b"\\u2028" in ours and "\u2028".encode() not in ours


def test_it_writes_by_orjson(monkeypatch):
    calls = []
    real = orjson.dumps

    def dumps(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(renderers.orjson, "dumps", dumps)
    assert OURS.render({"seq": 3}) == b'{"seq":3}' and calls == [{"seq": 3}]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**64) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_any_json_without_floats_comes_out_byte_for_byte_as_drfs(value):
    assert OURS.render(value) == DRF.render(value)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_floats_read_back_as_drfs_do(number):
    # orjson and json may spell a float's exponent differently (1e16, 1e+16); the number is the same.
    assert json.loads(OURS.render([number])) == json.loads(DRF.render([number]))


def test_what_orjson_refuses_is_drfs_to_write():
    big = {"n": 2**70, "deep": [[[1]]]}
    assert OURS.render(big) == DRF.render(big) == b'{"n":1180591620717411303424,"deep":[[[1]]]}'


def test_what_neither_can_write_fails_as_in_drf():
    class Opaque:
        pass

    with pytest.raises(TypeError):
        DRF.render({"x": Opaque()})
    with pytest.raises(TypeError):
        OURS.render({"x": Opaque()})
    aware_time = datetime.time(1, 2, tzinfo=datetime.UTC)
    with pytest.raises(ValueError):
        OURS.render([aware_time])


@pytest.mark.parametrize("media_type", ["application/json; indent=4", "application/json; indent=2"])
def test_indented_json_is_drfs(media_type):
    assert OURS.render(RICH, media_type) == DRF.render(RICH, media_type)
    assert b"\n" in OURS.render(RICH, media_type)


def test_nothing_renders_as_nothing():
    assert OURS.render(None) == b""


def test_the_api_writes_with_it(settings):
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_RENDERER_CLASSES[0] is renderers.JSONRenderer
    assert api_settings.DEFAULT_RENDERER_CLASSES[1] is drf_renderers.BrowsableAPIRenderer
