"""Asking for an analysis: of a finished game (stored once per game) or of an uploaded GCG record.

Both store a pending ``Analysis`` and send ``tasks.run_analysis`` on commit; the result is computed
outside the request.  A refused request (unfinished game, bad record) writes nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games import selectors as game_selectors
from games.engines.crossword.analysis import GcgError, positions_from_gcg
from games.engines.crossword.tiles import TILE_SETS
from games.models import GameStatus
from lexicons.models import Lexicon

from . import tasks
from .errors import (
    GAME_NOT_FINISHED,
    GCG_INVALID,
    MSG_GCG_EMPTY,
    MSG_GCG_NO_TURNS,
    MSG_GCG_TOO_LONG,
    MSG_NO_GAME,
    MSG_NOT_ANALYSABLE,
    MSG_NOT_FINISHED,
    MSG_RATE_LIMITED,
    MSG_UNKNOWN_LEXICON,
    NOT_ANALYSABLE,
    NOT_FOUND,
    RATE_LIMITED,
    UNKNOWN_LEXICON,
    AnalysisError,
)
from .models import Analysis, AnalysisStatus
from .running import ANALYSED_KINDS, analysis_ensure_for_game

GCG_MAX_LENGTH = 50_000  # a long four-player game is under 10 000 characters
# Each upload costs about a second of a worker's time: a player may upload this many an hour.
UPLOADS_PER_HOUR = 20


def _enqueue(analysis: Analysis) -> None:
    analysis_id = analysis.pk
    transaction.on_commit(lambda: tasks.run_analysis.delay(analysis_id))


def analysis_request_for_game(*, game_id: int) -> Analysis:
    """The game's analysis, asked for if it was not yet (pending until the task has run)."""
    game = game_selectors.game_with_seats(game_id=game_id)
    if game is None:
        raise AnalysisError(NOT_FOUND, MSG_NO_GAME, 404)
    if game.kind not in ANALYSED_KINDS:
        raise AnalysisError(NOT_ANALYSABLE, MSG_NOT_ANALYSABLE, 400)
    if game.status != GameStatus.FINISHED or game.state is None:
        raise AnalysisError(GAME_NOT_FINISHED, MSG_NOT_FINISHED, 409)
    analysis, created = analysis_ensure_for_game(game=game)
    if created:
        _enqueue(analysis)
    return analysis


def _gcg_error(line: int | None, reason: str) -> AnalysisError:
    message = f"Line {line}: {reason}" if line else reason
    return AnalysisError(GCG_INVALID, message, 400, line=line, reason=reason)


def analysis_create_from_gcg(*, user, gcg: str, lexicon: str, now: datetime | None = None) -> Analysis:
    """Check the record strictly (``positions_from_gcg``) and store it for analysis in ``lexicon``.

    Refused with ``GCG_INVALID`` (``details``: ``line`` and ``reason``) for a malformed or impossible
    record, ``UNKNOWN_LEXICON`` for a dictionary the site does not have, ``RATE_LIMITED`` (429) past
    ``UPLOADS_PER_HOUR``; nothing is stored then."""
    now = now or timezone.now()
    if Analysis.objects.filter(owner=user, created_at__gt=now - timedelta(hours=1)).count() >= UPLOADS_PER_HOUR:
        raise AnalysisError(RATE_LIMITED, MSG_RATE_LIMITED % {"limit": UPLOADS_PER_HOUR}, 429)
    language = Lexicon.objects.filter(code=lexicon).values_list("language", flat=True).first()
    if language is None:
        raise AnalysisError(UNKNOWN_LEXICON, MSG_UNKNOWN_LEXICON % {"code": lexicon}, 400)
    tile_set = language if language in TILE_SETS else "en"
    if not gcg.strip():
        raise _gcg_error(None, MSG_GCG_EMPTY)
    if len(gcg) > GCG_MAX_LENGTH:
        raise _gcg_error(None, MSG_GCG_TOO_LONG % {"limit": GCG_MAX_LENGTH})
    try:
        positions = positions_from_gcg(gcg, tile_set=tile_set)
    except GcgError as exc:
        raise _gcg_error(exc.line, exc.reason) from None
    if not positions:
        raise _gcg_error(None, MSG_GCG_NO_TURNS)
    analysis = Analysis.objects.create(owner=user, gcg=gcg, lexicon=lexicon, tile_set=tile_set,
                                       status=AnalysisStatus.PENDING)
    _enqueue(analysis)
    return analysis
