"""Spell's pictures on its "How to play" page and the home page, as small data for the templates
(``templates/guide/diagrams/spell_*.html``, ``templates/guide/pictures/spell.html``).  Every number a
picture shows comes from the engine's own rules: the examples only choose the letters, so a picture can never
teach a score the game would not give.
"""

from __future__ import annotations

from typing import Any

from engines.spell.scoring import BOARDS_PER_ROUND, FIELDS_PER_BOARD, POINTS_PER_UNUSED_BOARD, round_score

# One round told step by step: who writes what (and privately means), each guess, and the score.
SPELL_ROUNDS = {
    "en": {"term": "BEE", "steps": [
        ("write", "Ben", "H", "HONEY", "HAT", False),
        ("write", "Cleo", "I", "HIVE", "HILL", False),
        ("cross", "Dev", None, None, "HIKE", False),
        ("write", "Ben", "V", "HIVE", "HIVE", True),
    ]},
    "nl": {"term": "BIJ", "steps": [
        ("write", "Ben", "H", "HONING", "HUIS", False),
        ("write", "Cleo", "O", "HOMMEL", "HOND", False),
        ("cross", "Dev", None, None, "HOOG", False),
        ("write", "Ben", "M", "HOMMEL", "HOMMEL", True),
    ]},
}
SPELL_QUESTION_MARK = "Ann"


def spell(language: str) -> dict[str, Any]:
    story = SPELL_ROUNDS.get(language, SPELL_ROUNDS["en"])
    letters: list[str] = []
    crossed = 0
    last_writer = None
    steps = []
    for kind, who, letter, clue, guess, right in story["steps"]:
        if kind == "write":
            letters.append(letter)
            last_writer = who
        else:
            crossed += 1
        free = FIELDS_PER_BOARD - len(letters) - crossed
        fields = ([{"kind": "letter", "letter": x} for x in letters] + [{"kind": "free"}] * free
                  + [{"kind": "crossed"}] * crossed)
        steps.append({
            "kind": kind, "who": who, "letter": letter, "clue": clue, "board": "".join(letters),
            "fields": fields, "free": free, "guess": guess, "right": right,
            # A guess equal to the declared word is right at once; any other is ruled by the last writer.
            "ruled_by": None if right and guess == clue else last_writer,
        })
    boards = [{"letters": letters, "crossed": crossed}]
    unused = BOARDS_PER_ROUND - len(boards)
    return {
        "term": story["term"],
        "question_mark": SPELL_QUESTION_MARK,
        "clue_givers": list(dict.fromkeys(step[1] for step in story["steps"])),
        "steps": steps,
        "free": steps[-1]["free"],
        "final_fields": steps[-1]["fields"],
        "unused": unused,
        "unused_boards": range(len(boards) + 1, BOARDS_PER_ROUND + 1),
        "unused_points": unused * POINTS_PER_UNUSED_BOARD,
        "per_unused_board": POINTS_PER_UNUSED_BOARD,
        "score": round_score(boards, True),
        "fields": range(FIELDS_PER_BOARD),
    }


def examples(language: str) -> dict[str, Any]:
    return spell(language)


def picture(language: str) -> dict[str, Any]:
    return {"sp": spell(language)}
