"""Which words a placement forms and what they score (rules 11–17).

Pure arithmetic on a board picture: it assumes the placement already passed the geometry checks and
does not look words up; the engine does that with the game's lexicon.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from . import board as boardmod
from .moves import RACK_SIZE, Tile
from .tiles import TileSet

BINGO_BONUS = 50
EMPTY = boardmod.EMPTY
SIZE = boardmod.SIZE


@dataclass(frozen=True)
class Word:
    """A word formed or changed by a play: its letters (blanks lowercase), first square, score."""

    text: str
    row: int
    col: int
    across: bool
    score: int

    @property
    def plain(self) -> str:
        return self.text.upper()


@dataclass(frozen=True)
class Scored:
    words: tuple[Word, ...]
    bingo: bool

    @property
    def score(self) -> int:
        return sum(w.score for w in self.words) + (BINGO_BONUS if self.bingo else 0)


def _word_through(board: list[str], new: dict[tuple[int, int], str], row: int, col: int, across: bool,
                  values: Mapping[str, int]) -> Word | None:
    """The maximal word through (row, col) in one direction, scored; None when only one letter long.

    ``new`` maps the squares of this play to their board characters; other squares come from ``board``
    (which is never copied: move generation scores thousands of plays per position)."""
    dr, dc = (0, 1) if across else (1, 0)
    r, c = row, col
    while True:
        pr, pc = r - dr, c - dc
        if pr < 0 or pc < 0 or ((pr, pc) not in new and board[pr][pc] == EMPTY):
            break
        r, c = pr, pc
    start = (r, c)
    letters, total, factor = [], 0, 1
    while r < SIZE and c < SIZE:
        char = new.get((r, c))
        if char is None:
            char = board[r][c]
            if char == EMPTY:
                break
            value = 0 if char.islower() else values[char]
        else:  # premiums count only for the tile that first covers them (rule 14)
            letter_mult, word_mult = boardmod.premium(r, c)
            value = 0 if char.islower() else values[char] * letter_mult
            factor *= word_mult
        letters.append(char)
        total += value
        r, c = r + dr, c + dc
    if len(letters) < 2:
        return None
    return Word("".join(letters), start[0], start[1], across, total * factor)


def score_play(board: list[str], tiles: list[Tile], across: bool, tile_set: TileSet) -> Scored:
    """Every word the placement forms (main word first, then cross words) and the bingo bonus."""
    new = {(t.row, t.col): t.board_char for t in tiles}
    values = tile_set.values
    words = []
    main = _word_through(board, new, tiles[0].row, tiles[0].col, across, values)
    if main:
        words.append(main)
    for t in sorted(tiles):
        cross = _word_through(board, new, t.row, t.col, not across, values)
        if cross:
            words.append(cross)
    return Scored(tuple(words), len(tiles) == RACK_SIZE)
