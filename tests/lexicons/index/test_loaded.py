"""The per-process registry: one index per code, reloaded only when the version changes."""

from __future__ import annotations

import threading
import time

import pytest

from lexicons import loaded
from lexicons.index import WordIndex


@pytest.fixture(autouse=True)
def empty_registry():
    loaded.forget()
    yield
    loaded.forget()


class CountingLoader:
    def __init__(self, words, delay=0.0):
        self.words = list(words)
        self.calls = 0
        self.delay = delay

    def __call__(self):
        self.calls += 1
        time.sleep(self.delay)
        return self.words


def test_the_first_request_loads_and_later_ones_reuse_the_index():
    loader = CountingLoader(["cab", "dab"])
    first = loaded.get_index("en", 1, loader)
    assert loaded.get_index("en", 1, loader) is first
    assert loader.calls == 1
    assert (first.code, first.version) == ("en", 1) and first.contains("cab")


def test_a_new_version_reloads_and_so_does_a_rollback():
    old = loaded.get_index("en", 1, CountingLoader(["cab"]))
    new = loaded.get_index("en", 2, CountingLoader(["cab", "dab"]))
    assert new is not old and new.contains("dab") and not old.contains("dab")
    back = loaded.get_index("en", 1, CountingLoader(["cab"]))
    assert back.version == 1 and not back.contains("dab")
    assert loaded.held_versions() == {"en": 1}


def test_codes_are_held_separately():
    loaded.get_index("en", 4, CountingLoader(["cab"]))
    loaded.get_index("nl", 9, CountingLoader(["fiets"]))
    assert loaded.held_versions() == {"en": 4, "nl": 9}
    loaded.forget("nl")
    assert loaded.held_versions() == {"en": 4}


def test_a_failing_loader_keeps_the_old_index():
    old = loaded.get_index("en", 1, CountingLoader(["cab"]))

    def broken():
        raise OSError("database went away")

    with pytest.raises(OSError):
        loaded.get_index("en", 2, broken)
    assert loaded.get_index("en", 1, broken) is old


def test_a_loader_may_return_a_ready_index_which_is_relabelled():
    cached = WordIndex.from_words(["cab"], code="en", version=0)
    index = loaded.get_index("en", 5, lambda: WordIndex.from_bytes(cached.to_bytes()))
    assert (index.code, index.version) == ("en", 5) and index.contains("cab")


def test_concurrent_requests_load_once():
    loader = CountingLoader(["cab", "dab"], delay=0.05)
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(loaded.get_index("en", 3, loader))) for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert loader.calls == 1
    assert len({id(index) for index in results}) == 1
