"""Request bodies held to what their endpoint declares.

DRF's serializers drop a field they do not declare without a word, so a client's typo
(``"day_per_move"``) or a field from another endpoint used to create something other than what was
asked.  ``StrictSerializer`` refuses such a body instead: 400 ``UNKNOWN_FIELD``, the message naming the
field, before any other check and before anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.http import QueryDict
from rest_framework import serializers

from core.errors import UNKNOWN_FIELD, AppError

# What a form posted from DRF's browsable API carries beside its fields.
_FORM_EXTRAS = frozenset({"csrfmiddlewaretoken"})


def _cut(text: str) -> str:
    """A client's field name cut short: a refusal never echoes a megabyte."""
    return text if len(text) <= 40 else text[:37] + "..."


class StrictSerializer(serializers.Serializer):
    """A request serializer that refuses (AppError ``UNKNOWN_FIELD``, ``details["field"]``) any top-level
    field it does not declare as writable."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            writable = {name for name, field in self.fields.items() if not field.read_only}
            extras = _FORM_EXTRAS if isinstance(data, QueryDict) else frozenset()
            for name in data:
                if name not in writable and name not in extras:
                    raise AppError(
                        UNKNOWN_FIELD,
                        f"Unknown field {_cut(repr(name))}; this request takes: {', '.join(sorted(writable))}.",
                        field=_cut(str(name)),
                    )
        return super().to_internal_value(data)
