"""The Spell page's view-model: what ``templates/games/kinds/spell.html`` draws — the clue boards field
by field, what the viewer may do now, the round's score so far, the team total and record, and the
story of finished rounds.

It reads only ``game_payload`` (the engine's view for the viewer plus public seat facts) and the
table's record, so it can show nothing the viewer may not see: the secret term and the declared clue
words reach the template only where the engine's view already holds them for this viewer.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engines.spell.engine import CROSSED, ROUNDS, TERMS_PER_SIDE
from engines.spell.scoring import FIELDS_PER_BOARD
from games.models import Game
from games.web.kinds.spell.records import table_record


def _fields(board: dict[str, Any], names: dict[int, str]) -> list[dict[str, Any]]:
    """The seven fields left to right: letters (with their writer), free fields, crossed fields."""
    writers = [a["seat"] for a in board["actions"] if a["type"] == "write"]
    fields = []
    for n, value in enumerate(board["fields"]):
        if value is None:
            fields.append({"kind": "free"})
        elif value == CROSSED:
            fields.append({"kind": "crossed"})
        else:
            seat = writers[n] if n < len(writers) else None
            fields.append({"kind": "letter", "letter": value, "by": names.get(seat, "")})
    return fields


def _board(board: dict[str, Any], number: int, current: bool, names: dict[int, str]) -> dict[str, Any]:
    letters = "".join(v for v in board["fields"] if v not in (None, CROSSED))
    return {
        "number": number,
        "current": current,
        "fields": _fields(board, names),
        "letters": letters,
        "free": board["free"],
        "closed": board["closed"],
        "word": board["word"],
        "my_clue": board["my_clue"],
        # Declared words this viewer may see (the engine leaves out the others).
        "clues": [
            {"name": names.get(a["seat"], "?"), "letter": a["letter"], "clue": a["clue"]}
            for a in board["actions"]
            if a["type"] == "write" and a.get("clue")
        ],
        "crossed_by": [names.get(a["seat"], "?") for a in board["actions"] if a["type"] == "cross_out"],
        "guesses": [
            {"word": g["word"], "result": g["result"], "ruled_by": names.get(g["ruled_by"]) if g["ruled_by"] is not None
             else None}
            for g in board["guesses"]
        ],
    }


def _round(rnd: dict[str, Any], names: dict[int, str], live: bool) -> dict[str, Any]:
    boards = [
        _board(b, n, live and n == len(rnd["boards"]) and not b["closed"], names)
        for n, b in enumerate(rnd["boards"], start=1)
    ]
    # Empty boards still to come, so the five boards are always drawn.
    unused = list(range(len(boards) + 1, 6)) if live else []
    return {
        "number": rnd["number"],
        "guesser": rnd["guesser"],
        "guesser_name": names.get(rnd["guesser"], "?"),
        "pick": rnd["pick"],
        "term": rnd["term"],
        "boards": boards,
        "unused": unused,
        "term_guesses": rnd["term_guesses"],
        "at_stake": rnd["at_stake"],
        "found": rnd["found"],
        "score": rnd["score"],
        "writer": rnd["writer"],
        "writer_name": names.get(rnd["writer"], "?") if rnd["writer"] is not None else None,
        "pending": (
            {"word": rnd["pending"]["word"], "ruler": rnd["pending"]["ruler"],
             "ruler_name": names.get(rnd["pending"]["ruler"], "?")}
            if rnd["pending"] else None
        ),
    }


def page_context(game: Game, p: dict) -> dict[str, Any] | None:
    """Everything the Spell board template draws, for the viewer of payload ``p`` (None before the
    game starts)."""
    view = p.get("view")
    if not view:
        return None
    names = {s["index"]: s["name"] or "—" for s in p["seats"]}
    me = view["you"]
    phase = view["phase"]
    acting = me is not None and me in view["to_act"] and p.get("status") == "active"
    rnd = _round(view["round"], names, live=True) if view["round"] else None
    current = next((b for b in rnd["boards"] if b["current"]), None) if rnd else None
    prefix = current["letters"] if current else ""
    my_clue = current["my_clue"] if current else None
    if my_clue and not (len(my_clue) > len(prefix) and my_clue.startswith(prefix.upper())):
        my_clue = None  # spent: the board already spells all of it, or no longer its start
    scores = []
    for number in range(1, ROUNDS + 1):
        done = number <= len(view["round_scores"])
        scores.append({
            "number": number,
            "score": view["round_scores"][number - 1] if done else None,
            "current": bool(rnd) and rnd["number"] == number,
        })
    return {
        "hint": _hint(view, me, acting, phase, [names.get(s, "?") for s in view["to_act"]], p.get("status")),
        "role": view["role"],
        "me": me,
        "me_name": names.get(me) if me is not None else None,
        "phase": phase,
        "turn": view["turn"],
        "over": phase == "over" or p.get("status") == "finished",
        "acting": acting,
        "to_act_names": [names.get(s, "?") for s in view["to_act"]],
        "can_pick": acting and phase == "pick",
        "can_write": acting and phase == "write",
        "can_guess_clue": acting and phase == "guess_clue",
        "can_rule": acting and phase == "rule",
        "can_guess_term": acting and phase == "guess_term",
        "numbers": list(range(1, TERMS_PER_SIDE + 1)),
        "fields_per_board": FIELDS_PER_BOARD,
        "round": rnd,
        "current": current,
        "prefix": prefix,
        "my_clue": my_clue,
        # The ruler's own declared word for the guess they rule on (their own, so theirs to see).
        "ruling_clue": current["my_clue"] if current and phase == "rule" else None,
        "scores": scores,
        "team_score": view["team_score"],
        "history": [_round(r, names, live=False) for r in reversed(view["history"])],
        "rounds": ROUNDS,
        "record": table_record(game),
    }


def _hint(view: dict, me: int | None, acting: bool, phase: str, waiting: list[str], status: str | None) -> str:
    """The first-game hint line: what the viewer does now (shown in their first games of the kind)."""
    if me is None or status != "active" or phase == "over":
        return ""
    if not acting:
        return _("Wait for %(names)s to choose.") % {"names": ", ".join(waiting)}
    return {
        "pick": _("Any number will do: you never see the card. Then guess from the letters the others write."),
        "write": _("Type a clue word that starts with the letters on the board: only its next letter is written."),
        "guess_clue": _("Guess the word the board is spelling, or pass."),
        "rule": _("Say whether the guess means the same as your word."),
        "guess_term": _("Guess the secret term from the clue words so far, or pass."),
    }.get(phase, "")


def move_lines(entries: list[dict[str, Any]], names: dict[int, str]) -> list[str]:
    """One move's log entries in words (a replay's step): the clue-givers' letters, the guesses, the rulings
    and each round's end with its secret term (the game is over: nothing is secret any more)."""
    lines = []
    for entry in entries:
        who = names.get(entry.get("seat"), "")
        kind = entry.get("type")
        if kind == "pick":
            lines.append(_("%(who)s chose term %(n)s") % {"who": who, "n": entry.get("number")})
        elif kind == "write":
            lines.append(_("%(who)s wrote %(letter)s") % {"who": who, "letter": entry.get("letter", "")}
                         + (f" ({entry['clue']})" if entry.get("clue") else ""))
        elif kind == "cross_out":
            lines.append(_("%(who)s crossed out a field") % {"who": who})
        elif kind == "guess_clue":
            lines.append(_("%(who)s guessed the clue: %(word)s") % {"who": who, "word": entry.get("word", "")})
        elif kind == "rule":
            said = _("%(who)s ruled %(word)s right") if entry.get("right") else _("%(who)s ruled %(word)s wrong")
            lines.append(said % {"who": who, "word": entry.get("word", "")})
        elif kind == "guess_term":
            said = (_("%(who)s guessed the term: %(word)s, right") if entry.get("right")
                    else _("%(who)s guessed the term: %(word)s, wrong"))
            lines.append(said % {"who": who, "word": entry.get("word", "")})
        elif kind == "round_end":
            lines.append(_("Round %(n)s over: the term was %(term)s, %(score)s points") % {
                "n": entry.get("round"), "term": entry.get("term", ""), "score": entry.get("score", 0)})
    return lines
