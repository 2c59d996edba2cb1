"""What the analysis page needs to draw a board: the premium squares and the turns' boards and plays,
as JSON for ``static/js/analysis.js`` (nothing secret: only finished games and uploads are shown)."""

from __future__ import annotations

from typing import Any

from engines.crossword import board as boardmod

PREMIUM_CLASSES = {"T": "tw", "D": "dw", "t": "tl", "d": "dl"}


def premium_rows() -> list[list[str]]:
    rows = [[PREMIUM_CLASSES.get(code, "") for code in line] for line in boardmod.LAYOUT]
    rows[boardmod.CENTRE[0]][boardmod.CENTRE[1]] = "centre"
    return rows


def page_data(result: dict[str, Any]) -> dict[str, Any]:
    """The turns' boards and plays to draw, by turn number."""
    turns = {}
    for turn in result.get("turns", []):
        if turn.get("status") != "analysed":
            continue
        turns[turn["turn"]] = {
            "board": turn["board"],
            "played": {"move": turn["played"]["move"], "tiles": turn["played"].get("tiles", [])},
            "best": [{"move": p["move"], "tiles": p.get("tiles", [])} for p in turn["best"]],
        }
    return {"premiums": premium_rows(), "columns": boardmod.COLUMNS, "turns": turns}
