"""The Turnspell page's view-model: what ``templates/games/kinds/turnspell.html`` draws — which arm
sits where on screen, tiles with their values, each player's board with return penalties, and the last
turn in words.

It reads only ``game_payload`` (the engine's view for the viewer plus public seat facts), so it can
show nothing the viewer may not see.  No rules live here beyond the printed tile values and the
rulebook's return penalty, which the page shows before a move is sent.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engines.turnspell.tiles import VALUES, return_penalty, value_on_board
from games.models import Game

# Screen side of an arm, counted clockwise from the viewer's own arm at the bottom.
SIDES = ["bottom", "left", "top", "right"]


def _tile(letter: str | None) -> dict[str, Any] | None:
    """A tile on the spinning board ("?" is an unplaced blank)."""
    if letter is None:
        return None
    return {"letter": letter, "value": VALUES[letter], "blank": letter == "?"}


def _cell(letter: str | None, row: int, col: int) -> dict[str, Any]:
    """A cell of a player board; a placed blank is its lower-case letter and worth nothing."""
    if letter is None:
        return {"row": row, "col": col, "letter": None}
    return {
        "row": row,
        "col": col,
        "letter": letter.upper(),
        "blank": letter.islower(),
        "value": value_on_board(letter),
        "penalty": return_penalty(letter),
    }


def _choice_text(choice: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """A resolved choice from the log, flattened for the template."""
    shown = {"seat": choice["seat"], "name": names.get(choice["seat"], "?"), "type": choice["type"]}
    if choice["type"] == "clear":
        line = "row" if "row" in choice else "col"
        shown.update(line=line, index=choice[line] + 1, tiles=" ".join(t.upper() for t in choice.get("tiles", [])))
        return shown
    tile = choice.get("tile", "?")
    shown.update(
        tile=tile,
        letter=choice.get("letter") or tile,
        row=choice["row"] + 1,
        col=choice["col"] + 1,
        words=choice.get("words", []),
        points=choice.get("points", 0),
        doubled=choice.get("doubled", False),
    )
    ret = choice.get("return")
    if ret:
        shown["returned"] = {"tile": ret["tile"].upper(), "penalty": ret["penalty"]}
    return shown


def page_context(game: Game, p: dict) -> dict[str, Any] | None:
    """Everything the Turnspell board template draws, for the viewer of payload ``p`` (None before
    the game starts)."""
    view = p.get("view")
    if not view:
        return None
    me = view["seat"]
    names = {s["index"]: s["name"] or "—" for s in p["seats"]}
    seats_by_index = {s["index"]: s for s in p["seats"]}
    arm_seat = {arm: seat for seat, arm in enumerate(view["seat_arms"])}
    bottom = view["my_arm"] if view["my_arm"] is not None else view["seat_arms"][0]
    target = view["target"]

    my_choice = view.get("my_choice")
    my_take = my_choice["choice"].get("take") if my_choice else None
    arms = []
    for arm, tiles in enumerate(view["spinner"]):
        step = (arm - bottom) % 4
        seat = arm_seat.get(arm)
        arms.append({
            "arm": arm,
            "side": SIDES[step],
            "mine": me is not None and arm == view["my_arm"],
            "seat": seat,
            "name": names.get(seat) if seat is not None else None,
            "tiles": [_tile(t) for t in tiles],
            "taken": my_take if me is not None and arm == view["my_arm"] else None,
        })

    ghost = None
    if my_choice and my_choice["choice"]["type"] == "place":
        chosen = my_choice["choice"]
        letter = chosen.get("letter") or view["spinner"][view["my_arm"]][chosen["take"]]
        ghost = (chosen["row"], chosen["col"], letter)

    players = []
    for seat in range(view["players"]):
        rows = []
        for r, row in enumerate(view["boards"][seat]):
            cells = [_cell(t, r, c) for c, t in enumerate(row)]
            if seat == me and ghost and ghost[0] == r:
                cells[ghost[1]] = {**cells[ghost[1]], "ghost": ghost[2]}
            rows.append({"index": r, "cells": cells, "filled": any(c["letter"] for c in cells)})
        score = view["scores"][seat]
        info = seats_by_index.get(seat, {})
        players.append({
            "seat": seat,
            "name": names.get(seat, "—"),
            "bot": info.get("bot", False),
            "me": seat == me,
            "score": score,
            "percent": max(0, min(100, round(100 * score / target))),
            "chosen": view["chosen"][seat],
            "resigned": info.get("resigned", False),
            "deadline": info.get("deadline"),
            "rank": info.get("rank"),
            "rows": rows,
            "col_filled": [any(rows[r]["cells"][c]["letter"] for r in range(4)) for c in range(4)],
        })
    mine = players[me] if me is not None else None

    last = None
    if view["log"]:
        entry = view["log"][-1]
        last = {"turn": entry["turn"], "choices": [_choice_text(c, names) for c in entry["choices"]]}

    choice_text = None
    if my_choice:
        choice_text = _choice_text({"seat": me, **my_choice["choice"],
                                    "tile": view["spinner"][view["my_arm"]][my_choice["choice"]["take"]]
                                    if my_choice["choice"]["type"] == "place" else None}, names)
        if my_choice["choice"].get("return"):
            ret = my_choice["choice"]["return"]
            tile = view["boards"][me][ret["row"]][ret["col"]]
            choice_text["returned"] = {"tile": tile.upper(), "penalty": return_penalty(tile),
                                       "row": ret["row"] + 1, "col": ret["col"] + 1}

    # A resignation ends the game outside the rules: the result is then the framework's.
    outcome = view.get("outcome") or p.get("result")
    winners = []
    if outcome:
        winners = [names.get(i, "—") for i, rank in enumerate(outcome["ranks"]) if rank == 1]

    can_choose = (mine is not None and p.get("status") == "active" and not view["over"]
                  and not view["chosen"][me])
    waiting_names = [names.get(s, "—") for s in view["to_act"]]
    hint = ""
    if mine is not None and p.get("status") == "active" and not view["over"]:
        hint = (_("Take one of the four tiles at your arm and put it on an empty square of your board; "
                  "or clear a full row or column.") if can_choose
                else _("Wait for %(names)s to choose.") % {"names": ", ".join(waiting_names)})
    return {
        "hint": hint,
        "turn": view["turn"],
        "turned_after": view["turn"] - 1,
        "target": target,
        "bag_count": view["bag_count"],
        "arms": arms,
        "players": players,
        "me": mine,
        "others": [pl for pl in players if not pl["me"]],
        "can_choose": can_choose,
        "my_choice": choice_text,
        "waiting_for": view["waiting_for"],
        "waiting_names": waiting_names,
        "last": last,
        "over": view["over"],
        "end_reason": view.get("end_reason"),
        "winners": winners,
        "status": p.get("status"),
    }


def move_lines(entries: list[dict[str, Any]], names: dict[int, str]) -> list[str]:
    """A resolved turn in words, every player's choice (a replay's step); a choice still hidden says nothing."""
    lines = []
    for entry in entries:
        if entry.get("type") != "turn":
            continue
        for choice in entry.get("choices", []):
            c = _choice_text(choice, names)
            if c["type"] == "clear":
                did = (_("cleared row %(n)s") if c["line"] == "row" else _("cleared column %(n)s")) % {"n": c["index"]}
                if c["tiles"]:
                    did += f" ({c['tiles']})"
            else:
                did = _("placed %(letter)s at row %(row)s, column %(col)s") % {
                    "letter": str(c["letter"]).upper(), "row": c["row"], "col": c["col"]}
                words = ", ".join(f"{w['word']} {w['score']}" for w in c["words"] if isinstance(w, dict))
                if words:
                    did += f" · {words}"
                if c["doubled"]:
                    did += " ×2"
                if c["points"]:
                    did += f" = +{c['points']}"
                if c.get("returned"):
                    did += " · " + _("returned %(letter)s (−%(penalty)s)") % {
                        "letter": c["returned"]["tile"], "penalty": c["returned"]["penalty"]}
            lines.append(f"{c['name']}: {did}")
    return lines
