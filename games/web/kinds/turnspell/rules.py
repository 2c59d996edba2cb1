"""Turnspell's pictures on its "How to play" page and the home page, as small data for the templates
(``templates/guide/diagrams/turnspell_*.html``, ``templates/guide/pictures/turnspell.html``).  Every number a
picture shows comes from the engine's own rules: the examples only choose the letters, so a picture can never
teach a score the game would not give.
"""

from __future__ import annotations

from typing import Any

from engines.base import SetLexicon
from engines.turnspell import board as ts_board
from engines.turnspell.tiles import VALUES as TS_VALUES
from engines.turnspell.tiles import return_penalty, value_on_board

# The spinning board seen from your arm (at the bottom), and one placement completing a row and a column.
TURNSPELL_SPINNER = ["RSEQ", "NOAI", "LTUD", "EMIO"]  # arms clockwise from yours
TURNSPELL_BOARD = """
BA.K
..U.
..S.
..T.
"""
TURNSPELL_PLACE = {"take": 0, "row": 0, "col": 2}
TURNSPELL_WORDS = ("BARK", "RUST")  # what the placement completes; a game checks them in its lexicon
TURNSPELL_SIDES = ["bottom", "left", "top", "right"]


def _turnspell_rows(board, new: tuple[int, int] | None, scoring: set[tuple[int, int]]) -> list[list[dict]]:
    return [[{"letter": (cell or "").upper(), "value": value_on_board(cell) if cell else 0,
              "new": (r, c) == new, "scoring": (r, c) in scoring}
             for c, cell in enumerate(row)] for r, row in enumerate(board)]


def turnspell() -> dict[str, Any]:
    arms = []
    for step, tiles in enumerate(TURNSPELL_SPINNER):
        arms.append({
            "side": TURNSPELL_SIDES[step], "angle": step * 90, "mine": step == 0,
            "tiles": [{"letter": t, "value": TS_VALUES[t]} for t in tiles],
        })
    before = ts_board.board_from_picture(TURNSPELL_BOARD)
    letter = TURNSPELL_SPINNER[0][TURNSPELL_PLACE["take"]]
    row, col = TURNSPELL_PLACE["row"], TURNSPELL_PLACE["col"]
    after = [list(r) for r in before]
    after[row][col] = letter
    words = ts_board.completed_words(after, row, col, SetLexicon(TURNSPELL_WORDS))
    scoring = {(r, c) for w in words for r, c in w["cells"]}
    return {
        "arms": arms,
        "taken": letter,
        "row": row + 1,
        "col": col + 1,
        "before": _turnspell_rows(before, None, set()),
        "after": _turnspell_rows(after, (row, col), scoring),
        "words": [{"word": w["word"], "score": w["score"],
                   "letters": [{"letter": ch, "value": TS_VALUES[ch]} for ch in w["word"]]} for w in words],
        "subtotal": sum(w["score"] for w in words),
        "doubled": len(words) == 2,
        "points": ts_board.placement_score(words),
        "penalties": [{"letter": t, "value": value_on_board(t), "penalty": return_penalty(t)} for t in "EKQ"],
    }


def examples(language: str) -> dict[str, Any]:
    return turnspell()


def picture(language: str) -> dict[str, Any]:
    return {"ts": turnspell()}
