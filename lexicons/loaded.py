"""The word indexes this process holds: one per lexicon code, replaced when the version changes.

``get_index(code, version, loader)`` is called on every lookup path, so its usual case -- the held
index already has the asked-for version -- takes no lock.  When the version differs (an admin
change bumped it, or it was rolled back), the caller's ``loader`` builds the new index under a
per-code lock, so concurrent threads load it once; other codes keep answering meanwhile.  If the
loader fails, the old index stays in place and the error reaches the caller.

The caller (the Django side) decides where the version comes from and how the words are read;
this module knows only codes, integers and callables.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable

from .index import WordIndex

Loader = Callable[[], "WordIndex | Iterable[str]"]

_indexes: dict[str, WordIndex] = {}
_code_locks: dict[str, threading.Lock] = {}
_registry_lock = threading.Lock()


def _lock_for(code: str) -> threading.Lock:
    with _registry_lock:
        return _code_locks.setdefault(code, threading.Lock())


def get_index(code: str, version: int, loader: Loader) -> WordIndex:
    """The index of lexicon ``code`` at ``version``, calling ``loader()`` only when this process
    holds none or holds another version.

    ``loader`` returns the words (any iterable of strings) or a ready ``WordIndex`` (for example
    one rebuilt from cached bytes); either way the held index is labelled ``code``/``version``.
    """
    held = _indexes.get(code)  # a dict read is atomic; no lock on the hot path
    if held is not None and held.version == version:
        return held
    with _lock_for(code):
        held = _indexes.get(code)
        if held is not None and held.version == version:
            return held  # another thread loaded it while we waited
        loaded = loader()
        if isinstance(loaded, WordIndex):
            index = (
                loaded
                if (loaded.code, loaded.version) == (code, version)
                else loaded.with_version(code=code, version=version)
            )
        else:
            index = WordIndex.from_words(loaded, code=code, version=version)
        _indexes[code] = index
        return index


def held_versions() -> dict[str, int]:
    """Which version of each lexicon this process holds (for health pages and tests)."""
    return {code: index.version for code, index in list(_indexes.items())}


def forget(code: str | None = None) -> None:
    """Drop the held index of ``code`` (all codes when None), e.g. between tests."""
    with _registry_lock:
        if code is None:
            _indexes.clear()
        else:
            _indexes.pop(code, None)
