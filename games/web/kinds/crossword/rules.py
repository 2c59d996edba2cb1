"""Crossword's pictures on its "How to play" page and the home page, as small data for the templates
(``templates/guide/diagrams/crossword_*.html``, ``templates/guide/pictures/crossword.html``).  Every number a
picture shows comes from the engine's own rules: the examples only choose the letters, so a picture can never
teach a score the game would not give.
"""

from __future__ import annotations

from typing import Any

from engines.crossword import board as cw_board
from engines.crossword.moves import Tile, check_placement
from engines.crossword.scoring import BINGO_BONUS, score_play
from engines.crossword.tiles import DUTCH, ENGLISH

# Two turns on the real board: a first word across the centre star, then a word down that hooks a letter
# in front of it.  Shown on a 7×6 window of the board; each language plays words of its own tile set.
CROSSWORD_WINDOW = {"rows": range(6, 12), "cols": range(2, 9)}
CROSSWORD_PLAYS = {
    "en": {"tile_set": ENGLISH, "first": "EACH", "second": "TOWER"},
    "nl": {"tile_set": DUTCH, "first": "TEEN", "second": "STOEL"},
}
PREMIUM_CLASS = {"T": "tw", "D": "dw", "t": "tl", "d": "dl"}


def _crossword_word(word, new: set[tuple[int, int]], tile_set) -> dict[str, Any]:
    """One scored word letter by letter: the premiums a new tile earns, and the engine's total."""
    dr, dc = (0, 1) if word.across else (1, 0)
    letters, word_factor = [], 1
    for i, char in enumerate(word.text):
        r, c = word.row + dr * i, word.col + dc * i
        letter_mult, word_mult = cw_board.premium(r, c) if (r, c) in new else (1, 1)
        word_factor *= word_mult
        letters.append({"letter": char.upper(), "value": tile_set.value(char), "times": letter_mult,
                        "points": tile_set.value(char) * letter_mult, "new": (r, c) in new})
    return {"text": word.plain, "letters": letters, "base": sum(x["points"] for x in letters),
            "times": word_factor, "score": word.score}


def _crossword_grid(board: list[str], tile_set, new: set[tuple[int, int]]) -> list[list[dict[str, Any]]]:
    rows = []
    for r in CROSSWORD_WINDOW["rows"]:
        row = []
        for c in CROSSWORD_WINDOW["cols"]:
            code = cw_board.LAYOUT[r][c]
            centre = (r, c) == cw_board.CENTRE
            char = board[r][c]
            row.append({
                "name": cw_board.square_name(r, c),
                "premium": "centre" if centre else PREMIUM_CLASS.get(code, ""),
                "letter": "" if char == cw_board.EMPTY else char.upper(),
                "value": 0 if char == cw_board.EMPTY else tile_set.value(char),
                "new": (r, c) in new,
            })
        rows.append({"number": r + 1, "squares": row})
    return rows


def crossword(language: str) -> dict[str, Any]:
    plays = CROSSWORD_PLAYS.get(language, CROSSWORD_PLAYS["en"])
    tile_set = plays["tile_set"]
    first_row, first_col = cw_board.CENTRE[0], cw_board.CENTRE[1] - len(plays["first"]) + 1
    moves = [
        [Tile(first_row, first_col + i, ch, False) for i, ch in enumerate(plays["first"])],
        # Down the column left of the first word, its first letter hooked in front of that word.
        [Tile(first_row + i, first_col - 1, ch, False) for i, ch in enumerate(plays["second"])],
    ]
    board = cw_board.empty_board()
    steps = []
    for tiles in moves:
        across = check_placement(board, tiles)  # refuses an example the rules would refuse
        scored = score_play(board, tiles, across, tile_set)
        board = cw_board.place(board, [(t.row, t.col, t.board_char) for t in tiles])
        new = {(t.row, t.col) for t in tiles}
        steps.append({
            "gcg": cw_board.gcg_position(tiles[0].row, tiles[0].col, across) + " " + "".join(t.letter for t in tiles),
            "rows": _crossword_grid(board, tile_set, new),
            "words": [_crossword_word(w, new, tile_set) for w in scored.words],
            "bingo": scored.bingo,
            "score": scored.score,
        })
    columns = [cw_board.COLUMNS[c] for c in CROSSWORD_WINDOW["cols"]]
    return {
        "columns": columns,
        "first_square": f"{columns[0]}{CROSSWORD_WINDOW['rows'][0] + 1}",
        "last_square": f"{columns[-1]}{CROSSWORD_WINDOW['rows'][-1] + 1}",
        "steps": steps,
        "bingo_bonus": BINGO_BONUS,
        "values": sorted(tile_set.values.items()),
    }


def examples(language: str) -> dict[str, Any]:
    return crossword(language)


def picture(language: str) -> dict[str, Any]:
    cw = crossword(language)
    return {"cw": cw, "step": cw["steps"][-1]}
