"""The replay of a finished game: its position after each move of the stored log, one step at a time.

``/games/<id>/replay/?step=N`` draws the position after the first N moves of the log (0: the deal), rebuilt
from the game's seed as ``games.replay`` rebuilds it, for any registered kind and with no code of its
own per kind:

- the board is the kind's own board template (``presenters.render_board``) given a spectator's payload for
  that position, with the kind's script left out, so it draws exactly as the game page does and nothing
  on it acts;
- what each seat held at that point (a rack, a hand, a secret term) is what ``engine.view(state, seat)``
  shows that the spectator's view does not;
- each step's move is told from the engine's own record (the log entries it added to the mover's view,
  else the move as ``log_view`` shows it to the mover), with the players' display names: in the kind's
  own words where its page module has them (``games.web.kinds.move_lines``), else generically, key by key.

Invariant: only a FINISHED game has a replay; any other game is a 404, so nothing hidden in a game still
open (or voided) is ever revealed here.  Once a game is over its secrets are history, as GCG records and
the post-game analysis show them too.  The page works without JavaScript (the step buttons are a GET form);
``static/js/replay.js`` swaps the steps in place and adds the arrow keys.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.http import Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engines import registry
from engines.base import IllegalMove
from games import selectors
from games.context import context_for
from games.models import NON_ENGINE_SOURCES, Game, GameStatus
from games.web import kinds
from games.web.presenters import game_summary, render_board, result_banner
from web.parsers import is_id

# A kind's board template ends by loading its script (the live board's controls): not in a replay.
SCRIPT_TAG = re.compile(r"<script\b[^>]*>.*?</script>", re.DOTALL | re.IGNORECASE)

# View keys that say who is looking rather than what they hold.
VIEWER_KEYS = frozenset({"seat", "you", "role", "my_arm"})
# View keys a seat sees differently that only repeat, or derive from, what the seat's other keys show
# (the unseen tiles are the rack's complement; a past round's clues are in the record already).
DERIVED_KEYS = frozenset({"unseen", "history", "log", "log_start"})
# Keys of a logged move that say nothing to a reader: who and what (told first), positions in the log, and
# the place of a tile among those offered (the entry that resolves the move names the tile itself).
QUIET_KEYS = frozenset({"seat", "type", "index", "seq", "take"})
# Rows and columns are counted from 0 by the engines and from 1 by people (as the boards number them).
COUNTED_KEYS = frozenset({"row", "col", "board"})
# Nested facts are told to this depth; deeper ones are summarised.
MAX_DEPTH = 3
# How deep the held items are looked for in a view (a secret term sits in the round's board's fields).
DIFF_DEPTH = 6


@dataclass
class Step:
    """One move of the log as the replay tells it: ``number`` counts from 1, ``lines`` the move in words."""

    number: int
    seat: int | None
    who: str
    lines: list[str] = field(default_factory=list)


# -- words for moves and held items ------------------------------------------------------------------


@lru_cache(maxsize=32)
def _known_labels(language: str | None) -> dict[str, str]:
    """The words for the keys engines commonly use, in ``language`` (built once per language)."""
    return {
        "rack": _("rack"), "hand": _("hand"), "picks": _("cards kept"), "my_word": _("word being crafted"),
        "my_choice": _("choice this turn"), "my_card": _("card"), "term": _("secret term"), "my_clue": _("clue"),
        "craft": _("word crafted"), "tiles": _("tiles"), "words": _("words"), "score": _("score"),
        "points": _("points"), "total": _("total"), "turn": _("turn"), "round": _("round"), "row": _("row"),
        "col": _("column"), "letter": _("letter"), "word": _("word"), "clue": _("clue"), "choice": _("choice"),
        "choices": _("choices"), "scores": _("scores"), "wild": _("Wild"), "double": _("Double"),
    }


def _label(key: str) -> str:
    """A view or move key as a reader sees it ("my_clue" -> "my clue"); the words of the known ones translated."""
    return _known_labels(get_language()).get(key, key.replace("_", " "))


def _name(names: dict[int, str], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool):
        return names.get(seat, _("seat %(n)s") % {"n": seat + 1})
    return ""


def value_text(value: Any, names: dict[int, str], depth: int = 0) -> str:
    """Any JSON value of a view or a log entry in a few words: lists of letters or cards as their letters,
    objects as "key value" pairs (a seat as its player's name), nothing for empty values."""
    if value is None or value == [] or value == {}:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (int, float, str)):
        return str(value)
    if isinstance(value, list):
        if value and all(isinstance(v, dict) and "letter" in v for v in value):
            # Tiles or cards: their letters; a card without one (a Wild, a Double) by its kind.
            return " ".join(str(v["letter"] or _label(str(v.get("kind") or "?"))) for v in value)
        if all(not isinstance(v, (dict, list)) for v in value):
            return " ".join(str(v) for v in value if v is not None)
        if depth >= MAX_DEPTH:
            return "…"
        parts = (value_text(v, names, depth + 1) for v in value)
        return "; ".join(p for p in parts if p)
    if isinstance(value, dict):
        return entry_text(value, names, depth)
    return str(value)


def entry_text(entry: dict[str, Any], names: dict[int, str], depth: int = 0) -> str:
    """A log entry or a move in words: who, what type, then each fact ("Bob: place — score 10, total 10")."""
    if depth >= MAX_DEPTH:
        return "…"
    facts = []
    for key, value in entry.items():
        if key in QUIET_KEYS or value is False:
            continue
        if key in COUNTED_KEYS and isinstance(value, int) and not isinstance(value, bool):
            value += 1
        shown = value_text(value, names, depth + 1)
        if shown:
            facts.append(_label(key) if value is True else f"{_label(key)} {shown}")
    head = " ".join(filter(None, (_name(names, entry.get("seat")),
                                  str(entry.get("type", "")).replace("_", " "))))
    if head and facts:
        return f"{head} — {', '.join(facts)}"
    return head or ", ".join(facts)


def _diff(seen: Any, public: Any, key: str, out: list[tuple[str, Any]], depth: int = 0) -> None:
    """The facts of ``seen`` (a seat's view) that ``public`` (the spectator's) lacks, as (key, value)."""
    if seen == public:
        return
    if isinstance(seen, dict) and isinstance(public, dict) and depth < DIFF_DEPTH:
        for k, v in seen.items():
            if k not in VIEWER_KEYS and k not in DERIVED_KEYS:
                _diff(v, public.get(k), k, out, depth + 1)
        return
    if isinstance(seen, list) and isinstance(public, list) and len(seen) == len(public) and depth < DIFF_DEPTH:
        for s, p in zip(seen, public, strict=True):
            _diff(s, p, key, out, depth + 1)
        return
    out.append((key, seen))


def held_items(engine, state: dict, seat: int, public: dict, names: dict[int, str]) -> list[dict[str, str]]:
    """What ``seat`` saw at ``state`` that a spectator did not: its rack, hand, term... in words."""
    found: list[tuple[str, Any]] = []
    _diff(engine.view(state, seat), public, "", found)
    items = []
    for key, value in found:
        text = value_text(value, names)
        if text:
            items.append({"label": _label(key), "text": text})
    return items


def _log(view: dict) -> list | None:
    log = view.get("log") if isinstance(view, dict) else None
    return log if isinstance(log, list) else None


def _move_lines(engine, before: dict, after: dict, raw: dict, names: dict[int, str]) -> list[str]:
    """A move in words: the entries the engine added to the mover's record, or else the move itself as
    ``log_view`` shows it to the mover (the game is over: nothing of it is secret any more)."""
    seat = raw["seat"]
    old, new = _log(engine.view(before, seat)), _log(engine.view(after, seat))
    shown = engine.log_view(after, raw, seat)["move"]
    if old is not None and new is not None and len(new) > len(old):
        added = list(new[len(old):])
        first = added[0]
        if isinstance(first, dict) and isinstance(shown, dict) and first.get("seat") == seat \
                and first.get("type", shown.get("type")) == shown.get("type"):
            added[0] = {**shown, **first}  # the record's words, with what the move itself says (a card kept)
        own = kinds.move_lines(engine.kind, [e for e in added if isinstance(e, dict)], names)
        if own:  # the kind's own words, as its board's move list says them
            return own
        lines = [entry_text(e, names) if isinstance(e, dict) else value_text(e, names) for e in added]
        if any(lines):
            return [line for line in lines if line]
    return [entry_text({"seat": seat, **shown}, names) if isinstance(shown, dict) else value_text(shown, names)]


def _source_line(source: str, who: str) -> str:
    """A move the service logged itself (a resignation, an abort ...), in the game-over banner's words."""
    return {
        "resign": _("%(names)s resigned.") % {"names": who},
        "abort": _("This game was aborted: it has no result."),
        "adjudicate": _("Adjudicated on the score when the league season ended."),
        "annul": _("This game was annulled by a moderator: it has no result."),
    }.get(source, source)


# -- the replay ------------------------------------------------------------------------------------


def replay_to(game: Game, moves: list, upto: int, names: dict[int, str]) -> tuple[dict, dict, list[Step], set[int]]:
    """The states before and after move ``upto`` of ``moves`` (both the deal when ``upto`` is 0), every step
    up to it in words, and the seats that had resigned by then.  Raises IllegalMove when the log does not
    replay (a record that was tampered with)."""
    engine = registry.get(game.kind)
    ctx = context_for(game)
    state = engine.setup(game.seats_count, game.options, game.seed)
    before = state
    steps: list[Step] = []
    resigned: set[int] = set()
    index = 0  # position among engine moves, as ``log_view`` counts them
    for number, move in enumerate(moves[:upto], 1):
        before = state
        who = _name(names, move.seat)
        if move.source in NON_ENGINE_SOURCES:
            if move.source == "resign":
                resigned.add(move.seat)
            steps.append(Step(number, move.seat, who, [_source_line(move.source, who)]))
            continue
        state = engine.apply(state, move.seat, move.payload, ctx)
        raw = {"seq": move.seq, "index": index, "seat": move.seat, "move": move.payload}
        index += 1
        steps.append(Step(number, move.seat, who, _move_lines(engine, before, state, raw, names)))
    return before, state, steps, resigned


def step_payload(game: Game, state: dict, *, final: bool, resigned: set[int]) -> dict:
    """A spectator's payload for the position ``state``: what the kind's board template draws.  The last step
    carries the game's own result; earlier ones are a game in play with no clocks and nobody signed in."""
    engine = registry.get(game.kind)
    payload = game_summary(game, None)
    scores = engine.scores(state)
    to_act = set() if final else set(engine.to_act(state))
    payload.update(view=engine.view(state, None), your_move=False, to_act=sorted(to_act),
                   status=game.status if final else GameStatus.ACTIVE, result=game.result if final else None)
    payload["seats"] = [{
        **s, "score": scores[s["index"]] if s["index"] < len(scores) else s["score"],
        "to_act": s["index"] in to_act, "deadline": None, "timeout_at": None,
        "rank": s["rank"] if final else None, "resigned": s["resigned"] if final else s["index"] in resigned,
    } for s in payload["seats"]]
    return payload


def _step_number(request, total: int) -> int:
    raw = request.GET.get("step", "")
    return min(int(raw), total) if is_id(raw) else 0


def game_replay(request, game_id: int):
    """The replay page at one step (``?step=N``, 0 to the number of moves; the deal by default).  Anyone who
    may watch the game page may watch its replay; only a finished game has one (others: 404)."""
    game = selectors.game_with_seats(game_id=game_id)
    if game is None or game.status != GameStatus.FINISHED or game.state is None:
        raise Http404
    moves = list(selectors.moves_for_game(game=game))
    total = len(moves)
    number = _step_number(request, total)
    summary = game_summary(game, None)
    names = {s["index"]: s["name"] or s["username"] or _("seat %(n)s") % {"n": s["index"] + 1}
             for s in summary["seats"]}
    context: dict[str, Any] = {"game": game, "total": total, "number": number, "broken": False}
    try:
        before, state, steps, resigned = replay_to(game, moves, number, names)
    except (IllegalMove, KeyError, ValueError, TypeError):  # a record that does not replay: said, not a 500
        context["broken"] = True
        return render(request, "games/replay.html", context)
    engine = registry.get(game.kind)
    final = number == total
    payload = step_payload(game, state, final=final, resigned=resigned)
    public = payload["view"]
    # The kind's template escaped what it drew; only its script tag is taken out.
    board = mark_safe(SCRIPT_TAG.sub("", render_board(game, payload, request)))  # noqa: S308
    log = _log(public)
    context.update(
        board_html=board,
        step=steps[-1] if steps else None,
        steps=steps,
        view=public,
        log_before=len(_log(engine.view(before, None)) or []) if number else len(log or []),
        scores=[{"name": names[s["index"]], "score": s["score"], "rank": s["rank"], "to_act": s["to_act"]}
                for s in payload["seats"]],
        held=[{"name": names[s["index"]], "items": held_items(engine, state, s["index"], public, names)}
              for s in payload["seats"]],
        banner=result_banner(game, payload) if final else None,
    )
    return render(request, "games/replay.html", context)
