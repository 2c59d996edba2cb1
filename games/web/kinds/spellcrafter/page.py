"""The Spellcrafter page's view-model: what ``templates/games/kinds/spellcrafter.html`` draws — cards
with suits and values, players with names and who has chosen, where hands pass, the round results
revealed so far and the round-by-round table.

It reads only ``game_payload`` (the engine's view for the viewer plus public seat facts), so it can show
nothing the viewer may not see.  No rules live here: scores come from the engine's round records and the
live score of a word being crafted comes from the preview endpoint.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engines.spellcrafter.deck import card as deck_card
from engines.spellcrafter.engine import PICKS_PER_ROUND
from games.models import Game

# A shape per suit beside its colour, so suits can be told apart without colour vision.
SUIT_MARKS = {"flame": "▲", "tide": "≈", "stone": "■", "gale": "✦"}


def suit_names() -> dict[str, str]:
    return {"flame": _("Flame"), "tide": _("Tide"), "stone": _("Stone"), "gale": _("Gale")}


def _card(card: dict[str, Any] | None, *, letter: str | None = None, double: str | None = None,
          jumper: bool = False) -> dict[str, Any] | None:
    """One card as the template draws it; ``letter`` is what a Wild stands for in a crafted word."""
    if card is None:
        return None
    names = suit_names()
    kind = card["kind"]
    if kind == "wild":
        face, label = (letter or "★"), _("Wild") + (f" ({letter})" if letter else "")
    elif kind == "double":
        face, label = "×2", _("Double") + " ×2"  # the name holds what the card shows
    else:
        face = card["letter"]
        label = f"{card['letter']} {card['value']} · {names.get(card['suit'], '')}"
    return {
        "id": card["id"],
        "kind": kind,
        "suit": card["suit"] or kind,
        "mark": SUIT_MARKS.get(card["suit"] or "", ""),
        "face": face,
        "value": card["value"],
        "label": label + (" · " + _("jumper") if jumper else ""),
        "letter": letter or card.get("letter"),
        "double": bool(double),
        "jumper": jumper,
    }


def _word_cards(entries: list[dict[str, Any]] | None, jumper_id: str | None, cards_by_id) -> list[dict[str, Any]]:
    shown = []
    for entry in entries or []:
        card = cards_by_id(entry["card"])
        shown.append(_card(card, letter=entry.get("letter"), double=entry.get("double"),
                           jumper=entry["card"] == jumper_id))
    return shown


def page_context(game: Game, p: dict) -> dict[str, Any] | None:
    """Everything the Spellcrafter board template draws, for the viewer of payload ``p`` (None before
    the game starts)."""
    view = p.get("view")
    if not view:
        return None
    me = view["seat"]
    seats = {s["index"]: s for s in p["seats"]}
    names = {i: (s["name"] or _("open seat")) for i, s in seats.items()}
    n = view["seats"]
    over = view["phase"] == "over" or p.get("status") != "active"
    to_act = set(view["to_act"])

    players = []
    for info in view["players"]:
        seat = info["seat"]
        row = seats.get(seat, {})
        players.append({
            "seat": seat,
            "name": names.get(seat, "—"),
            "bot": row.get("bot", False),
            "me": seat == me,
            "score": info["score"],
            "hand_count": info["hand_count"],
            "picks_count": info["picks_count"],
            "chosen": info["has_chosen"],
            "resigned": row.get("resigned", False),
            "rank": row.get("rank"),
            "deadline": row.get("deadline"),
        })

    # Left hands your cards to the next seat round the table, right to the previous one.
    shift = 1 if view["direction"] == "left" else -1
    passing = None
    if me is not None:
        passing = {"to": names.get((me + shift) % n), "from": names.get((me - shift) % n)}

    history = view["history"]
    rounds = []
    for record in history:
        jumper_id = record["jumper"]
        rounds.append({
            "round": record["round"],
            "jumper": _card(deck_card(jumper_id), jumper=True),
            "results": [
                {
                    **{k: r[k] for k in ("seat", "word", "score", "base", "flush", "straight", "multiplier",
                                         "total", "length")},
                    "name": names.get(r["seat"], "—"),
                    "me": r["seat"] == me,
                    "cards": _word_cards(r["cards"], jumper_id, deck_card),
                }
                for r in record["results"]
            ],
        })
    table = [
        {
            "name": pl["name"],
            "me": pl["me"],
            "cells": [{"score": rd["results"][pl["seat"]]["score"], "word": rd["results"][pl["seat"]]["word"]}
                      for rd in rounds],
            "total": pl["score"],
        }
        for pl in players
    ]

    jumper = view["jumper"]
    jumper_id = jumper["id"] if jumper else None
    hand = [_card(c) for c in view.get("hand", [])]
    picks = [_card(c) for c in view.get("picks", [])]
    my_word = view.get("my_word")
    mine_by_id = {c["id"]: c for c in view.get("picks", [])}
    if jumper:
        mine_by_id[jumper_id] = jumper

    result = view.get("result") or {}
    winners = [names.get(s, "—") for s in result.get("winners", [])]
    if not winners and p.get("result"):
        # A resignation ends the game outside the rules: the result is then the framework's.
        winners = [names.get(i, "—") for i, rank in enumerate(p["result"]["ranks"]) if rank == 1]

    can_pick = me is not None and not over and view["phase"] == "draft" and me in to_act
    can_craft = me is not None and not over and view["phase"] == "craft" and me in to_act
    waiting_names = [names.get(s, "—") for s in view["to_act"]]
    hint = ""
    if me is not None and not over:
        if can_pick:
            hint = _("Pick a card from the hand you hold, then press Keep; the rest passes on.")
        elif can_craft:
            hint = _("Lay your picks (and the jumper) into a word, then press Craft this word, or No word.")
        elif view["phase"] == "draft":
            hint = _("Wait for %(names)s to pick.") % {"names": ", ".join(waiting_names)}
        else:
            hint = _("Wait for %(names)s to craft a word.") % {"names": ", ".join(waiting_names)}
    return {
        "hint": hint,
        "phase": view["phase"],
        "round": view["round"],
        "rounds": view["rounds"],
        "step": view["step"],
        "picks_per_round": PICKS_PER_ROUND,
        "direction": view["direction"],
        "passing": passing,
        "jumper": _card(jumper, jumper=True) if jumper else None,
        "players": players,
        "me": me,
        "hand": hand,
        "picks": picks,
        "my_word": _word_cards(my_word, jumper_id, mine_by_id.__getitem__) if my_word is not None else None,
        "my_word_text": "".join(e["letter"] for e in my_word) if my_word else "",
        "can_pick": can_pick,
        "can_craft": can_craft,
        "has_chosen": me is not None and not over and me not in to_act,
        "waiting_for": view["waiting_for"],
        "waiting_names": waiting_names,
        "rounds_played": rounds,
        "last_round": rounds[-1] if rounds else None,
        "table": table,
        "over": over,
        "reason": result.get("reason") or (p.get("result") or {}).get("reason"),
        "winners": winners,
    }


def _letters(cards: list[dict[str, Any]] | None) -> str:
    """A crafted word's letters: each card's own letter, or the one a Wild card was played as."""
    return "".join((c.get("letter") or deck_card(c["card"]).get("letter") or "?") for c in cards or [])


def move_lines(entries: list[dict[str, Any]], names: dict[int, str]) -> list[str]:
    """One move's log entries in words (a replay's step): a card kept, a word crafted, a round's scores."""
    lines = []
    for entry in entries:
        who = names.get(entry.get("seat"), "")
        kind = entry.get("type")
        if kind == "pick":
            letter = (deck_card(entry["card"]).get("letter") or _("a special card")) if entry.get("card") else ""
            lines.append(_("%(who)s kept %(card)s") % {"who": who, "card": letter} if letter
                         else _("%(who)s kept a card") % {"who": who})
        elif kind == "craft":
            word = _letters(entry.get("cards"))
            lines.append(_("%(who)s crafted %(word)s") % {"who": who, "word": word} if word
                         else _("%(who)s crafted no word") % {"who": who})
        elif kind == "round_scored":
            scores = ", ".join(f"{names.get(i, '')} {s}" for i, s in enumerate(entry.get("scores", [])))
            lines.append(_("Round %(n)s scored: %(scores)s") % {"n": entry.get("round"), "scores": scores})
    return lines
