"""Names a reader could take for one another: the Unicode skeleton of a name (UTS #39, section 4),
with case folded, so that lookalikes (Cyrillic "а" for Latin "a", "1" for "l", "rn" for "m",
"ALICE" for "alice") compare equal.

The confusables data is Unicode's own list (``confusables.txt``) as the ``confusable_homoglyphs``
package ships it: each character with its lookalikes, recorded both ways round.  Every group of
lookalikes there is a star around one prototype, so the prototype is recovered as the sequence in
the group (such as "rn") if there is one, else the member the others point to; a group of two gets
the lower code point (any fixed choice gives the same answer to "do these two look alike?", which
is all a skeleton is for).  The package keeps right-to-left characters between LEFT-TO-RIGHT MARKs
for display; they are dropped.

Pure: knows nothing of Django or of users.  A skeleton is for comparing, never for showing.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from functools import lru_cache

_LEFT_TO_RIGHT_MARK = "\u200e"


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each character that has a prototype (another character or a sequence) -> that prototype."""
    from confusable_homoglyphs.confusables import confusables_data  # 0.9 MB of JSON: read on first use

    around: dict[str, set[str]] = defaultdict(set)
    for glyph, lookalikes in confusables_data.items():
        glyph = glyph.replace(_LEFT_TO_RIGHT_MARK, "")
        for entry in lookalikes:
            other = entry["c"].replace(_LEFT_TO_RIGHT_MARK, "")
            if glyph and other and glyph != other:
                around[glyph].add(other)
                around[other].add(glyph)
    prototypes: dict[str, str] = {}
    seen: set[str] = set()
    for start in around:
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            glyph = todo.pop()
            if glyph not in group:
                group.add(glyph)
                todo.extend(around[glyph] - group)
        seen |= group
        prototype = min(group, key=lambda g: (len(g) == 1, -len(around[g]), g))
        prototypes.update((glyph, prototype) for glyph in group if len(glyph) == 1 and glyph != prototype)
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again (repeated until
    nothing changes: a prototype sequence may hold characters with prototypes of their own here)."""
    prototypes = _prototypes()
    result = unicodedata.normalize("NFD", text)
    for _round in range(4):
        mapped = unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in result))
        if mapped == result:
            break
        result = mapped
    return result


def lookalike_keys(text: str) -> frozenset[str]:
    """Two names look alike when their key sets meet.  Case is folded both before the skeleton (so
    "ALICE" meets "alice") and after it (so "Iucy", with a capital i, meets "lucy": the skeleton maps
    "I" to "l", which folding first would turn into "i")."""
    return frozenset({skeleton(text.casefold()), skeleton(skeleton(text).casefold())})


def look_alike(first: str, second: str) -> bool:
    return not lookalike_keys(first).isdisjoint(lookalike_keys(second))
