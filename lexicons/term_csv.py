"""The text formats of Spell term cards: a side, the accepted alternatives, and the CSV deck file.

Pure text handling shared by the admin form, the CSV import/export and the starter deck; it knows
nothing about the database (lexicons/term_decks.py writes what this module has checked).

A deck file is UTF-8 CSV with a header row::

    id,language,side_a,side_b,alternatives,active
    ,en,"apple, chair, river, kite, owl","bread, tent, drum, frog, sock","bicycle: bike",1
    17,en,"...","...",,0

- ``id``: empty for a new card; the id of an existing card to overwrite it (an export carries ids,
  so an exported file can be edited and imported again).
- ``language``: a language code such as ``en`` or ``nl``.
- ``side_a``, ``side_b``: five terms each, separated by commas.  A term is one or more words of
  letters (a hyphen or an apostrophe inside is fine); no two terms of a card may be the same.
- ``alternatives`` (may be empty): other words accepted when the question mark names a term,
  ``term: alt, alt; term: alt``; each term named must be on the card.  Case, accents and a plural
  -s are ignored anyway, so "Bikes" needs no alternative for "bike".
- ``active`` (may be empty, meaning 1): 1/0, true/false or yes/no; inactive cards are never drawn.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.spell.engine import TERMS_PER_SIDE
from engines.spell.terms import is_term, normalise

HEADER = ["id", "language", "side_a", "side_b", "alternatives", "active"]
MAX_TERM_LENGTH = 40
MAX_ROWS = 20000
LANGUAGE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{1,4})?$")
TRUE_TEXTS = {"", "1", "true", "yes", "y"}
FALSE_TEXTS = {"0", "false", "no", "n"}


class CardFormatError(ValueError):
    """A card's text is not in the documented format; the message says what is wrong."""


@dataclass(frozen=True)
class CleanCard:
    """A checked card in the stored text format (see the module docstring)."""

    language: str
    side_a: str
    side_b: str
    alternatives: str
    active: bool = True
    id: int | None = None
    row: int | None = None  # the row of the deck file it came from


@dataclass
class ParsedDeck:
    cards: list[CleanCard] = field(default_factory=list)
    # (row number in the file, counting the header as row 1, message)
    errors: list[tuple[int, str]] = field(default_factory=list)


def _clean_term(raw: str) -> str:
    term = " ".join(unicodedata.normalize("NFC", raw).split())
    if not term:
        raise CardFormatError("A term is empty (two commas in a row, or a comma at the end?).")
    if len(term) > MAX_TERM_LENGTH:
        raise CardFormatError(f"The term {term!r} is longer than {MAX_TERM_LENGTH} characters.")
    # Letters, with single spaces, hyphens or apostrophes between them ("ice cream", "jack-o'-lantern").
    if not all(ch.isalpha() or ch in " -'" for ch in term) or not term[0].isalpha() or not term[-1].isalpha():
        raise CardFormatError(f"The term {term!r} may hold only letters (and spaces, hyphens or apostrophes inside).")
    return term


def parse_side(text: str) -> list[str]:
    """The five terms of a side written as "a, b, c, d, e"."""
    terms = [_clean_term(part) for part in (text or "").split(",")] if (text or "").strip() else []
    if len(terms) != TERMS_PER_SIDE:
        raise CardFormatError(f"A side needs {TERMS_PER_SIDE} terms separated by commas, not {len(terms)}.")
    return terms


def format_side(terms: Iterable[str]) -> str:
    return ", ".join(terms)


def parse_alternatives(text: str, card_terms: Iterable[str]) -> dict[str, list[str]]:
    """``"term: alt, alt; term: alt"`` as a mapping from the card's own spelling of each term."""
    by_key = {normalise(t): t for t in card_terms}
    result: dict[str, list[str]] = {}
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        if ":" not in part:
            raise CardFormatError(f"Write alternatives as 'term: alt, alt', not {part.strip()!r}.")
        term, alts = part.split(":", 1)
        key = normalise(term)
        if key not in by_key:
            raise CardFormatError(f"Alternatives are given for {term.strip()!r}, which is not on the card.")
        if by_key[key] in result:
            raise CardFormatError(f"Alternatives for {term.strip()!r} are given twice.")
        words = [_clean_term(a) for a in alts.split(",")]
        result[by_key[key]] = words
    return result


def format_alternatives(alternatives: Mapping[str, Iterable[str]]) -> str:
    return "; ".join(f"{term}: {', '.join(alts)}" for term, alts in alternatives.items())


def clean_card(
    *,
    language: str,
    side_a: str,
    side_b: str,
    alternatives: str = "",
    active: bool = True,
    id: int | None = None,
    row: int | None = None,
) -> CleanCard:
    """A card checked and written in the canonical stored format; raises CardFormatError."""
    language = (language or "").strip().lower()
    if not LANGUAGE.match(language):
        raise CardFormatError(f"{language!r} is not a language code such as 'en' or 'nl'.")
    try:
        a = parse_side(side_a)
    except CardFormatError as exc:
        raise CardFormatError(f"Side A: {exc}") from None
    try:
        b = parse_side(side_b)
    except CardFormatError as exc:
        raise CardFormatError(f"Side B: {exc}") from None
    seen: list[str] = []
    for term in a + b:
        # The same word twice, or a word and its plural: a guess could not tell them apart.
        twin = next((other for other in seen if is_term(term, other)), None)
        if twin is not None:
            raise CardFormatError(f"The card holds {twin!r} and {term!r}: the same term twice.")
        seen.append(term)
    alts = parse_alternatives(alternatives, a + b)
    return CleanCard(
        language=language,
        side_a=format_side(a),
        side_b=format_side(b),
        alternatives=format_alternatives(alts),
        active=active,
        id=id,
        row=row,
    )


def engine_card(*, id: int, side_a: str, side_b: str, alternatives: str) -> dict[str, Any]:
    """A stored card as the Spell engine takes it in ``options["cards"]``."""
    a, b = parse_side(side_a), parse_side(side_b)
    return {"id": id, "sides": [a, b], "alternatives": parse_alternatives(alternatives, a + b)}


def _parse_active(raw: str) -> bool:
    text = (raw or "").strip().lower()
    if text in TRUE_TEXTS:
        return True
    if text in FALSE_TEXTS:
        return False
    raise CardFormatError(f"active must be 1 or 0 (or true/false, yes/no), not {raw!r}.")


def read_csv(text: str) -> ParsedDeck:
    """Every card of a deck file, or the rows that are wrong with their row numbers."""
    deck = ParsedDeck()
    text = text.lstrip("\ufeff")  # spreadsheets like to start UTF-8 files with a byte-order mark
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None:
        deck.errors.append((1, "The file is empty."))
        return deck
    names = [h.strip().lower() for h in header]
    missing = [h for h in HEADER if h not in names]
    if missing:
        deck.errors.append((1, f"The header row needs the columns {', '.join(HEADER)}; missing: {', '.join(missing)}."))
        return deck
    column = {name: names.index(name) for name in HEADER}
    seen_ids: dict[int, int] = {}
    for row_number, row in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        if row_number > MAX_ROWS + 1:
            deck.errors.append((row_number, f"A file may hold at most {MAX_ROWS} cards."))
            break
        cells = {name: (row[i] if i < len(row) else "") for name, i in column.items()}
        try:
            raw_id = cells["id"].strip()
            card_id = None
            if raw_id:
                if not raw_id.isdigit():
                    raise CardFormatError(f"id must be empty or a card number, not {raw_id!r}.")
                card_id = int(raw_id)
                if card_id in seen_ids:
                    raise CardFormatError(f"Card {card_id} occurs twice (also in row {seen_ids[card_id]}).")
                seen_ids[card_id] = row_number
            deck.cards.append(
                clean_card(
                    language=cells["language"],
                    side_a=cells["side_a"],
                    side_b=cells["side_b"],
                    alternatives=cells["alternatives"],
                    active=_parse_active(cells["active"]),
                    id=card_id,
                    row=row_number,
                )
            )
        except CardFormatError as exc:
            deck.errors.append((row_number, str(exc)))
    return deck


def write_csv(cards: Iterable[CleanCard | Any]) -> str:
    """A deck file of ``cards`` (CleanCards or TermCard rows: anything with the same attributes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for card in cards:
        card_id = getattr(card, "pk", None) or getattr(card, "id", None)
        writer.writerow(
            ["" if card_id is None else card_id, card.language, card.side_a, card.side_b, card.alternatives,
             "1" if card.active else "0"]
        )
    return out.getvalue()
