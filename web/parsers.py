"""The API's request parsers: JSON (and forms) that no store and no recursion chokes on.

Python's JSON decoder recurses once per nesting level, so a body nested thousands deep raises
``RecursionError`` inside DRF (a 500); PostgreSQL keeps no NUL character in text or JSON and no
integer beyond 64 bits.  These parsers refuse such bodies up front with a 400 in the API's one error
shape, before any view or service sees them, whatever endpoint was asked (the anonymous token endpoint
included).  Field-level bounds (a league's ``max_players``) stay with each serializer.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework import parsers

from core.errors import AppError

JSON_TOO_DEEP = "JSON_TOO_DEEP"
NUL_CHARACTER = "NUL_CHARACTER"
NUMBER_TOO_LARGE = "NUMBER_TOO_LARGE"
BAD_JSON = "BAD_JSON"
BAD_TEXT = "BAD_TEXT"

# No request of ours nests deeper than a few levels (a move's tiles are three).
MAX_JSON_DEPTH = 32
INT_LIMIT = 2**63


def _bracket_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings, found without recursing (so before
    ``json.loads`` can overflow the stack)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def check_text(value: str, where: str = "") -> None:
    """Refuse text no store keeps: a NUL character, or a lone surrogate (``\\ud800``)."""
    if "\x00" in value:
        raise AppError(NUL_CHARACTER, f"A NUL character is not allowed{where}.")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise AppError(BAD_TEXT, f"The text is not valid Unicode{where}.") from None


def check_values(data: Any) -> None:
    """Every string (keys too) storable and every integer within 64 bits; walks without recursion."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            check_text(value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -INT_LIMIT <= value < INT_LIMIT:
                raise AppError(NUMBER_TOO_LARGE, "A number in the request is beyond 64 bits.")
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


class StrictJSONParser(parsers.JSONParser):
    """DRF's JSON parser, bounded: at most ``MAX_JSON_DEPTH`` levels, no NUL, no integer beyond 64 bits.
    (drf-orjson-renderer's ``ORJSONParser`` is no replacement: it takes a NUL, 40 levels of nesting and an
    integer past 64 bits -- reading one past 64 unsigned bits as a float -- and refuses with DRF's
    ``ParseError``, not the API's codes.)"""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = stream.read().decode(encoding) if stream is not None else ""
        except UnicodeDecodeError:
            raise AppError(BAD_JSON, f"The body is not {encoding} text.") from None
        return strict_json_loads(text)


def strict_json_loads(text: str) -> Any:
    """``json.loads``, refusing (AppError) what the API refuses: too deep, NUL, beyond 64 bits, NaN.
    Also for JSON that arrives elsewhere (a socket's messages)."""
    if _bracket_depth(text) > MAX_JSON_DEPTH:
        raise AppError(JSON_TOO_DEEP, f"The JSON is nested more than {MAX_JSON_DEPTH} levels deep.")
    try:
        # Huge digit strings are refused by Python itself (ValueError) before they become ints.
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise AppError(BAD_JSON, f"The body is not valid JSON: {str(exc)[:100]}") from None
    check_values(data)
    return data


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


class StrictFormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        for key, values in data.lists():
            for value in (key, *values):
                check_text(value)
        return data


class StrictMultiPartParser(parsers.MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        result = super().parse(stream, media_type, parser_context)
        for key, values in result.data.lists():
            for value in (key, *values):
                check_text(value)
        return result


def is_id(text: str) -> bool:
    """``text`` is a row id a query can take: ASCII digits ("³".isdigit() is true too) that fit 63 bits."""
    return text.isascii() and text.isdigit() and len(text) <= 18
