"""Spellcrafter's pictures on its "How to play" page and the home page, as small data for the templates
(``templates/guide/diagrams/spellcrafter_*.html``, ``templates/guide/pictures/spellcrafter.html``).  Every number a
picture shows comes from the engine's own rules: the examples only choose the letters, so a picture can never
teach a score the game would not give.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engines.spellcrafter.deck import CARDS, RARE_LETTERS, SUITS
from engines.spellcrafter.scoring import score_word
from games.web.kinds.spellcrafter.page import SUIT_MARKS

SPELLCRAFTER_WORDS = [
    # (cards in word order, the Wild's letter, the card a Double is attached to)
    {"cards": ["gale-W1", "gale-A1", "gale-K1", "gale-E1"]},
    {"cards": ["tide-S1", "tide-T1", "tide-O1", "tide-R1", "tide-M1"], "jumper": "tide-T1"},
    {"cards": ["flame-P1", "stone-L1", "gale-A1", "tide-N1", "wild-1", "flame-T1"], "wild": "E",
     "double": "flame-P1"},
]


def suit_names() -> dict[str, str]:
    return {"flame": _("Flame"), "tide": _("Tide"), "stone": _("Stone"), "gale": _("Gale"),
            "wild": _("Wild"), "double": _("Double")}


def _sc_card(card_id: str, *, letter: str | None = None, doubled: bool = False, jumper: bool = False) -> dict:
    card = CARDS[card_id]
    kind = card["kind"]
    suit = card["suit"] or kind
    names = suit_names()
    if kind == "wild":
        face = letter or "★"
    elif kind == "double":
        face = "×2"
    else:
        face = card["letter"]
    label = names[suit] if kind != "letter" else f"{card['letter']} {card['value']} · {names[suit]}"
    if kind == "wild" and letter:
        label += f" ({letter})"
    if doubled:
        label += " · " + _("Double")
    if jumper:
        label += " · " + _("jumper")
    return {"id": card_id, "kind": kind, "suit": suit, "suit_name": names[suit], "mark": SUIT_MARKS.get(suit, ""),
            "face": face, "value": card["value"], "doubled": doubled, "jumper": jumper, "label": label}


def spellcrafter() -> dict[str, Any]:
    names = suit_names()
    suits = [{"suit": s, "name": names[s], "mark": SUIT_MARKS[s], "rare": " ".join(RARE_LETTERS[s]),
              "card": _sc_card(f"{s}-{RARE_LETTERS[s][0]}1")} for s in SUITS]
    specials = [_sc_card("wild-1"), _sc_card("double-1")]
    examples = []
    for spec in SPELLCRAFTER_WORDS:
        entries, shown = [], []
        for card_id in spec["cards"]:
            card = CARDS[card_id]
            letter = spec.get("wild") if card["kind"] == "wild" else card["letter"]
            double = "double-1" if spec.get("double") == card_id else None
            entries.append({"card": card_id, "letter": letter, "double": double})
            shown.append(_sc_card(card_id, letter=letter, doubled=bool(double), jumper=spec.get("jumper") == card_id))
        scored = score_word(entries)
        examples.append({"cards": shown, "wild": spec.get("wild"), **scored})
    return {"suits": suits, "specials": specials, "examples": examples}


def examples(language: str) -> dict[str, Any]:
    return spellcrafter()


def picture(language: str) -> dict[str, Any]:
    words = spellcrafter()["examples"]
    return {"word": next((w for w in words if w["flush"] and w["straight"]), words[0])}
