"""Which words a placement forms and what they score (rules 11–17).

Pure arithmetic on a board picture: it assumes the placement already passed the geometry checks and
does not look words up; the engine does that with the game's lexicon.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import board as boardmod
from .moves import RACK_SIZE, Tile
from .tiles import TileSet

BINGO_BONUS = 50


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


def _word_through(grid: list[list[str]], new: set[tuple[int, int]], row: int, col: int, across: bool,
                  tile_set: TileSet) -> Word | None:
    """The maximal word through (row, col) in one direction, scored; None when only one letter long."""
    dr, dc = (0, 1) if across else (1, 0)
    r, c = row, col
    while boardmod.on_board(r - dr, c - dc) and grid[r - dr][c - dc] != boardmod.EMPTY:
        r, c = r - dr, c - dc
    start = (r, c)
    letters, total, factor = [], 0, 1
    while boardmod.on_board(r, c) and grid[r][c] != boardmod.EMPTY:
        char = grid[r][c]
        value = tile_set.value(char)
        if (r, c) in new:  # premiums count only for the tile that first covers them (rule 14)
            letter_mult, word_mult = boardmod.premium(r, c)
            value *= letter_mult
            factor *= word_mult
        letters.append(char)
        total += value
        r, c = r + dr, c + dc
    if len(letters) < 2:
        return None
    return Word("".join(letters), start[0], start[1], across, total * factor)


def score_play(board: list[str], tiles: list[Tile], across: bool, tile_set: TileSet) -> Scored:
    """Every word the placement forms (main word first, then cross words) and the bingo bonus."""
    grid = [list(line) for line in board]
    for t in tiles:
        grid[t.row][t.col] = t.board_char
    new = {(t.row, t.col) for t in tiles}
    words = []
    main = _word_through(grid, new, tiles[0].row, tiles[0].col, across, tile_set)
    if main:
        words.append(main)
    for t in sorted(tiles):
        cross = _word_through(grid, new, t.row, t.col, not across, tile_set)
        if cross:
            words.append(cross)
    return Scored(tuple(words), len(tiles) == RACK_SIZE)
