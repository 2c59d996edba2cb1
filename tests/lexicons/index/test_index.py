"""WordIndex: the marisa-trie index answers exactly as a set of the same words would."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.base import Lexicon
from lexicons.index import WordIndex

SMALL = ["aa", "ab", "abs", "bad", "bade", "bead", "cab", "dab", "deb"]


@pytest.fixture(scope="module")
def samples(english):
    """Words, near-miss non-words and prefixes drawn from the English list with a fixed seed."""
    _, words = english
    rng = random.Random(8)
    hits = rng.sample(words, 3000)
    misses = [w + rng.choice("qxjz") for w in rng.sample(words, 3000)] + [w[:-1] for w in hits]
    prefixes = [w[: rng.randint(1, len(w))] for w in hits] + [p[:-1] + "q" for p in hits[:500] if len(p) > 2]
    return hits, misses, prefixes


def test_the_index_is_a_lexicon():
    assert isinstance(WordIndex.from_words(SMALL, code="t", version=3), Lexicon)


def test_contains_agrees_with_a_set(english, english_index, samples):
    words = set(english[1])
    hits, misses, _ = samples
    assert len(english_index) == len(words)
    for word in hits + misses:
        assert english_index.contains(word) == (word in words), word


def test_has_prefix_agrees_with_a_set_of_prefixes(english, english_index, samples):
    words = english[1]
    _, _, prefixes = samples
    wanted = set(prefixes)
    real = {w[:i] for w in words for i in range(1, len(w) + 1) if w[:i] in wanted}
    for prefix in prefixes:
        assert english_index.has_prefix(prefix) == (prefix in real), prefix


def test_lookups_ignore_case():
    index = WordIndex.from_words(["Bead", "cab"])
    assert index.contains("BEAD") and index.contains("bead") and index.contains("Cab")
    assert index.has_prefix("BE") and "CAB" in index


def test_a_whole_word_is_a_prefix_and_the_empty_prefix_means_not_empty():
    index = WordIndex.from_words(SMALL)
    assert index.has_prefix("bade") and not index.has_prefix("baded")
    assert index.has_prefix("")
    assert not WordIndex.from_words([]).has_prefix("")


def test_iteration_is_alphabetical_and_duplicates_merge():
    index = WordIndex.from_words(["deb", "aa", "deb", "cab"])
    assert list(index) == ["aa", "cab", "deb"]
    assert len(index) == 3


def test_words_with_prefix():
    index = WordIndex.from_words(SMALL)
    assert index.words_with_prefix("ab") == ["ab", "abs"]
    assert index.words_with_prefix("b") == ["bad", "bade", "bead"]
    assert len(index.words_with_prefix("", limit=4)) == 4
    assert index.words_with_prefix("x") == []


def test_bytes_round_trip_keeps_every_word(english, english_index):
    data = english_index.to_bytes()
    copy = WordIndex.from_bytes(data, code="en", version=7)
    assert (copy.code, copy.version) == ("en", 7)
    assert list(copy) == english[1]
    assert len(data) < 1024 * 1024  # the point of the index: ENABLE in well under a MiB


@pytest.mark.parametrize("mmap", [False, True])
def test_save_and_load_from_a_file(tmp_path, mmap):
    path = tmp_path / "cache" / "en-3.marisa"
    WordIndex.from_words(SMALL).save(path)
    loaded = WordIndex.load(path, code="en", version=3, mmap=mmap)
    assert list(loaded) == SMALL and loaded.contains("bead") and loaded.version == 3
    assert [p.name for p in path.parent.iterdir()] == ["en-3.marisa"]  # no temporary file left


def brute_force(words, letters, exact=False):
    rack = Counter(letters)
    blanks = rack.pop("?", 0)
    found = []
    for word in words:
        missing = sum((Counter(word) - rack).values())
        if missing <= blanks and (not exact or len(word) == len(letters)):
            found.append(word)
    return sorted(found)


@pytest.mark.parametrize("letters", ["abdse", "bade", "ab?", "??", "xyz"])
def test_words_from_letters_matches_brute_force(letters):
    index = WordIndex.from_words(SMALL)
    assert index.words_from_letters(letters) == brute_force(SMALL, letters)
    assert index.anagrams(letters) == brute_force(SMALL, letters, exact=True)


def test_anagrams_on_the_real_list(english_index):
    assert english_index.anagrams("RETAINS") == [
        "anestri",
        "antsier",
        "nastier",
        "ratines",
        "retains",
        "retinas",
        "retsina",
        "stainer",
        "stearin",
    ]
