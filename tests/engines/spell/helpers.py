"""Shared builders for the Spell engine tests: a small term deck, games with a chosen secret term,
boards from text pictures and a short way to play a sequence of moves.

A board picture reads left to right, one character per field: a letter, ``_`` a free field and
``#`` a crossed-out field ("REPT___" is four letters and three free fields).
"""

from __future__ import annotations

import copy
from typing import Any

from engines.base import Context
from engines.spell import ENGINE

CTX = Context()

TERMS = """
SHARK TURTLE CASTLE PENCIL WINDOW GARDEN BUCKET CANDLE HAMMER LADDER
ORANGE TIGER WHISTLE MIRROR POCKET BASKET VIOLIN TOMATO SADDLE ANCHOR
KETTLE PILLOW TRUMPET BRIDGE JACKET PEPPER RABBIT HELMET CARPET TUNNEL
SPOON FEATHER ISLAND CAMERA BALLOON MONKEY PARROT BOTTLE HARBOR LANTERN
CHIMNEY FOREST WALLET PUZZLE ROCKET SPIDER BLANKET DONKEY MEADOW CACTUS
GLACIER TEAPOT HAMMOCK VOLCANO BARREL COMPASS DOLPHIN PEACOCK SLIPPER TORNADO
TROLLEY PUMPKIN LOBSTER CHAPEL SCARECROW FOUNTAIN LIZARD MITTEN NAPKIN OYSTER
GIRAFFE POTATO STATUE WAGON BUTTON CRAYON GOBLET MAGNET PADDLE RIBBON
""".split()


def make_cards(count: int = 8) -> list[dict[str, Any]]:
    """``count`` cards of ten distinct terms each (five per side)."""
    cards = []
    for n in range(count):
        chunk = TERMS[10 * n : 10 * n + 10]
        cards.append({"id": 100 + n, "sides": [chunk[:5], chunk[5:]]})
    return cards


def new_game(seats: int = 3, seed: int = 1, cards: list[dict[str, Any]] | None = None, **options: Any):
    return ENGINE.setup(seats, {"cards": cards if cards is not None else make_cards(), **options}, seed)


def game_with_term(
    term: str, seats: int = 3, seed: int = 1, alternatives: list[str] | None = None, **options: Any
):
    """A game whose first round's secret term is ``term`` once the question mark picks 1 (already picked)."""
    cards = make_cards()
    probe = new_game(seats, seed, cards, **options)
    card, side = probe["round"]["card"], probe["round"]["side"]
    # The draw depends on the seed and the number of cards only, so placing the term there is enough.
    cards = copy.deepcopy(cards)
    for other in cards:  # keep the term once in the deck
        for terms in other["sides"]:
            terms[:] = ["QUILT" if t == term else t for t in terms]
    cards[card]["sides"][side][0] = term
    if alternatives:
        cards[card]["alternatives"] = {term: alternatives}
    state = new_game(seats, seed, cards, **options)
    guesser = state["round"]["guesser"]
    state = ENGINE.apply(state, guesser, {"type": "pick", "number": 1}, CTX)
    assert state["round"]["term"] == term
    return state


def actor(state: dict[str, Any]) -> int:
    """The one seat that must act now."""
    (seat,) = ENGINE.to_act(state)
    return seat


def play(state: dict[str, Any], *moves: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    for seat, move in moves:
        state = ENGINE.apply(state, seat, move, CTX)
    return state


def write(letter: str, clue: str) -> dict[str, Any]:
    return {"type": "write", "letter": letter, "clue": clue}


CROSS = {"type": "cross_out"}


def guess(word: str) -> dict[str, Any]:
    return {"type": "guess_clue", "word": word}


def term(word: str) -> dict[str, Any]:
    return {"type": "guess_term", "word": word}


def rule(right: bool) -> dict[str, Any]:
    return {"type": "rule", "right": right}


def board_from_picture(picture: str) -> dict[str, Any]:
    letters = [ch for ch in picture if ch not in "_#"]
    return {
        "letters": letters,
        "crossed": picture.count("#"),
        "actions": [],
        "guesses": [],
        "closed": "right",
        "word": None,
    }


def picture(board_view: dict[str, Any]) -> str:
    """A board as a seat sees it, drawn as a picture."""
    return "".join("_" if f is None else f for f in board_view["fields"])


def spell_word(state: dict[str, Any], word: str, clue: str | None = None) -> dict[str, Any]:
    """The writers, in turn, write ``word`` letter by letter (each declaring ``clue``, default the word)
    while the question mark passes after every letter but the last one."""
    for n, letter in enumerate(word):
        state = ENGINE.apply(state, actor(state), write(letter, clue or word), CTX)
        if n < len(word) - 1:
            state = ENGINE.apply(state, state["round"]["guesser"], guess(""), CTX)
    return state
