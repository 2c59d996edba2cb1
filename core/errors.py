"""The one application error type, and the codes more than one app uses, defined once.

Every refusal in every app is an ``AppError`` (or a subclass named after its app): a stable ``code``
clients and tests match on, an English ``message`` that says exactly what is wrong, the HTTP
``status`` the API answers with, and optional structured ``details``.  Interfaces never invent their
own shapes: the API answers ``as_json()`` (see ``web.api_errors``), pages show ``text``, the
translated message without the code (see ``web.pages``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

# Codes shared by several apps.  An app's own codes live beside its services.
NOT_FOUND = "NOT_FOUND"
BAD_REQUEST = "BAD_REQUEST"
UNKNOWN_PLAYER = "UNKNOWN_PLAYER"
UNKNOWN_GAME = "UNKNOWN_GAME"
UNKNOWN_KIND = "UNKNOWN_KIND"
BAD_OPTIONS = "BAD_OPTIONS"
NOT_YOUR_GAME = "NOT_YOUR_GAME"
PLAYER_SUSPENDED = "PLAYER_SUSPENDED"
RATE_LIMITED = "RATE_LIMITED"
# A request body with a field its endpoint does not take (``web.serializers.StrictSerializer``).
UNKNOWN_FIELD = "UNKNOWN_FIELD"
REASON_REQUIRED = "REASON_REQUIRED"
REPORT_CLOSED = "REPORT_CLOSED"

# code -> translated explanation, shown instead of the English message in other languages.  Apps
# whose messages are English by necessity (the engines know nothing of Django) register theirs.
_TRANSLATIONS: dict[str, Any] = {}


def translations_register(texts: dict[str, Any]) -> None:
    _TRANSLATIONS.update(texts)


class AppError(Exception):
    """A refused request: a value with a stable code, never a crash."""

    def __init__(self, code: str, message: str, status: int = 400, **details: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = str(message)
        self.status = status
        self.details = details

    @property
    def text(self) -> str:
        """The message in the active language: as given in English (or when already translated by the
        raiser), else the registered translation for the code."""
        if (get_language() or "en").split("-")[0] == "en" or self.code not in _TRANSLATIONS:
            return self.message
        words = ", ".join(self.details.get("words") or [])
        text = str(_TRANSLATIONS[self.code])
        return text % {"words": words} if "%(words)s" in text else text

    def as_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.text}
        if self.details:
            body["details"] = self.details
        return body
