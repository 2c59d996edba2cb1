"""Tile sets as data: how many of each letter a bag holds and what each letter scores.

A blank is written ``?`` on a rack and in the bag; on the board it becomes the letter its player named
(stored lowercase) and scores 0.  Nothing here knows about racks, turns or the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

BLANK = "?"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class TileSet:
    code: str
    counts: Mapping[str, int]
    values: Mapping[str, int]

    def full_bag(self) -> list[str]:
        """Every tile of the set, in a fixed order (shuffle before drawing)."""
        return [letter for letter in sorted(self.counts) for _ in range(self.counts[letter])]

    def value(self, tile: str) -> int:
        """Face value of a rack tile (``?`` is 0) or of a board letter (lowercase = blank = 0)."""
        if tile == BLANK or tile.islower():
            return 0
        return self.values[tile]

    @property
    def size(self) -> int:
        return sum(self.counts.values())


def _tile_set(code: str, table: str) -> TileSet:
    """Build a set from lines of ``letter count value``."""
    counts: dict[str, int] = {}
    values: dict[str, int] = {}
    for line in table.split(";"):
        letter, count, value = line.split()
        counts[letter] = int(count)
        values[letter] = int(value)
    return TileSet(code, counts, values)


# The standard English set: 98 letters and 2 blanks (100 tiles).
ENGLISH = _tile_set(
    "en",
    "A 9 1;B 2 3;C 2 3;D 4 2;E 12 1;F 2 4;G 3 2;H 2 4;I 9 1;J 1 8;K 1 5;L 4 1;M 2 3;N 6 1;O 8 1;"
    "P 2 3;Q 1 10;R 6 1;S 4 1;T 6 1;U 4 1;V 2 4;W 2 4;X 1 8;Y 2 4;Z 1 10;? 2 0",
)

# The Dutch edition since 1998 (no IJ tile): 100 letters and 2 blanks (102 tiles).
DUTCH = _tile_set(
    "nl",
    "A 6 1;B 2 3;C 2 5;D 5 2;E 18 1;F 2 4;G 3 3;H 2 4;I 4 1;J 2 4;K 3 3;L 3 3;M 3 3;N 10 1;O 6 1;"
    "P 2 3;Q 1 10;R 5 2;S 5 2;T 5 2;U 3 4;V 2 4;W 2 5;X 1 8;Y 1 8;Z 2 4;? 2 0",
)

TILE_SETS: dict[str, TileSet] = {ts.code: ts for ts in (ENGLISH, DUTCH)}
