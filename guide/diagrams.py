"""The example pictures of the rules pages and the home page, as small data for the templates to draw.

Each game's pictures are its own (``KindSpec.rules_examples`` and ``KindSpec.picture``, built in its
folder from its engine's rules), so a picture can never teach a score the game would not give.  This
module picks the rules language and asks the game's spec.
"""

from __future__ import annotations

from typing import Any

from games import registry

LANGUAGES = ("en", "nl")


def language_of(code: str | None) -> str:
    """The rules language for an active language code ("nl", "nl-be", "en-us"...); English otherwise."""
    base = (code or "en").split("-")[0].lower()
    return base if base in LANGUAGES else "en"


def for_kind(kind: str, language: str) -> dict[str, Any]:
    """The pictures of one game's rules page, in the rules language ``language`` (none for a kind
    without examples); KeyError for a kind the site does not offer."""
    examples = registry.get(kind).rules_examples
    return {kind: examples(language)} if examples else {}


def picture_for(kind: str, language: str) -> dict[str, Any] | None:
    """What the kind's ``guide/pictures/<kind>.html`` draws, in ``language``; None for a kind without a picture."""
    make = registry.get(kind).picture
    return make(language) if make else None
