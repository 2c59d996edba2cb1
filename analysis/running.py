"""Running an analysis: the work the Celery task does, once per stored analysis.

``analysis_run`` is idempotent and safe to run twice at once.  It takes the pending analysis in one
short transaction (stamping ``started_at``), computes with no transaction open — a Master analysis
takes up to a minute, and on SQLite an open write would hold the whole database — and stores the result
in a second short one, only if the analysis is still pending under that same stamp.  A second copy of
the task finds the stamp fresh and returns at once; a request that asks again (the Master's simulation)
clears it, so the older result is dropped.  A worker killed mid-run leaves the analysis pending with a
stamp that goes stale after ``RESEND_STALLED_AFTER``, when the sweep (``services.analyses_resend_stalled``)
sends it again and the next run takes it over.  It reads the racks as they were, which is only allowed
because a game's analysis exists only once the game is finished.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from engines import registry
from engines.base import IllegalMove
from engines.crossword import analysis as core
from engines.crossword.moves import parse_gcg_play
from games import selectors as game_selectors
from games.context import context_for
from games.models import Game, GameStatus
from lexicons import store as lexicon_store

from .models import Analysis, AnalysisMethod, AnalysisStatus


def kind_analysable(kind: str) -> bool:
    """Whether games of ``kind`` can be analysed (the engine declares it; an unknown kind cannot)."""
    try:
        return registry.get(kind).analysable
    except KeyError:
        return False


def game_analysable(game: Game) -> bool:
    return kind_analysable(game.kind) and game.status == GameStatus.FINISHED and game.state is not None


def analysis_ensure_for_game(*, game: Game) -> tuple[Analysis, bool]:
    """The game's one analysis row (created pending when missing); the game must be analysable."""
    options = game.options or {}
    return Analysis.objects.get_or_create(
        game=game, defaults={"lexicon": options.get("lexicon") or options.get("tile_set", "en"),
                             "tile_set": options.get("tile_set", "en")})


def _tiles(move: str, board: list[str]) -> list[dict[str, Any]]:
    """The tiles a play in GCG notation puts on ``board``, for drawing it (none for an exchange or pass)."""
    if move.startswith("-"):
        return []
    try:
        tiles = parse_gcg_play(move, board)
    except IllegalMove:
        return []
    return [{"row": t.row, "col": t.col, "letter": t.letter, "blank": t.blank} for t in tiles]


def _with_boards(report: dict[str, Any], positions: list[core.Position], names: dict[int, str]) -> dict[str, Any]:
    """Each turn gets the board before it and the tiles of its plays, so pages can draw them."""
    for turn, position in zip(report["turns"], positions, strict=True):
        board = list(position.board)
        turn["player"] = names.get(turn["seat"], turn["player"])
        turn["board"] = board
        if turn["status"] != "analysed":
            continue
        turn["played"]["tiles"] = _tiles(turn["played"]["move"], board)
        for play in turn["best"]:
            play["tiles"] = _tiles(play["move"], board)
    for row in report["summary"]:
        row["player"] = names.get(row["seat"], row["player"])
    return report


def _compute(analysis: Analysis) -> dict[str, Any]:
    # The Master's simulation draws from an rng seeded by the analysis: a re-run gives the same report.
    simulate = random.Random(analysis.pk) if analysis.method == AnalysisMethod.SIMULATION else None
    if analysis.game_id:
        game = game_selectors.game_with_seats(game_id=analysis.game_id)
        ctx = context_for(game)
        positions = core.positions_from_game(game.seats_count, game.options, game.seed,
                                             game_selectors.engine_moves_for_game(game=game), ctx)
        names = {s.index: s.user.username if s.user_id else f"seat{s.index + 1}" for s in game.seats.all()}
        return _with_boards(core.analyse(positions, ctx.lexicon, simulate=simulate), positions, names)
    positions = core.positions_from_gcg(analysis.gcg, tile_set=analysis.tile_set)
    lexicon = lexicon_store.lexicon_for_code(analysis.lexicon)
    return _with_boards(core.analyse(positions, lexicon, simulate=simulate), positions, {})


def running_since(now: datetime) -> datetime:
    """Stamps newer than this belong to a run still at work; older ones to a worker that was lost."""
    return now - timedelta(seconds=settings.RESEND_STALLED_AFTER)


def _take(analysis_id: int) -> tuple[Analysis | None, bool]:
    """The analysis, and whether this run took it to compute (it is pending and nobody is at work on it)."""
    now = timezone.now()
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update(skip_locked=True).filter(pk=analysis_id).first()
        if analysis is None or analysis.status != AnalysisStatus.PENDING:
            return analysis, False
        if analysis.started_at is not None and analysis.started_at > running_since(now):
            return None, False
        analysis.started_at = now
        analysis.save(update_fields=["started_at"])
        return analysis, True


def analysis_run(*, analysis_id: int) -> Analysis | None:
    """Compute and store the analysis once; a finished one is returned as it is, and None when there is
    no such analysis or another worker is running it now."""
    analysis, taken = _take(analysis_id)
    if not taken:
        return analysis
    assert analysis is not None
    mine = Analysis.objects.filter(pk=analysis.pk, status=AnalysisStatus.PENDING, started_at=analysis.started_at)
    try:
        analysis.result, analysis.status, analysis.error = _compute(analysis), AnalysisStatus.DONE, ""
    except core.GcgError as exc:  # checked on upload; only a changed rule could get here
        analysis.status, analysis.error = AnalysisStatus.FAILED, str(exc)
    except BaseException:
        mine.update(started_at=None)  # free for the task's retry at once
        raise
    analysis.finished_at = timezone.now()
    stored = mine.update(result=analysis.result, status=analysis.status, error=analysis.error,
                         finished_at=analysis.finished_at)
    return analysis if stored else Analysis.objects.filter(pk=analysis.pk).first()


def analysis_run_for_finished_game(*, game_id: int) -> Analysis | None:
    """A finished Crossword game's analysis, created and run if it was not yet (nothing for other games)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game_analysable(game):
        return None
    analysis, _ = analysis_ensure_for_game(game=game)
    return analysis_run(analysis_id=analysis.pk)
