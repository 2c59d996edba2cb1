"""Move payloads: parsing (JSON tiles or GCG notation) and the geometry of a placement.

Turns a client's payload into plain tuples and refuses malformed or misplaced input with a stable
code.  It knows the board but not racks, scores or the lexicon; the engine checks those.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..base import BAD_MOVE, NOT_YOUR_TURN, UNKNOWN_WORD, IllegalMove, bad_move
from . import board as boardmod
from .tiles import ALPHABET, BLANK

TILE_NOT_ON_RACK = "TILE_NOT_ON_RACK"
SQUARE_TAKEN = "SQUARE_TAKEN"
OFF_BOARD = "OFF_BOARD"
NOT_IN_LINE = "NOT_IN_LINE"
HAS_GAP = "HAS_GAP"
NOT_CONNECTED = "NOT_CONNECTED"
FIRST_MOVE_CENTRE = "FIRST_MOVE_CENTRE"
BAG_TOO_SMALL = "BAG_TOO_SMALL"
NOTHING_TO_CHALLENGE = "NOTHING_TO_CHALLENGE"

__all__ = [
    "BAD_MOVE", "NOT_YOUR_TURN", "TILE_NOT_ON_RACK", "SQUARE_TAKEN", "OFF_BOARD", "NOT_IN_LINE", "HAS_GAP",
    "NOT_CONNECTED", "FIRST_MOVE_CENTRE", "UNKNOWN_WORD", "BAG_TOO_SMALL", "NOTHING_TO_CHALLENGE",
    "Tile", "parse_move", "parse_gcg_play", "check_placement", "rack_tile",
]

RACK_SIZE = 7
MOVE_TYPES = ("place", "exchange", "pass", "challenge")


class Tile(NamedTuple):
    """One tile put down this turn; ``letter`` is uppercase even for a blank."""

    row: int
    col: int
    letter: str
    blank: bool

    @property
    def board_char(self) -> str:
        return self.letter.lower() if self.blank else self.letter


def rack_tile(tile: Tile) -> str:
    """The rack tile a placed tile comes from."""
    return BLANK if tile.blank else tile.letter


def parse_move(payload: Any, board: list[str]) -> dict[str, Any]:
    """Normalise a payload to {"type": ..., "tiles": [...]}; raises IllegalMove on malformed input.

    Placements come back as a list of Tile in payload order, exchanges as a list of rack tiles.
    """
    if not isinstance(payload, Mapping):
        raise bad_move("A move must be a JSON object.")
    kind = payload.get("type")
    if kind not in MOVE_TYPES:
        raise bad_move(f"Unknown move type {kind!r}; expected one of {', '.join(MOVE_TYPES)}.")
    if kind == "place":
        if "gcg" in payload and payload.get("tiles") is None:
            if not isinstance(payload["gcg"], str):
                raise bad_move("gcg must be a string such as '8H HELLO'.")
            tiles = parse_gcg_play(payload["gcg"], board)
        else:
            tiles = _parse_tiles(payload.get("tiles"))
        return {"type": "place", "tiles": tiles}
    if kind == "exchange":
        return {"type": "exchange", "tiles": _parse_exchange(payload.get("tiles"))}
    return {"type": kind}


def _parse_tiles(raw: Any) -> list[Tile]:
    if not isinstance(raw, list) or not raw:
        raise bad_move("tiles must be a non-empty list of {row, col, letter, blank}.")
    if len(raw) > RACK_SIZE:
        raise IllegalMove(TILE_NOT_ON_RACK, f"A rack holds {RACK_SIZE} tiles; {len(raw)} were placed.")
    tiles = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise bad_move("Each tile must be an object {row, col, letter, blank}.")
        row, col, letter = item.get("row"), item.get("col"), item.get("letter")
        blank = item.get("blank", False)
        if not (type(row) is int and type(col) is int):
            raise bad_move("row and col must be integers (0-14).")
        if not (isinstance(letter, str) and len(letter) == 1 and letter.upper() in ALPHABET):
            raise bad_move(f"letter must be a single letter A-Z, not {letter!r}.")
        if not isinstance(blank, bool):
            raise bad_move("blank must be true or false.")
        tiles.append(Tile(row, col, letter.upper(), blank))
    return tiles


def _parse_exchange(raw: Any) -> list[str]:
    if isinstance(raw, list) and all(isinstance(t, str) for t in raw):
        raw = "".join(raw)
    if not isinstance(raw, str):
        raise bad_move('tiles must be a string of rack tiles such as "AE?".')
    text = raw.strip().removeprefix("-").upper()
    if not text or len(text) > RACK_SIZE or any(ch not in ALPHABET + BLANK for ch in text):
        raise bad_move(f'Exchange 1 to {RACK_SIZE} rack tiles written as letters and ? for a blank, not {raw!r}.')
    return list(text)


_ACROSS = re.compile(r"^(\d{1,2})([A-Za-z])$")
_WORD = re.compile(r"^(?:[A-Za-z.]|\([A-Za-z.]+\))+$")
_DOWN = re.compile(r"^([A-Za-z])(\d{1,2})$")


def parse_gcg_play(text: str, board: list[str]) -> list[Tile]:
    """Tiles of a GCG play such as "8H HELLO" (across) or "H8 HE.LO" (down).

    ``.`` or a letter in parentheses stands for a tile already on the board; lowercase is a blank.
    """
    parts = text.split()
    if len(parts) != 2:
        raise bad_move(f"GCG play must be a position and a word, e.g. '8H HELLO', not {text!r}.")
    position, word = parts
    if match := _ACROSS.match(position):
        row, col, across = int(match.group(1)) - 1, ord(match.group(2).upper()) - ord("A"), True
    elif match := _DOWN.match(position):
        row, col, across = int(match.group(2)) - 1, ord(match.group(1).upper()) - ord("A"), False
    else:
        raise bad_move(f"Bad GCG position {position!r}: use '8H' for across or 'H8' for down.")
    if not boardmod.on_board(row, col):
        raise IllegalMove(OFF_BOARD, f"{position} is not a square of the board.")
    if not _WORD.match(word):
        raise bad_move(f"Bad GCG word {word!r}: letters, '.' or (letters) for tiles on the board.")
    tiles: list[Tile] = []
    inside = False
    for ch in word:
        if ch == "(" and not inside:
            inside = True
            continue
        if ch == ")" and inside:
            inside = False
            continue
        if not boardmod.on_board(row, col):
            raise IllegalMove(OFF_BOARD, f"{word} starting at {position} runs off the board.")
        on_square = board[row][col]
        name = boardmod.square_name(row, col)
        if ch == "." or inside:
            if on_square == boardmod.EMPTY:
                raise IllegalMove(HAS_GAP, f"{name} is marked as a tile on the board but it is empty.")
            if ch != "." and ch.upper() != on_square.upper():
                raise bad_move(f"{name} holds {on_square.upper()}, not {ch.upper()}.")
        else:
            tiles.append(Tile(row, col, ch.upper(), ch.islower()))
        row, col = (row, col + 1) if across else (row + 1, col)
    if not tiles:
        raise bad_move(f"{text!r} places no tile.")
    return tiles


def check_placement(board: list[str], tiles: list[Tile]) -> bool:
    """Refuse a placement that breaks the rules of geometry; return True when it runs across.

    Order: off board, duplicates, taken squares, one line, no gaps, centre (first move) or connected.
    """
    for t in tiles:
        if not boardmod.on_board(t.row, t.col):
            raise IllegalMove(OFF_BOARD, f"({t.row}, {t.col}) is off the 15×15 board.")
    squares = [(t.row, t.col) for t in tiles]
    if len(set(squares)) != len(squares):
        raise bad_move("Two tiles were placed on the same square.")
    for t in tiles:
        if board[t.row][t.col] != boardmod.EMPTY:
            raise IllegalMove(SQUARE_TAKEN, f"{boardmod.square_name(t.row, t.col)} already holds a tile.")
    rows = {t.row for t in tiles}
    cols = {t.col for t in tiles}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove(NOT_IN_LINE, "The tiles of one turn must lie in one row or one column.")
    across = len(rows) == 1 and (len(cols) > 1 or _forms_across(board, tiles[0]))
    if len(rows) == 1:
        fixed, lo, hi = tiles[0].row, min(cols), max(cols)
    else:
        fixed, lo, hi = tiles[0].col, min(rows), max(rows)
    mine = set(squares)
    for i in range(lo, hi + 1):
        r, c = (fixed, i) if len(rows) == 1 else (i, fixed)
        if (r, c) not in mine and board[r][c] == boardmod.EMPTY:
            raise IllegalMove(HAS_GAP, f"{boardmod.square_name(r, c)} is an empty square inside the play.")
    if boardmod.is_empty(board):
        if boardmod.CENTRE not in mine:
            raise IllegalMove(FIRST_MOVE_CENTRE, "The first word must cover the centre square 8H.")
        if len(tiles) < 2:
            raise IllegalMove(FIRST_MOVE_CENTRE, "The first word needs at least two letters.")
    elif not any(_has_neighbour(board, r, c) for r, c in squares):
        raise IllegalMove(NOT_CONNECTED, "The play must touch a tile already on the board.")
    return across


def _has_neighbour(board: list[str], row: int, col: int) -> bool:
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if boardmod.on_board(r, c) and board[r][c] != boardmod.EMPTY:
            return True
    return False


def _forms_across(board: list[str], tile: Tile) -> bool:
    """A single tile counts as an across play when it has a neighbour left or right."""
    r, c = tile.row, tile.col
    return (c > 0 and board[r][c - 1] != boardmod.EMPTY) or (c < 14 and board[r][c + 1] != boardmod.EMPTY)
