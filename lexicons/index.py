"""The compact in-memory word index that answers "is this a word" for the engines.

``WordIndex`` implements the engines' ``Lexicon`` protocol (``code``, ``version``, ``contains``,
``has_prefix``; case-insensitive) over a ``marisa_trie.Trie``: ENABLE takes about 0.4 MiB where a
Python ``set`` of the same strings takes over 20 MiB, which matters because every web and worker
process holds one index per lexicon.  An index serialises to bytes (or a file, optionally
memory-mapped so processes share the pages), so a built index can be cached instead of rebuilt.

Words stored are expected to be rule-8 normalised already (see ``filters``); this module only
lowercases.  It knows nothing of Django or of where the words came from.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import marisa_trie

BLANK = "?"
_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


class WordIndex:
    """A read-only set of lowercase words with prefix queries, backed by a marisa trie."""

    __slots__ = ("code", "version", "_trie")

    def __init__(self, trie: marisa_trie.Trie, *, code: str = "", version: int = 0) -> None:
        self.code = code
        self.version = version
        self._trie = trie

    # -- building and caching -------------------------------------------------------------

    @classmethod
    def from_words(cls, words: Iterable[str], *, code: str = "", version: int = 0) -> WordIndex:
        """Build an index; duplicates are merged and words lowercased (``contains`` lowercases too)."""
        return cls(marisa_trie.Trie(w.lower() for w in words if w), code=code, version=version)

    @classmethod
    def from_bytes(cls, data: bytes, *, code: str = "", version: int = 0) -> WordIndex:
        """Rebuild an index from ``to_bytes`` output (fast: no re-sorting of words)."""
        return cls(marisa_trie.Trie().frombytes(data), code=code, version=version)

    def to_bytes(self) -> bytes:
        return self._trie.tobytes()

    @classmethod
    def load(
        cls, path: str | os.PathLike, *, code: str = "", version: int = 0, mmap: bool = False
    ) -> WordIndex:
        """Read an index written by ``save``.  With ``mmap`` the file's pages are shared between
        processes that map the same file (the file must then stay in place)."""
        trie = marisa_trie.Trie()
        trie = trie.mmap(os.fspath(path)) if mmap else trie.load(os.fspath(path))
        return cls(trie, code=code, version=version)

    def save(self, path: str | os.PathLike) -> None:
        """Write the index atomically, so a concurrent ``load`` never sees half a file."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        os.close(fd)
        try:
            self._trie.save(tmp)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def with_version(self, *, code: str, version: int) -> WordIndex:
        """The same words under another code/version label (shares the trie, copies nothing)."""
        return WordIndex(self._trie, code=code, version=version)

    # -- the Lexicon protocol -------------------------------------------------------------

    def contains(self, word: str) -> bool:
        return word.lower() in self._trie

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (a whole word counts; "" when not empty)."""
        # iterkeys stops at the first key; marisa's has_keys_with_prefix is deprecated in 1.4.
        return next(self._trie.iterkeys(prefix.lower()), None) is not None

    def words(self) -> Iterator[str]:
        """Every word, in the trie's order (the optional ability move generation builds its graph from)."""
        return iter(self._trie.keys())

    __contains__ = contains

    # -- collection behaviour -------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._trie)

    def __iter__(self) -> Iterator[str]:
        """All words in alphabetical order (the trie's own order is not alphabetical)."""
        return iter(sorted(self._trie.keys()))

    def __repr__(self) -> str:
        return f"<WordIndex {self.code or '?'} v{self.version}: {len(self):,} words>"

    @property
    def nbytes(self) -> int:
        """Size of the serialised trie, a close measure of the memory the index holds."""
        return len(self._trie.tobytes())

    def words_with_prefix(self, prefix: str, limit: int | None = None) -> list[str]:
        """Words starting with ``prefix``, alphabetical.  With ``limit``, some ``limit`` of them (the
        trie's order is not alphabetical), so a huge prefix range is never materialised."""
        keys = self._trie.iterkeys(prefix.lower())
        if limit is None:
            return sorted(keys)
        found: list[str] = []
        for key in keys:
            if len(found) >= limit:
                break
            found.append(key)
        return sorted(found)

    # -- rack helpers (move generation, hints, self-play) ----------------------------------

    def words_from_letters(self, letters: str, *, min_length: int = 2, exact: bool = False) -> list[str]:
        """Words that can be spelled from ``letters`` (a rack), each tile used at most once.

        ``?`` is a blank standing for any letter.  With ``exact`` every tile must be used
        (anagrams).  A depth-first walk that prunes on ``has_prefix``, so a rack of seven costs
        thousands of trie lookups, not a scan of the word list.
        """
        rack = Counter(letters.lower())
        blanks = rack.pop(BLANK, 0)
        total = sum(rack.values()) + blanks
        found: set[str] = set()
        trie = self._trie

        def walk(prefix: str, blanks_left: int) -> None:
            if len(prefix) >= min_length and (not exact or len(prefix) == total) and prefix in trie:
                found.add(prefix)
            if len(prefix) == total:
                return
            for letter in list(rack):
                if rack[letter] == 0:
                    continue
                nxt = prefix + letter
                if next(trie.iterkeys(nxt), None) is None:
                    continue
                rack[letter] -= 1
                walk(nxt, blanks_left)
                rack[letter] += 1
            if blanks_left:
                for letter in _ALPHABET:
                    nxt = prefix + letter
                    if next(trie.iterkeys(nxt), None) is not None:
                        walk(nxt, blanks_left - 1)

        walk("", blanks)
        return sorted(found)

    def anagrams(self, letters: str) -> list[str]:
        """Words using exactly all of ``letters`` (``?`` is a blank)."""
        return self.words_from_letters(letters, min_length=1, exact=True)
