"""JSON for the move path's columns, by orjson: a game's state is read and written on every move, and the
standard library takes about twice as long to read one and several times as long to write it.

``dumps`` writes the same values as ``json`` writes: what orjson refuses or would write otherwise (an
integer past 64 bits, a subclass of str, int, dict or list, a date, a dataclass) is ``json``'s to write, so
nothing fails here that did not fail before.  ``loads`` reads what ``json.loads`` reads: orjson would read an
integer past 64 bits as a float, so a text with a run of 19 digits or more is ``json``'s to read, and so is
what orjson refuses (``NaN``, ``Infinity``, a lone surrogate, an out-of-range float).
"""

import json

import orjson

# Keys that are not strings become strings, as ``json.dumps`` makes them; subclasses, dates and
# dataclasses are refused (then ``json`` decides, as before) rather than written some other way.
_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATETIME
            | orjson.OPT_PASSTHROUGH_DATACLASS)


def dumps(value) -> bytes | str:
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(value)


# Every digit made a zero, so one search finds a run of digits: 19 of them may be an integer outside
# the 64-bit range orjson reads exactly (from -2**63 to 2**64 - 1).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_RUN = b"0" * 19


def loads(text: str | bytes):
    """``json.loads(text)``, by orjson where the result is the same; raises ``json.JSONDecodeError`` where
    ``json.loads`` does."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if _LONG_RUN not in data.translate(_DIGITS_AS_ZERO):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass  # json decides: it reads NaN and Infinity, or refuses with its own message
    return json.loads(text)
