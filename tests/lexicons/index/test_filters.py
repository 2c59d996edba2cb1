"""Rule 8 as filters: each rule with entries it keeps and entries it drops."""

from __future__ import annotations

import pytest

from lexicons import filters
from lexicons.filters import check_entry, filter_report, filter_words, fold_diacritics, normalise_entry


@pytest.mark.parametrize("raw", ["Amsterdam", "DVD", "Jacob", "iPhone", "\u0132sselmeer"])
def test_capitalised_entries_and_proper_names_are_dropped(raw):
    assert check_entry(raw, "nl") == filters.Verdict(None, filters.CAPITALISED)


@pytest.mark.parametrize("raw", ["d'r", "beauty's", "z\u2019n", "rock`n"])
def test_entries_with_apostrophes_are_dropped(raw):
    assert check_entry(raw, "nl").reason == filters.APOSTROPHE


@pytest.mark.parametrize("raw", ["e-mail", "kandidaat-opvolger", "x\u2013ray"])
def test_entries_with_hyphens_are_dropped(raw):
    assert check_entry(raw, "en").reason == filters.HYPHEN


def test_entries_with_inner_spaces_are_dropped():
    assert check_entry("ad hoc", "nl").reason == filters.SPACE


@pytest.mark.parametrize(
    "raw", ["30plussers", "i.t.t.", "m\u00b2", "co\u2082", "a&w", "sm\u00f8rrebr\u00f8d", "stra\u00dfe"]
)
def test_digits_punctuation_and_letters_without_an_ascii_base_are_dropped(raw):
    assert check_entry(raw, "nl").reason == filters.NON_LETTER


@pytest.mark.parametrize(
    ("raw", "word"),
    [
        ("caf\u00e9", "cafe"),
        ("cafe\u0301", "cafe"),  # already decomposed
        ("co\u00f6rdinatie", "coordinatie"),
        ("kilocalorie\u00ebn", "kilocalorieen"),
        ("ge\u00efnd", "geind"),
        ("\u0133s", "ijs"),  # the ligature, which NFD leaves alone
        ("na\u00efve", "naive"),
    ],
)
def test_diacritics_are_folded(raw, word):
    assert normalise_entry(raw, "nl") == word


def test_folding_keeps_plain_text():
    assert fold_diacritics("letterpost") == "letterpost"


def test_one_letter_is_too_short():
    assert check_entry("a", "en").reason == filters.TOO_SHORT
    assert normalise_entry("aa", "en") == "aa"


def test_fifteen_letters_are_kept_and_sixteen_dropped():
    assert normalise_entry("abcdefghijklmno", "en") == "abcdefghijklmno"
    assert check_entry("abcdefghijklmnop", "en").reason == filters.TOO_LONG
    assert check_entry("ontwikkelingshulp", "nl").reason == filters.TOO_LONG


def test_length_counts_letters_after_folding():
    # the ligature is one character but two tiles
    assert check_entry("\u0133" * 8, "nl").reason == filters.TOO_LONG


@pytest.mark.parametrize("raw", ["cm", "kg", "tv", "dvd", "pdf", "brr"])
def test_vowel_less_dutch_entries_are_dropped_as_abbreviations(raw):
    assert check_entry(raw, "nl").reason == filters.NO_VOWEL


@pytest.mark.parametrize("raw", ["hm", "mm", "sh", "hmm", "shh", "tsk", "nth", "cwm", "crwth", "psst"])
def test_vowel_less_english_words_are_kept(raw):
    # ENABLE has no abbreviations: its vowel-less entries are words.
    assert normalise_entry(raw, "en") == raw


@pytest.mark.parametrize(("raw", "language"), [("gym", "nl"), ("lynx", "nl"), ("rhythm", "en"), ("my", "en")])
def test_y_counts_as_a_vowel(raw, language):
    assert normalise_entry(raw, language) == raw


def test_surrounding_whitespace_and_a_byte_order_mark_are_trimmed():
    assert normalise_entry("  woord\r\n", "nl") == "woord"
    assert normalise_entry("\ufeffaardvark", "en") == "aardvark"
    assert check_entry(" \n", "en").reason == filters.EMPTY


def test_plain_lowercase_words_pass_unchanged():
    assert normalise_entry("letterpost", "en") == "letterpost"


def test_an_unknown_language_is_refused():
    with pytest.raises(filters.UnknownLanguage, match="'fr'"):
        normalise_entry("bonjour", "fr")
    with pytest.raises(filters.UnknownLanguage):
        filter_words([], "fr")


def test_filter_words_is_sorted_unique_and_merges_folded_duplicates():
    raw = ["zebra", "caf\u00e9", "cafe", "Amsterdam", "e-mail", "cm", "a", "apple", "zebra"]
    assert filter_words(raw, "nl") == ["apple", "cafe", "zebra"]


def test_filter_report_counts_each_reason():
    report = filter_report(["Amsterdam", "d'r", "e-mail", "cm", "a", "x" * 16, "caf\u00e9", "cafe"], "nl")
    assert report.words == ["cafe"]
    assert report.raw_count == 8
    assert report.duplicates == 1
    assert dict(report.rejected) == {
        filters.CAPITALISED: 1,
        filters.APOSTROPHE: 1,
        filters.HYPHEN: 1,
        filters.NO_VOWEL: 1,
        filters.TOO_SHORT: 1,
        filters.TOO_LONG: 1,  # length is checked before vowels
    }
