"""JSON for the move path's columns, written by orjson: a game's state is written on every move, and
the standard library's ``json.dumps`` is several times slower at it.  The same values as ``json`` writes: what
orjson refuses or would write otherwise (an integer past 64 bits, a subclass of str, int, dict or list, a
date, a dataclass) is ``json``'s to write, so nothing fails here that did not fail before.  (Reading stays
``json``'s: orjson reads an integer past 64 bits as a float, and telling beforehand costs more than it
saves.)"""

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
