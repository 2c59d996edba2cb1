"""The example pictures of the rules pages, as small data for the templates to draw.

Every number a picture shows comes from the engines: Crossword plays are checked and scored by the
Crossword scorer, Turnspell words by the Turnspell board rules, Spellcrafter words by its scorer and a
Spell round by its round scoring.  The examples only choose the letters; so a picture can never teach a
score the game would not give.  Word lists are not consulted (the examples are ordinary words).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engines.base import SetLexicon
from engines.crossword import board as cw_board
from engines.crossword.moves import Tile, check_placement
from engines.crossword.scoring import BINGO_BONUS, score_play
from engines.crossword.tiles import DUTCH, ENGLISH
from engines.spell.scoring import BOARDS_PER_ROUND, FIELDS_PER_BOARD, POINTS_PER_UNUSED_BOARD, round_score
from engines.spellcrafter.deck import CARDS, RARE_LETTERS, SUITS
from engines.spellcrafter.scoring import score_word
from engines.turnspell import board as ts_board
from engines.turnspell.tiles import VALUES as TS_VALUES
from engines.turnspell.tiles import return_penalty, value_on_board
from games.kinds.spellcrafter import SUIT_MARKS

LANGUAGES = ("en", "nl")


def language_of(code: str | None) -> str:
    """The rules language for an active language code ("nl", "nl-be", "en-us"...); English otherwise."""
    base = (code or "en").split("-")[0].lower()
    return base if base in LANGUAGES else "en"


# ---------------------------------------------------------------------------------------------- Crossword
# Two turns on the real board: a first word across the centre star, then a word down that hooks a letter
# in front of it.  Shown on a 7×6 window of the board; each language plays words of its own tile set.
CROSSWORD_WINDOW = {"rows": range(6, 12), "cols": range(2, 9)}
CROSSWORD_PLAYS = {
    "en": {"tile_set": ENGLISH, "first": "EACH", "second": "TOWER"},
    "nl": {"tile_set": DUTCH, "first": "TEEN", "second": "STOEL"},
}
PREMIUM_CLASS = {"T": "tw", "D": "dw", "t": "tl", "d": "dl"}


def _crossword_word(word, new: set[tuple[int, int]], tile_set) -> dict[str, Any]:
    """One scored word letter by letter: the premiums a new tile earns, and the engine's total."""
    dr, dc = (0, 1) if word.across else (1, 0)
    letters, word_factor = [], 1
    for i, char in enumerate(word.text):
        r, c = word.row + dr * i, word.col + dc * i
        letter_mult, word_mult = cw_board.premium(r, c) if (r, c) in new else (1, 1)
        word_factor *= word_mult
        letters.append({"letter": char.upper(), "value": tile_set.value(char), "times": letter_mult,
                        "points": tile_set.value(char) * letter_mult, "new": (r, c) in new})
    return {"text": word.plain, "letters": letters, "base": sum(x["points"] for x in letters),
            "times": word_factor, "score": word.score}


def _crossword_grid(board: list[str], tile_set, new: set[tuple[int, int]]) -> list[list[dict[str, Any]]]:
    rows = []
    for r in CROSSWORD_WINDOW["rows"]:
        row = []
        for c in CROSSWORD_WINDOW["cols"]:
            code = cw_board.LAYOUT[r][c]
            centre = (r, c) == cw_board.CENTRE
            char = board[r][c]
            row.append({
                "name": cw_board.square_name(r, c),
                "premium": "centre" if centre else PREMIUM_CLASS.get(code, ""),
                "letter": "" if char == cw_board.EMPTY else char.upper(),
                "value": 0 if char == cw_board.EMPTY else tile_set.value(char),
                "new": (r, c) in new,
            })
        rows.append({"number": r + 1, "squares": row})
    return rows


def crossword(language: str) -> dict[str, Any]:
    plays = CROSSWORD_PLAYS[language_of(language)]
    tile_set = plays["tile_set"]
    first_row, first_col = cw_board.CENTRE[0], cw_board.CENTRE[1] - len(plays["first"]) + 1
    moves = [
        [Tile(first_row, first_col + i, ch, False) for i, ch in enumerate(plays["first"])],
        # Down the column left of the first word, its first letter hooked in front of that word.
        [Tile(first_row + i, first_col - 1, ch, False) for i, ch in enumerate(plays["second"])],
    ]
    board = cw_board.empty_board()
    steps = []
    for tiles in moves:
        across = check_placement(board, tiles)  # refuses an example the rules would refuse
        scored = score_play(board, tiles, across, tile_set)
        board = cw_board.place(board, [(t.row, t.col, t.board_char) for t in tiles])
        new = {(t.row, t.col) for t in tiles}
        steps.append({
            "gcg": cw_board.gcg_position(tiles[0].row, tiles[0].col, across) + " " + "".join(t.letter for t in tiles),
            "rows": _crossword_grid(board, tile_set, new),
            "words": [_crossword_word(w, new, tile_set) for w in scored.words],
            "bingo": scored.bingo,
            "score": scored.score,
        })
    columns = [cw_board.COLUMNS[c] for c in CROSSWORD_WINDOW["cols"]]
    return {
        "columns": columns,
        "first_square": f"{columns[0]}{CROSSWORD_WINDOW['rows'][0] + 1}",
        "last_square": f"{columns[-1]}{CROSSWORD_WINDOW['rows'][-1] + 1}",
        "steps": steps,
        "bingo_bonus": BINGO_BONUS,
        "values": sorted(tile_set.values.items()),
    }


# ---------------------------------------------------------------------------------------------- Turnspell
# The spinning board seen from your arm (at the bottom), and one placement completing a row and a column.
TURNSPELL_SPINNER = ["RSEQ", "NOAI", "LTUD", "EMIO"]  # arms clockwise from yours
TURNSPELL_BOARD = """
BA.K
..U.
..S.
..T.
"""
TURNSPELL_PLACE = {"take": 0, "row": 0, "col": 2}
TURNSPELL_WORDS = ("BARK", "RUST")  # what the placement completes; a game checks them in its lexicon
TURNSPELL_SIDES = ["bottom", "left", "top", "right"]


def _turnspell_rows(board, new: tuple[int, int] | None, scoring: set[tuple[int, int]]) -> list[list[dict]]:
    return [[{"letter": (cell or "").upper(), "value": value_on_board(cell) if cell else 0,
              "new": (r, c) == new, "scoring": (r, c) in scoring}
             for c, cell in enumerate(row)] for r, row in enumerate(board)]


def turnspell() -> dict[str, Any]:
    arms = []
    for step, tiles in enumerate(TURNSPELL_SPINNER):
        arms.append({
            "side": TURNSPELL_SIDES[step], "angle": step * 90, "mine": step == 0,
            "tiles": [{"letter": t, "value": TS_VALUES[t]} for t in tiles],
        })
    before = ts_board.board_from_picture(TURNSPELL_BOARD)
    letter = TURNSPELL_SPINNER[0][TURNSPELL_PLACE["take"]]
    row, col = TURNSPELL_PLACE["row"], TURNSPELL_PLACE["col"]
    after = [list(r) for r in before]
    after[row][col] = letter
    words = ts_board.completed_words(after, row, col, SetLexicon(TURNSPELL_WORDS))
    scoring = {(r, c) for w in words for r, c in w["cells"]}
    return {
        "arms": arms,
        "taken": letter,
        "row": row + 1,
        "col": col + 1,
        "before": _turnspell_rows(before, None, set()),
        "after": _turnspell_rows(after, (row, col), scoring),
        "words": [{"word": w["word"], "score": w["score"],
                   "letters": [{"letter": ch, "value": TS_VALUES[ch]} for ch in w["word"]]} for w in words],
        "subtotal": sum(w["score"] for w in words),
        "doubled": len(words) == 2,
        "points": ts_board.placement_score(words),
        "penalties": [{"letter": t, "value": value_on_board(t), "penalty": return_penalty(t)} for t in "EKQ"],
    }


# ---------------------------------------------------------------------------------------------- Spellcrafter
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


# ---------------------------------------------------------------------------------------------- Spell
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
    story = SPELL_ROUNDS[language_of(language)]
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


def for_kind(kind: str, language: str) -> dict[str, Any]:
    """The pictures of one game's rules page, in the rules language ``language``; KeyError for a kind
    without a rules page."""
    return {kind: EXAMPLES[kind](language)}


def _crossword_picture(language: str) -> dict[str, Any]:
    cw = crossword(language)
    return {"cw": cw, "step": cw["steps"][-1]}


def _spellcrafter_picture(language: str) -> dict[str, Any]:
    examples = spellcrafter()["examples"]
    return {"word": next((w for w in examples if w["flush"] and w["straight"]), examples[0])}


# Per game: its rules page's examples, and the small picture of its board in play for the home page
# (``templates/guide/pictures/<kind>.html`` draws it from this context).
EXAMPLES = {
    "crossword": crossword,
    "turnspell": lambda language: turnspell(),
    "spellcrafter": lambda language: spellcrafter(),
    "spell": spell,
}
PICTURES = {
    "crossword": _crossword_picture,
    "turnspell": lambda language: {"ts": turnspell()},
    "spellcrafter": _spellcrafter_picture,
    "spell": lambda language: {"sp": spell(language)},
}


def picture_for(kind: str, language: str) -> dict[str, Any] | None:
    """What ``templates/guide/pictures/<kind>.html`` draws, in ``language``; None for a kind with no picture."""
    make = PICTURES.get(kind)
    return make(language) if make else None
