"""The API's JSON renderer: DRF's, with compact responses written by orjson.

DRF's ``JSONRenderer`` writes with the standard library's ``json`` and its own encoder class; orjson is faster
at a move's answer.  orjson writes the same
text for what it writes natively (strings, numbers, booleans, null, lists, tuples, dicts and their
subclasses, UUIDs); everything else (dates, times, decimals, lazy translations, querysets, sets, bytes)
goes to DRF's encoder's ``default`` as before, so it comes out exactly as DRF writes it.  Where orjson
refuses (an integer past 64 bits, a key that is not a plain scalar), or the client asked for indented
JSON, or the settings ask for ASCII or spaced JSON, DRF's own ``render`` does the work.  The one
difference: a float that is NaN or infinite is written as ``null`` where DRF's strict renderer raised.
"""

import orjson
from rest_framework import renderers

# Not drf-orjson-renderer's ``ORJSONRenderer``: it does not write what DRF writes, which the API's
# clients read and tests/core/test_renderers.py pins.  It leaves U+2028/U+2029 unescaped, writes an aware
# UTC datetime as "+00:00" (DRF: "Z"), bytes as a list of numbers, a timedelta or any object it does not
# know as null (DRF: seconds, or a TypeError), refuses an integer key or one past 64 bits with a
# TypeError (a 500), and ignores ``Accept: application/json; indent=4``.

# Dates and dataclasses go to DRF's encoder (``default``), as ``json`` sends them there.
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
_LINE_SEPARATORS = ("\u2028".encode(), "\u2029".encode())


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if (data is None or self.ensure_ascii or not self.compact
                or self.get_indent(accepted_media_type, renderer_context or {}) is not None):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            text = orjson.dumps(data, default=self.encoder_class().default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            return super().render(data, accepted_media_type, renderer_context)
        if _LINE_SEPARATORS[0] in text or _LINE_SEPARATORS[1] in text:
            # As DRF does: escaped, so the JSON is also a valid JavaScript literal.
            text = text.replace(_LINE_SEPARATORS[0], b"\\u2028").replace(_LINE_SEPARATORS[1], b"\\u2029")
        return text
