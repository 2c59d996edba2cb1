"""Spell's term decks on the Django side: importing and exporting CSV, the starter deck, and drawing
the cards a new game plays with.

The drawn cards go into the game's ``options["cards"]`` because the engine takes them at setup and a
replay needs them again; they hold every secret term, so they never leave the server (the presenters
strip them, see ``games.web.presenters.public_options``).  The format itself lives in lexicons/term_csv.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import Count
from django.utils import timezone

from engines.base import rng_for
from engines.spell.engine import ROUNDS

from .errors import BAD_OPTIONS, LexiconError
from .models import TermCard
from .store import lexicon_exists
from .term_csv import CleanCard, engine_card, read_csv, write_csv

DATA_DIR = Path(__file__).resolve().parent / "data"
# Five rounds' worth plus as many spares: the engine draws each round's card from these, so a game's
# cards stay a surprise even to someone who knows which five came up last time.
CARDS_PER_GAME = 2 * ROUNDS
DEFAULT_LANGUAGE = "en"
UPDATED_FIELDS = ("language", "side_a", "side_b", "alternatives", "active")


class TermImportError(Exception):
    """A deck file was refused; ``errors`` lists (row number, message).  Nothing was written."""

    def __init__(self, errors: list[tuple[int, str]]) -> None:
        super().__init__("; ".join(f"row {row}: {message}" for row, message in errors))
        self.errors = errors


@dataclass(frozen=True)
class ImportResult:
    created: int
    updated: int


def starter_deck_path(language: str) -> Path:
    return DATA_DIR / f"terms_{language}.csv"


# ---------------------------------------------------------------------------
# Import and export
# ---------------------------------------------------------------------------
def term_cards_import(*, text: str) -> ImportResult:
    """Create or overwrite the cards of a deck file in one transaction: a file with any bad row
    (wrong format, or an id that is no card) is refused as a whole."""
    deck = read_csv(text)
    errors = list(deck.errors)
    ids = {c.id for c in deck.cards if c.id is not None}
    existing = TermCard.objects.in_bulk(ids) if ids else {}
    for card in deck.cards:
        if card.id is not None and card.id not in existing:
            assert card.row is not None  # read_csv numbers every card it reads
            errors.append((card.row, f"There is no card {card.id}; leave id empty to add a new card."))
    if errors:
        raise TermImportError(sorted(errors))
    new, changed = [], []
    now = timezone.now()
    for card in deck.cards:
        fields = {"language": card.language, "side_a": card.side_a, "side_b": card.side_b,
                  "alternatives": card.alternatives, "active": card.active}
        if card.id is None:
            new.append(TermCard(**fields))
            continue
        row = existing[card.id]
        if any(getattr(row, k) != v for k, v in fields.items()):
            for key, value in fields.items():
                setattr(row, key, value)
            row.updated_at = now  # bulk_update skips auto_now
            changed.append(row)
    # A constant number of statements, however many cards the file changes (not one UPDATE a row).
    with transaction.atomic():
        TermCard.objects.bulk_update(changed, [*UPDATED_FIELDS, "updated_at"], batch_size=500)
        TermCard.objects.bulk_create(new, batch_size=500)
    return ImportResult(created=len(new), updated=len(changed))


def term_cards_export(*, cards) -> str:
    """A deck file of ``cards`` (a queryset or list of TermCards)."""
    return write_csv(cards)


def starter_deck_load(*, language: str = DEFAULT_LANGUAGE) -> int:
    """Load our starter deck into a language that has no cards yet; returns the cards created.

    Idempotent: once a language has cards, curators own them (retire a card rather than delete it),
    so running this again never duplicates a card or undoes an edit."""
    path = starter_deck_path(language)
    if not path.exists() or TermCard.objects.filter(language=language).exists():
        return 0
    deck = read_csv(path.read_text(encoding="utf-8"))
    if deck.errors:
        raise TermImportError(deck.errors)
    with transaction.atomic():
        TermCard.objects.bulk_create(
            TermCard(language=c.language, side_a=c.side_a, side_b=c.side_b, alternatives=c.alternatives,
                     active=c.active)
            for c in deck.cards
        )
    return len(deck.cards)


# ---------------------------------------------------------------------------
# Cards for a game
# ---------------------------------------------------------------------------
def _language(options: dict) -> str:
    language = options.get("language", DEFAULT_LANGUAGE)
    if not isinstance(language, str) or not language:
        raise LexiconError(BAD_OPTIONS, "options['language'] must be a language code such as 'en'.")
    return language


def spell_cards_draw(*, language: str, seed: int, count: int = CARDS_PER_GAME) -> list[dict[str, Any]]:
    """``count`` active cards of ``language`` (all of them if there are fewer), the same for the same
    seed and deck.  Refused with BAD_OPTIONS when the language has fewer cards than a game's rounds."""
    ids = list(TermCard.objects.filter(language=language, active=True).order_by("pk").values_list("pk", flat=True))
    chosen = _chosen_ids(ids, language, seed, count)
    cards = TermCard.objects.filter(pk__in=chosen).order_by("pk")
    return [engine_card(id=c.pk, side_a=c.side_a, side_b=c.side_b, alternatives=c.alternatives) for c in cards]


def _chosen_ids(ids: list[int], language: str, seed: int, count: int) -> list[int]:
    if len(ids) < ROUNDS:
        raise LexiconError(
            BAD_OPTIONS,
            f"Spell needs at least {ROUNDS} active term cards in language {language!r}; there are {len(ids)}.",
        )
    return sorted(rng_for(seed, "spell-cards").sample(ids, min(count, len(ids))))


def spell_deck_languages() -> list[str]:
    """The languages with enough active term cards for a game of Spell (one card a round), for the
    new-game form: a language with fewer is not offered."""
    rows = (TermCard.objects.filter(active=True).values("language").annotate(cards=Count("pk"))
            .filter(cards__gte=ROUNDS).order_by("language"))
    return [row["language"] for row in rows]


def spell_options_prepare(options: dict, seed: int) -> dict:
    """A Spell game's options with its cards drawn from the site's deck (``game_create`` calls this).
    Cards come only from the deck: a creator who brought their own would know every term."""
    if "cards" in options:
        raise LexiconError(BAD_OPTIONS, "Spell's term cards come from the site's decks; leave out options['cards'].")
    language = _language(options)
    return {**options, "language": language, "cards": spell_cards_draw(language=language, seed=seed)}


def spell_options_prepare_many(options: dict, seeds: list[int]) -> list[dict]:
    """``spell_options_prepare`` for many games at once (a league season): the deck is read once, and
    each game draws exactly the cards it would have drawn alone."""
    if "cards" in options:
        raise LexiconError(BAD_OPTIONS, "Spell's term cards come from the site's decks; leave out options['cards'].")
    language = _language(options)
    deck = {c.pk: c for c in TermCard.objects.filter(language=language, active=True).order_by("pk")}
    prepared = []
    for seed in seeds:
        chosen = _chosen_ids(list(deck), language, seed, CARDS_PER_GAME)
        cards = [engine_card(id=pk, side_a=deck[pk].side_a, side_b=deck[pk].side_b,
                             alternatives=deck[pk].alternatives) for pk in chosen]
        prepared.append({**options, "language": language, "cards": cards})
    return prepared


def spell_selfplay_options(options: dict, seed: int = 0) -> dict:
    """Options for ``manage.py selfplay spell``: cards from the database deck, or from our starter
    file when the database has none (a fresh CI database), and the language's lexicon for clue
    words when there is one."""
    if "cards" in options:
        return options
    language = _language(options)
    cards: list[dict[str, Any]] = []
    try:
        cards = spell_cards_draw(language=language, seed=seed, count=100)
    except (LexiconError, DatabaseError):
        path = starter_deck_path(language)
        if not path.exists():
            raise LexiconError(
                BAD_OPTIONS, f"No term cards for language {language!r} in the database or in {path}."
            ) from None
        deck = read_csv(path.read_text(encoding="utf-8"))
        cards = [
            engine_card(id=n, side_a=c.side_a, side_b=c.side_b, alternatives=c.alternatives)
            for n, c in enumerate(deck.cards, start=1)
            if c.active
        ]
    prepared = {**options, "language": language, "cards": cards}
    try:
        if "lexicon" not in prepared and lexicon_exists(language):
            prepared["lexicon"] = language
    except DatabaseError:
        pass
    return prepared


__all__ = [
    "CleanCard",
    "ImportResult",
    "TermImportError",
    "spell_cards_draw",
    "spell_deck_languages",
    "spell_options_prepare",
    "spell_options_prepare_many",
    "spell_selfplay_options",
    "starter_deck_load",
    "term_cards_export",
    "term_cards_import",
]
