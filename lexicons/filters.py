"""Rule 8 of the crossword rules as code: which raw dictionary entries become playable words.

A raw entry from a source list (ENABLE, OpenTaal, an admin's upload) is either turned into one
playable word -- lowercase letters a-z, 2-15 long -- or rejected with a stable reason code.  The
reasons exist so an import can report *why* entries were dropped, not only how many.

The filters, in the order they are applied:

1. surrounding whitespace is trimmed (line endings, a byte-order mark);
2. any capital letter rejects the entry: proper names and capitalised words (``Amsterdam``,
   ``DVD``) are not allowed by rule 8;
3. apostrophes, hyphens and inner spaces reject it (``d'r``, ``e-mail``, ``ad hoc``);
4. diacritics are folded: NFD decomposition with the combining marks removed (``café`` ->
   ``cafe``, ``coördinatie`` -> ``coordinatie``), and the Dutch ligature ``ĳ`` becomes ``ij``;
   the tiles carry no accents, so the folded spelling is the one that is played;
5. anything left that is not a-z rejects it: digits, dots, symbols, letters with no ASCII base
   (``ø``, ``ß``);
6. 2 to 15 letters (the board is 15 wide; one letter is not a word in the game);
7. Dutch only: at least one vowel (``y`` counts: ``gym``, ``lynx``, ``typ``, ``crypt``).
   OpenTaal marks nothing as an abbreviation, and its vowel-less entries are nearly all
   abbreviations (``cm``, ``kg``, ``tv``, ``dvd``, ``pdf``), which rule 8 forbids; the price is
   a few interjections (``brr``, ``pst``, ``hm``) that a curator may add back.  English has no
   such rule: ENABLE is a word-game list with no abbreviations, and its 20 vowel-less entries are
   real words (``hm``, ``mm``, ``sh``, ``hmm``, ``shh``, ``tsk``, ``nth``, ``cwm``, ``crwth``).
   The rule follows the language of the list, not its source, so a curator's or an upload's
   English word is never refused for lacking a vowel either.

Nothing here imports Django: engines, benchmarks and the import command all share it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

MIN_LENGTH = 2
MAX_LENGTH = 15

LANGUAGES = ("en", "nl")

# Rejection reasons: stable codes that import reports and tests match on.
EMPTY = "empty"
CAPITALISED = "capitalised"
APOSTROPHE = "apostrophe"
HYPHEN = "hyphen"
SPACE = "space"
NON_LETTER = "non_letter"
TOO_SHORT = "too_short"
TOO_LONG = "too_long"
NO_VOWEL = "no_vowel"

REASONS = (EMPTY, CAPITALISED, APOSTROPHE, HYPHEN, SPACE, NON_LETTER, TOO_SHORT, TOO_LONG, NO_VOWEL)

# Typographic variants count too: word lists copied from documents carry curly quotes and dashes.
_APOSTROPHES = frozenset("'\u2018\u2019\u02bc`\u00b4")
_HYPHENS = frozenset("-\u2010\u2011\u2012\u2013\u2014\u2212")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
# NFD leaves ligatures alone (only NFKD splits them, and NFKD would also turn "m²" into "m2").
_LIGATURES = str.maketrans({"\u0133": "ij"})
# Most entries are already plain lowercase ASCII; they skip the character-by-character checks.
_PLAIN = re.compile(r"[a-z]+")

# Per language, the letters of which a word needs one (None: no vowel rule; see rule 7 above).
VOWELS: dict[str, frozenset[str] | None] = {
    "en": None,
    "nl": frozenset("aeiouy"),
}


class UnknownLanguage(ValueError):
    """A language code the filters have no rules for."""


@dataclass(frozen=True)
class Verdict:
    """The outcome for one raw entry: the playable ``word``, or None and the ``reason``."""

    word: str | None
    reason: str | None = None


@dataclass
class FilterReport:
    """The kept words (sorted, unique) and how many raw entries each rule rejected."""

    words: list[str]
    rejected: Counter[str] = field(default_factory=Counter)
    raw_count: int = 0

    @property
    def duplicates(self) -> int:
        """Entries that were accepted but folded onto a word already kept (``cafe``/``café``)."""
        return self.raw_count - sum(self.rejected.values()) - len(self.words)


def _vowels_for(language: str) -> frozenset[str] | None:
    try:
        return VOWELS[language]
    except KeyError:
        raise UnknownLanguage(
            f"No word filters for language {language!r}; known: {', '.join(LANGUAGES)}."
        ) from None


def fold_diacritics(text: str) -> str:
    """``text`` with accents removed (NFD minus combining marks) and ``ĳ`` spelled ``ij``."""
    decomposed = unicodedata.normalize("NFD", text.translate(_LIGATURES))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def check_entry(raw: str, language: str) -> Verdict:
    """Apply the rule-8 filters to one raw entry; see the module docstring for the order."""
    vowels = _vowels_for(language)
    entry = raw.strip().lstrip("\ufeff")
    if not entry:
        return Verdict(None, EMPTY)
    if _PLAIN.fullmatch(entry):
        return _check_length_and_vowels(entry, vowels)
    if any(ch.isupper() for ch in entry):
        return Verdict(None, CAPITALISED)
    if any(ch in _APOSTROPHES for ch in entry):
        return Verdict(None, APOSTROPHE)
    if any(ch in _HYPHENS for ch in entry):
        return Verdict(None, HYPHEN)
    if any(ch.isspace() for ch in entry):
        return Verdict(None, SPACE)
    word = fold_diacritics(entry)
    if not all(ch in _ASCII_LETTERS for ch in word):
        return Verdict(None, NON_LETTER)
    return _check_length_and_vowels(word, vowels)


def _check_length_and_vowels(word: str, vowels: frozenset[str] | None) -> Verdict:
    if len(word) < MIN_LENGTH:
        return Verdict(None, TOO_SHORT)
    if len(word) > MAX_LENGTH:
        return Verdict(None, TOO_LONG)
    if vowels is not None and vowels.isdisjoint(word):
        return Verdict(None, NO_VOWEL)
    return Verdict(word)


def normalise_entry(raw: str, language: str) -> str | None:
    """The playable spelling of ``raw`` (lowercase a-z, 2-15 letters), or None if rule 8 rejects it."""
    return check_entry(raw, language).word


def filter_report(entries: Iterable[str], language: str) -> FilterReport:
    """Filter many raw entries and count the rejections per reason (for import reports)."""
    _vowels_for(language)  # fail on an unknown language even when ``entries`` is empty
    kept: set[str] = set()
    rejected: Counter[str] = Counter()
    raw_count = 0
    for raw in entries:
        raw_count += 1
        verdict = check_entry(raw, language)
        if verdict.word is None:
            assert verdict.reason is not None  # a refused entry always says why
            rejected[verdict.reason] += 1
        else:
            kept.add(verdict.word)
    return FilterReport(words=sorted(kept), rejected=rejected, raw_count=raw_count)


def filter_words(entries: Iterable[str], language: str) -> list[str]:
    """The playable words among ``entries``: normalised, sorted and unique."""
    return filter_report(entries, language).words
