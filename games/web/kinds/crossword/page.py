"""The Crossword page's view-model: what ``templates/games/kinds/crossword.html`` draws — squares with
premiums and the last play, the viewer's rack with values, the players, the unseen tiles and the move
log in words.

It reads only ``game_payload`` (the engine's view for the viewer plus public seat facts), so it can
show nothing the viewer may not see.  Scores come from the engine; nothing is computed here but layout.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from engines.crossword import board as boardmod
from games.models import Game
from games.web.word_links import report_url

PREMIUM_CLASSES = {"T": "tw", "D": "dw", "t": "tl", "d": "dl"}


def premium_texts() -> dict[str, tuple[str, str]]:
    """Premium class -> (the short label printed on the square, its name read out), in the viewer's
    language: "TW", "triple word" in English; "3W", "driedubbele woordwaarde" in Dutch (the terms of
    the Dutch rules, shared with the rules pages' legend)."""
    return {
        "tw": (pgettext("premium square", "TW"), _("triple word")),
        "dw": (pgettext("premium square", "DW"), _("double word")),
        "tl": (pgettext("premium square", "TL"), _("triple letter")),
        "dl": (pgettext("premium square", "DL"), _("double letter")),
        "centre": ("★", _("centre star, double word")),
    }


def _last_play(log: list[dict[str, Any]], board: list[str]) -> set[tuple[int, int]]:
    """Squares of the latest placement still on the board (a withdrawn play is gone)."""
    for entry in reversed(log):
        if entry.get("type") == "place":
            squares = {(t["row"], t["col"]) for t in entry["tiles"]}
            if all(board[r][c] != boardmod.EMPTY for r, c in squares):
                return squares
            return set()
    return set()


def _squares(view: dict[str, Any]) -> list[list[dict[str, Any]]]:
    values = view["values"]
    last = _last_play(view["log"], view["board"])
    texts = premium_texts()
    rows = []
    for r, line in enumerate(view["board"]):
        row = []
        for c, char in enumerate(line):
            code = boardmod.LAYOUT[r][c]
            centre = (r, c) == boardmod.CENTRE
            premium = "centre" if centre else PREMIUM_CLASSES.get(code, "")
            label, spoken = texts.get(premium, ("", ""))
            square = {
                "row": r, "col": c, "name": boardmod.square_name(r, c),
                "premium": premium, "label": label, "spoken": spoken,
                "letter": "", "blank": False, "value": 0, "last": (r, c) in last,
            }
            if char != boardmod.EMPTY:
                square.update(letter=char.upper(), blank=char.islower(),
                              value=0 if char.islower() else values.get(char, 0))
            row.append(square)
        rows.append(row)
    return rows


def _names(p: dict[str, Any]) -> dict[int, str]:
    return {s["index"]: (s["name"] or s["username"] or _("seat %(n)s") % {"n": s["index"] + 1}) for s in p["seats"]}


def _report_links(words: list[str], report: dict[str, Any] | None, kind: str) -> list[dict[str, str]]:
    """"Report this word" links to the lexicon's report page, one per word of a log line."""
    if report is None:
        return []
    return [{"word": w, "url": report_url(**report, word=w, kind=kind)} for w in words]


def _log_line(entry: dict[str, Any], names: dict[int, str], report: dict[str, Any] | None = None
              ) -> dict[str, Any] | None:
    kind = entry.get("type")
    who = names.get(entry.get("seat"), "")
    line = {"who": who, "kind": kind, "text": "", "score": None, "total": entry.get("total"), "words": [],
            "report": []}
    if kind == "place":
        # The main word is in the GCG text; the log adds the cross words it formed.
        line.update(text=entry["gcg"], words=entry["words"][1:], score=entry["score"], bingo=entry.get("bingo"),
                    report=_report_links(entry["words"], report, "wrong"))
    elif kind == "exchange":
        mine = entry.get("exchanged")
        line["text"] = (_("exchanged %(tiles)s") % {"tiles": "".join(mine["tiles"])} if mine
                        else _("exchanged %(n)s tiles") % {"n": entry["count"]})
    elif kind == "pass":
        line["text"] = _("passed")
    elif kind == "accept":
        line["text"] = _("accepted the last play")
    elif kind == "challenge":
        target = names.get(entry["target"], "")
        if entry["result"] == "withdrawn":
            line.update(text=_("challenged %(who)s: %(words)s not valid, play taken back")
                        % {"who": target, "words": ", ".join(entry["words"])}, score=entry["score"],
                        report=_report_links(entry["words"], report, "missing"))
        else:
            line["text"] = _("challenged %(who)s: the play stands") % {"who": target}
            if entry.get("turn_lost"):
                line["text"] += " " + _("(turn lost)")
    elif kind == "end":
        line["who"] = ""
        reason = _("a player went out") if entry["reason"] == "out" else _("six scoreless turns")
        left = ", ".join(f"{names.get(i['seat'], '')}: {i['rack'] or '–'}" for i in entry["left"])
        line["text"] = _("Game over (%(reason)s). Racks left: %(left)s") % {"reason": reason, "left": left}
    else:
        return None  # the starting draw is not a turn
    return line


def _grid_html(rows: list[list[dict[str, Any]]]) -> str:
    """The board as an ARIA grid: a row of column headers, then 15 rows of a row header and 15
    squares.  Each square is a gridcell named with its coordinate and its premium or tile ("8H, centre
    star, double word"; "3C, W"); one square is in the tab order (a roving tabindex, moved by
    crossword.js).  Built in Python because the template loop over 225 squares costs tens of
    milliseconds per render, and the board is rendered per viewer per move."""
    blank_word = escape(_("blank"))
    corner = escape(_("Row and column"))
    parts = [f'<div class="cw-row heads" role="row"><span class="corner" role="columnheader">'
             f'<span class="visually-hidden">{corner}</span></span>']
    parts += [f'<span class="head" role="columnheader">{col}</span>' for col in boardmod.COLUMNS]
    parts.append("</div>")
    centre = boardmod.CENTRE
    for r, row in enumerate(rows):
        parts.append(f'<div class="cw-row" role="row"><span class="head" role="rowheader">{r + 1}</span>')
        for sq in row:
            classes = " ".join(filter(None, ("sq", sq["premium"], "filled" if sq["letter"] else "",
                                             "last" if sq["last"] else "")))
            # A name starts with what the square shows (tokens in the same order), then says it in words.
            if sq["letter"]:
                value = "" if sq["blank"] else sq["value"]
                inner = (f'<span class="tile{" blank" if sq["blank"] else ""}">{sq["letter"]} '
                         f'<sub>{value}</sub></span>')
                extra = f' data-letter="{sq["letter"]}"'
                label = (f'{sq["name"]}, {sq["letter"]}, {blank_word}' if sq["blank"]
                         else f'{sq["name"]}, {sq["letter"]} {value}')
            else:
                inner = f'<span class="prem">{escape(sq["label"])}</span>' if sq["label"] else ""
                extra = ""
                label = (f'{sq["name"]}, {escape(sq["label"])}, {escape(sq["spoken"])}' if sq["spoken"]
                         else sq["name"])
            tabindex = "0" if (sq["row"], sq["col"]) == centre else "-1"
            parts.append(f'<div class="{classes}" role="gridcell" tabindex="{tabindex}" data-row="{sq["row"]}" '
                         f'data-col="{sq["col"]}" data-name="{sq["name"]}"{extra} data-label="{label}" '
                         f'aria-label="{label}">{inner}</div>')
        parts.append("</div>")
    # Every piece is a fixed string, a number, a square name, a letter A-Z or an escaped translation.
    return mark_safe("".join(parts))  # noqa: S308


def _log_html(log: list[dict[str, Any]]) -> str:
    """The move log's ``<li>`` lines (``_log_line`` each), or "No moves yet.".  Built in Python as the
    grid is: drawn tag by tag, a finished game's forty lines were most of the board's render, and the
    board is rendered per viewer per move (the page and every socket's update)."""
    if not log:
        none = escape(_("No moves yet."))
        return mark_safe(f'<li class="empty">{none}</li>\n          ')
    bingo_title = escape(_("all seven tiles: +50"))
    bingo = f' <span title="{bingo_title}">★</span>'
    report_lead, report_title = escape(_("Report:")), escape(_("Report this word (missing, wrong or offensive)"))
    items = []
    for line in log:
        who = f"<b>{escape(line['who'])}</b>" if line["who"] else ""
        if line["kind"] == "place":
            words = f" + {escape(', '.join(line['words']))}" if line["words"] else ""
            text = f"<code>{escape(line['text'])}</code>{words}{bingo if line.get('bingo') else ''}"
        else:
            text = escape(line["text"])
        score = line["score"]
        score = f'<span class="pts">{"+" if score >= 0 else ""}{_number(score)}</span>' if score is not None else ""
        total = f'<span class="total">{_number(line["total"])}</span>' if line["total"] is not None else ""
        report = ""
        if line["report"]:
            links = "".join(f' <a href="{escape(w["url"])}" title="{report_title}">{escape(w["word"])}</a>'
                            for w in line["report"])
            report = f'<small class="report-words">{report_lead}{links}</small>'
        items.append(
            f'\n          <li class="{escape(line["kind"])}{" last" if line.get("last") else ""}">\n'
            f"            {who}\n            {text}\n            {score}\n            {total}\n            {report}\n"
            f"          </li>\n          "
        )
    return mark_safe("".join(items))  # every value above is escaped


def _number(value) -> str:
    return escape(localize(value))


def page_context(game: Game, p: dict[str, Any]) -> dict[str, Any] | None:
    """Everything the crossword fragment draws, from the viewer's payload (None before the game starts)."""
    view = p.get("view")
    if not view:
        return None
    names = _names(p)
    values = view["values"]
    rack = [{"letter": t, "value": values.get(t, 0)} for t in (view["rack"] or [])]
    unseen = Counter(view["unseen"])
    players = [{
        "index": s["index"], "name": names[s["index"]], "bot": s.get("bot", False), "score": view["scores"][s["index"]],
        "to_move": p["status"] == "active" and view["to_move"] == s["index"], "me": s["index"] == view["seat"],
        "rack_count": view["rack_counts"][s["index"]], "rank": s["rank"], "resigned": s["resigned"],
    } for s in p["seats"]]
    lexicon = (p.get("options") or {}).get("lexicon")
    report = {"lexicon": lexicon, "game_id": p["id"]} if lexicon else None
    log = [line for line in (_log_line(e, names, report) for e in view["log"]) if line is not None]
    if log:
        log[-1]["last"] = True
    rows = _squares(view)
    ending = view["phase"] == "ending"
    return {
        "grid": _grid_html(rows),
        "rows": rows,
        "rack": rack,
        "players": players,
        "unseen_count": len(view["unseen"]),
        "unseen": [{"letter": letter, "count": n} for letter, n in sorted(unseen.items())],
        "log": log,
        "log_html": _log_html(log),
        "can_exchange": view["bag_count"] >= view["min_bag_for_exchange"],
        "to_move_name": names.get(view["to_move"], ""),
        "ending": ending,
        "hint": _hint(p, ending, names.get(view["to_move"], "")),
    }


def _hint(p: dict[str, Any], ending: bool, to_move: str) -> str:
    """The first-game hint line: what the viewer does now (shown in their first games of the kind)."""
    if p["seat"] is None or p["status"] != "active":
        return ""
    if p["your_move"] and ending:
        return _("The last play used all its tiles: challenge it if you doubt a word, or accept it to end the game.")
    if p["your_move"]:
        return _("Drag or type letters onto the board, then press Play. Or exchange tiles, or pass.")
    return _("Wait for %(name)s to play; meanwhile you can arrange your tiles.") % {"name": to_move}


def move_lines(entries: list[dict[str, Any]], names: dict[int, str]) -> list[str]:
    """The log entries of one move in words, as the board's move list says them (a replay's step)."""
    lines = []
    for entry in entries:
        line = _log_line(entry, names)
        if line is None:
            continue
        if line["kind"] == "place":
            text = _("%(who)s played %(play)s for %(score)s") % {
                "who": line["who"], "play": line["text"], "score": line["score"]}
            if line["words"]:
                text += " (" + ", ".join(line["words"]) + ")"
            if line.get("bingo"):
                text += " ★"
        else:
            text = f"{line['who']} {line['text']}".strip()
        if line["total"] is not None and line["kind"] != "end":
            text += f" = {line['total']}"
        lines.append(text)
    return lines
