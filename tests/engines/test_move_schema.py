"""The shared move-shape validator (``check_move_shape``): what it refuses, how it names the key, and
what it lets through to the rules.  A small schema of its own, so every rule of the format is seen."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.base import (
    BAD_MOVE,
    IllegalMove,
    _compact_json,
    array,
    boolean,
    check_move_shape,
    integer,
    object_of,
    scalar,
    text,
)

SCHEMA = {
    "play": {
        "word": text(10, nullable=True),
        "count": integer(),
        "sure": boolean(),
        "note": scalar(5),
        "tiles": array(object_of({"row": integer(), "letter": text(1)}), 3),
    },
    "pass": {},
}


def refused(move, max_bytes=4096) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        check_move_shape(SCHEMA, move, max_bytes=max_bytes)
    assert caught.value.code == BAD_MOVE
    return caught.value


@pytest.mark.parametrize("move", [
    {"type": "pass"},
    {"type": "play"},
    {"type": "play", "word": None, "count": -3, "sure": False, "note": None},
    {"type": "play", "word": "abcdefghij", "count": 2**63 - 1, "note": 7, "tiles": []},
    {"type": "play", "note": True, "tiles": [{"row": 1, "letter": "A"}, {"row": 2}, {}]},
    {"type": "play", "word": "Schildkröte"[:10]},
])
def test_moves_that_fit_pass_untouched(move):
    check_move_shape(SCHEMA, move)


@pytest.mark.parametrize("move, named", [
    (None, '"type"'),
    ([], '"type"'),
    ("pass", '"type"'),
    ({}, "None"),
    ({"type": "jump"}, "'jump'"),
    ({"type": 3}, "3"),
    ({"type": "pass", "pad": "x"}, "'pad'"),
    ({"type": "play", "Word": "a"}, "'Word'"),
    ({"type": "play", "tiles": [{"row": 1, "col": 2}]}, "'col'"),
    ({"type": "play", 7: "x"}, "7"),
])
def test_unknown_types_and_keys_are_refused_by_name(move, named):
    assert named in refused(move).message


@pytest.mark.parametrize("move, key", [
    ({"type": "play", "word": 5}, '"word"'),
    ({"type": "play", "count": True}, '"count"'),
    ({"type": "play", "count": 1.0}, '"count"'),
    ({"type": "play", "count": "1"}, '"count"'),
    ({"type": "play", "count": None}, '"count"'),
    ({"type": "play", "sure": 1}, '"sure"'),
    ({"type": "play", "note": 1.5}, '"note"'),
    ({"type": "play", "note": ["a"]}, '"note"'),
    ({"type": "play", "tiles": {"row": 1}}, '"tiles"'),
    ({"type": "play", "tiles": [["row", 1]]}, '"tiles[0]"'),
    ({"type": "play", "tiles": [{"row": 1}, {"row": True}]}, '"tiles[1].row"'),
    ({"type": "play", "tiles": ({"row": 1},)}, '"tiles"'),
])
def test_a_value_of_the_wrong_kind_is_refused_naming_its_key(move, key):
    message = refused(move).message
    assert message.startswith(key + " must be"), message


@pytest.mark.parametrize("move, key, what", [
    ({"type": "play", "word": "a" * 11}, '"word"', "longer than 10"),
    ({"type": "play", "note": "abcdef"}, '"note"', "longer than 5"),
    ({"type": "play", "tiles": [{}] * 4}, '"tiles"', "more than 3"),
    ({"type": "play", "tiles": [{"letter": "AB"}]}, '"tiles[0].letter"', "longer than 1"),
    ({"type": "play", "word": "ab\x00"}, '"word"', "NUL"),
    ({"type": "play", "tiles": [{"letter": "\x00"}]}, '"tiles[0].letter"', "NUL"),
    ({"type": "play", "word": "a\ud800"}, '"word"', "Unicode"),
    ({"type": "play", "count": 2**63}, '"count"', "too large"),
    ({"type": "play", "count": -(2**63) - 1}, '"count"', "too large"),
])
def test_oversize_nul_and_broken_text_are_refused_naming_the_key(move, key, what):
    message = refused(move).message
    assert key in message and what in message, message


def test_a_move_over_the_byte_bound_is_refused_with_its_size():
    # {"type":"play","word":""} is 25 bytes; the 9 characters add 18 bytes of UTF-8.
    move = {"type": "play", "word": "ééééééééé"}
    check_move_shape(SCHEMA, move, max_bytes=43)
    error = refused(move, max_bytes=42)
    assert error.details["size"] == 43 and "at most 42" in error.message


def test_a_megabyte_under_an_unknown_key_is_refused_without_echoing_it():
    error = refused({"type": "pass", "x" * 2**20: 1})
    assert len(error.message) < 120 and len(error.details["key"]) <= 40


def test_the_validator_never_changes_the_move():
    move = {"type": "play", "tiles": [{"row": 1, "letter": "A"}], "word": "ab"}
    check_move_shape(SCHEMA, move)
    assert move == {"type": "play", "tiles": [{"row": 1, "letter": "A"}], "word": "ab"}


_JSON_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_MOVE_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | _JSON_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_JSON_TEXT, inner, max_size=4),
    max_leaves=20,
)


@given(_MOVE_JSON)
def test_the_byte_size_is_the_standard_librarys_compact_json(value):
    # The bound is taken with orjson; it must count what json.dumps would, escapes and all.
    expected = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    assert _compact_json(value) == expected
