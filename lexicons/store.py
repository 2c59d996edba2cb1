"""The Django side of the word index, and the reads behind dictionary pages and the API.

``lexicon_for_code(code)`` hands the engines a ``WordIndex`` (the ``Lexicon`` protocol) held once
per process by ``lexicons.loaded``.  The lexicon's version is read from the database at most
every ``LEXICON_VERSION_TTL`` seconds (default 2) per process; when it has moved -- an admin change,
an import, an accepted report -- the index is rebuilt, so every web and worker process sees a change
within seconds.  The build reads the active words (one indexed scan) and shares the serialised trie
through the cache, so with Redis the other processes load bytes instead of rows.

Reads only; writes live in ``lexicons/services.py``.
"""

from __future__ import annotations

import threading
import time

from django.conf import settings
from django.core.cache import cache

from . import filters, loaded
from .index import WordIndex
from .models import Lexicon, LexiconWord, WordAction, WordChange, WordStatus

DEFAULT_VERSION_TTL = 2.0
# The serialised index is at most a few MiB; a day is plenty, a new version gets a new key.
INDEX_CACHE_SECONDS = 24 * 3600


class UnknownLexicon(LookupError):
    """No lexicon with this code exists in the database."""

    def __init__(self, code: str) -> None:
        super().__init__(f"There is no lexicon {code!r}; import it with: manage.py import_lexicon {code}")
        self.code = code


# code -> (version, updated_at stamp, language, monotonic time it was read).  Per process, like the indexes.
_versions: dict[str, tuple[int, float, str, float]] = {}
_versions_lock = threading.Lock()


def _clock() -> float:
    """Monotonic seconds; a function so tests can move time."""
    return time.monotonic()


def _ttl() -> float:
    return float(getattr(settings, "LEXICON_VERSION_TTL", DEFAULT_VERSION_TTL))


def _current(code: str) -> tuple[int, float, str]:
    """(version, updated_at stamp, language) of lexicon ``code``, read at most every TTL seconds."""
    now = _clock()
    held = _versions.get(code)
    if held is not None and now - held[3] < _ttl():
        return held[0], held[1], held[2]
    row = Lexicon.objects.filter(code=code).values_list("version", "updated_at", "language").first()
    if row is None:
        with _versions_lock:
            _versions.pop(code, None)
        raise UnknownLexicon(code)
    version, stamp, language = row[0], row[1].timestamp(), row[2]
    with _versions_lock:
        _versions[code] = (version, stamp, language, now)
    return version, stamp, language


def lexicon_version(code: str) -> int:
    """The lexicon's current version, read from the database at most every TTL seconds."""
    return _current(code)[0]


def lexicon_language(code: str) -> str:
    """The lexicon's language code ("en", "nl"), held with its version (no query per call)."""
    return _current(code)[2] or "en"


def index_cache_key(code: str, version: int, stamp: float) -> str:
    # The row's updated_at is part of the key so a shared cache never serves the words of another
    # database's "version 3" (test databases, a restored backup).
    return f"lexicon-index:{code}:{version}:{stamp:.6f}"


def _load_index(code: str, version: int, stamp: float) -> WordIndex:
    key = index_cache_key(code, version, stamp)
    data = cache.get(key)
    if data is not None:
        return WordIndex.from_bytes(data, code=code, version=version)
    words = (
        LexiconWord.objects.filter(lexicon__code=code, status=WordStatus.ACTIVE)
        .values_list("word", flat=True)
        .iterator(chunk_size=10000)
    )
    index = WordIndex.from_words(words, code=code, version=version)
    # Share it only if no change slipped in while we read: the cached bytes must match their key.
    if Lexicon.objects.filter(code=code, version=version).exists():
        cache.set(key, index.to_bytes(), INDEX_CACHE_SECONDS)
    return index


def lexicon_for_code(code: str) -> WordIndex:
    """The index of lexicon ``code`` at its current version.  Raises UnknownLexicon."""
    version, stamp, _language = _current(code)
    return loaded.get_index(code, version, lambda: _load_index(code, version, stamp))


def forget_versions() -> None:
    """Drop the remembered versions and the held indexes of this process (between tests)."""
    with _versions_lock:
        _versions.clear()
    loaded.forget()


# ---------------------------------------------------------------------------
# Selectors for forms, pages and the API
# ---------------------------------------------------------------------------
def lexicon_exists(code: str) -> bool:
    return Lexicon.objects.filter(code=code).exists()


def lexicon_choices() -> list[tuple[str, str]]:
    """(code, name) of every lexicon, for form fields."""
    return list(Lexicon.objects.order_by("code").values_list("code", "name"))


def lexicon_list() -> list[Lexicon]:
    return list(Lexicon.objects.order_by("code"))


def word_lookup(code: str, raw: str) -> dict:
    """Whether ``raw`` (any case, as typed or seen on a board) is a valid word of lexicon ``code``.

    A word rule 8 refuses (digits, hyphens, too long ...) is simply not valid: the answer says so
    with the reason code instead of an error, so a client checking a word needs no error path.
    Raises UnknownLexicon.
    """
    index = lexicon_for_code(code)
    language = _current(code)[2] or "en"  # held with the version: no query per lookup
    verdict = filters.check_entry((raw or "").strip().lower(), language)
    if verdict.word is None:
        return {"word": (raw or "").strip().lower(), "valid": False, "lexicon_version": index.version,
                "reason": verdict.reason}
    return {"word": verdict.word, "valid": index.contains(verdict.word), "lexicon_version": index.version,
            "reason": None}


def version_diff(lexicon: Lexicon, old: int, new: int) -> tuple[list[str], list[str]]:
    """The words added and removed going from version ``old`` to ``new`` (old < new), net of words
    that came and went in between.  A word's changes alternate (only an inactive word is added, only
    an active one removed), so its first change in the range tells the state at ``old`` and its last
    the state at ``new``."""
    if old > new:
        old, new = new, old
    first: dict[str, str] = {}
    last: dict[str, str] = {}
    changes = (
        WordChange.objects.filter(lexicon=lexicon, version__gt=old, version__lte=new)
        .order_by("version", "pk")
        .values_list("word", "action")
        .iterator(chunk_size=10000)
    )
    for word, action in changes:
        first.setdefault(word, action)
        last[word] = action
    added = sorted(w for w, a in last.items() if a == WordAction.ADDED and first[w] == WordAction.ADDED)
    removed = sorted(w for w, a in last.items() if a == WordAction.REMOVED and first[w] == WordAction.REMOVED)
    return added, removed
