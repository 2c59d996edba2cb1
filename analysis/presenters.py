"""The JSON shape of an analysis, the same for a game's and an upload's (API and pages)."""

from __future__ import annotations

from typing import Any

from .models import Analysis

PLAY_KEYS = ("move", "score", "equity")
PLAYED_KEYS = ("move", "score", "equity", "valid", "rejected", "withdrawn")
TURN_KEYS = ("turn", "seat", "player", "line", "status", "skip", "reason", "rack", "phony", "rank", "plays", "method",
             "points_lost", "equity_lost")


def turn_json(turn: dict[str, Any]) -> dict[str, Any]:
    """One turn without what only the page needs (the board, the tiles to draw).  A key missing from an
    analysis stored before it existed (``phony``, ``skip``, ``rejected``) is left out."""
    out = {k: turn[k] for k in TURN_KEYS if k in turn}
    if "played" in turn:
        out["played"] = {k: turn["played"][k] for k in PLAYED_KEYS if k in turn["played"]}
        out["best"] = [{k: p[k] for k in PLAY_KEYS} for p in turn["best"]]
    return out


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    done = analysis.result or {}
    return {
        "id": analysis.pk,
        "game": analysis.game_id,
        "status": analysis.status,
        "method": analysis.method,
        "turns_method": done.get("method", "static") if done else None,
        "lexicon": analysis.lexicon,
        "error": analysis.error,
        "turns": [turn_json(t) for t in done.get("turns", [])],
        "summary": done.get("summary", []),
    }
