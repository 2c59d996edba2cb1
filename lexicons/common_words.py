"""Which words count as common, for the Crossword beginner bot (``engines.bots``).

Built on the ``wordfreq`` package (its word lists ship inside the package: no download).  A word is
common when its Zipf frequency -- log10 of its uses per billion words -- reaches ``MIN_ZIPF``: 3.4
keeps "windy" (3.6), "gale", "donate" and leaves out "quoth" (2.1), "qi" (3.3) and "za" (3.1).  Outside
``engines`` on purpose: engines take the predicate as an argument and import no data package.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import wordfreq

MIN_ZIPF = 3.4


@lru_cache(maxsize=8)
def common_word_predicate(language: str = "en", min_zipf: float = MIN_ZIPF) -> Callable[[str], bool]:
    """``word -> bool`` for ``language`` (a wordfreq language code such as "en" or "nl")."""

    @lru_cache(maxsize=65536)
    def common_word(word: str) -> bool:
        return wordfreq.zipf_frequency(word.lower(), language) >= min_zipf

    return common_word
