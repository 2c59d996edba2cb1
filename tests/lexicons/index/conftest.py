"""Shared fixtures for the lexicon tests: the real English list, read once per session."""

from __future__ import annotations

import os

import pytest

from lexicons import sources
from lexicons.index import WordIndex
from lexicons.sources import source_words


def running_in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"true", "1", "yes"}


@pytest.fixture(scope="session")
def english():
    """(metadata, words) of the English lexicon as an import would see them."""
    return source_words("en")


@pytest.fixture(scope="session")
def english_index(english):
    return WordIndex.from_words(english[1], code="en", version=1)


@pytest.fixture(scope="session")
def dutch():
    """(metadata, words) of the Dutch lexicon.  In CI the list must be installed (the workflow runs
    ``apt-get install -y wdutch``), so its absence fails there; elsewhere the tests skip."""
    if not sources.DUTCH_WORDLIST.is_file():
        message = f"{sources.DUTCH_WORDLIST} is missing; install it with: apt-get install -y wdutch"
        if running_in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return source_words("nl")
