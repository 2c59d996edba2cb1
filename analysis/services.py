"""Asking for an analysis: of a finished game (stored once per game) or of an uploaded GCG record.

Both store a pending ``Analysis`` and publish ``AnalysisRequested`` with it, in one transaction: the
outbox (``core.events``) sends its task on commit, or later when the broker is down, so the request
answers at once and the work is delayed, never lost.  The result is computed outside the request.  A
refused request (unfinished game, bad record) writes nothing.  ``analyses_resend_stalled`` (beat) asks
again for pending analyses whose task was lost (a worker killed while running it).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core.events import publish
from engines.crossword.analysis import GcgError, positions_from_gcg
from engines.crossword.tiles import TILE_SETS
from games import selectors as game_selectors
from games.models import GameStatus
from lexicons.models import Lexicon

from .errors import (
    GAME_NOT_FINISHED,
    GCG_INVALID,
    MSG_GCG_EMPTY,
    MSG_GCG_NO_TURNS,
    MSG_GCG_TOO_LONG,
    MSG_MASTER_QUOTA,
    MSG_NO_GAME,
    MSG_NOT_ANALYSABLE,
    MSG_NOT_FINISHED,
    MSG_RATE_LIMITED,
    MSG_TOO_MANY_WAITING,
    MSG_UNKNOWN_LEXICON,
    NOT_ANALYSABLE,
    NOT_FOUND,
    RATE_LIMITED,
    UNKNOWN_LEXICON,
    AnalysisError,
)
from .events import AnalysisRequested
from .models import Analysis, AnalysisMethod, AnalysisStatus
from .running import analysis_ensure_for_game, kind_analysable, running_since

GCG_MAX_LENGTH = 50_000  # a long four-player game is under 10 000 characters
# Each upload costs about a second of a worker's time: a player may upload this many an hour.
UPLOADS_PER_HOUR = 20


def uploads_counted(*, user, now: datetime) -> int:
    """What ``UPLOADS_PER_HOUR`` counts: the player's uploads analysed in the last hour. The limit is on a
    worker's time, so only what ran counts, in the hour after it ran; an upload held by an outage spends
    nothing until it has run."""
    return Analysis.objects.filter(owner=user, finished_at__gt=now - timedelta(hours=1)).count()


def uploads_waiting(*, user) -> int:
    """The player's uploads not yet analysed: at most ``UPLOADS_PER_HOUR`` may wait at once, so a burst
    while the workers lag (or the broker is down) cannot queue any amount of work."""
    return Analysis.objects.filter(owner=user, status=AnalysisStatus.PENDING).count()


def _finished_game(game_id: int):
    game = game_selectors.game_with_seats(game_id=game_id)
    if game is None:
        raise AnalysisError(NOT_FOUND, MSG_NO_GAME, 404)
    if not kind_analysable(game.kind):
        raise AnalysisError(NOT_ANALYSABLE, MSG_NOT_ANALYSABLE, 400)
    if game.status != GameStatus.FINISHED or game.state is None:
        raise AnalysisError(GAME_NOT_FINISHED, MSG_NOT_FINISHED, 409)
    return game


def analysis_request_for_game(*, game_id: int) -> Analysis:
    """The game's analysis, asked for if it was not yet (pending until the task has run)."""
    game = _finished_game(game_id)
    with transaction.atomic():
        analysis, created = analysis_ensure_for_game(game=game)
        if created:
            publish(AnalysisRequested(analysis_id=analysis.pk))
    return analysis


def master_analyses_left(*, user, now: datetime | None = None) -> int:
    """How many analyses by the Master's simulation ``user`` may still ask for now: at most
    ``MASTER_ANALYSES_PER_DAY`` in any 24 hours (each costs a worker about a minute)."""
    now = now or timezone.now()
    used = Analysis.objects.filter(master_by=user, master_at__gt=now - timedelta(days=1)).count()
    return max(0, settings.MASTER_ANALYSES_PER_DAY - used)


def _spend_master_analysis(user, now: datetime) -> None:
    """Refuse (``RATE_LIMITED``, 429) when ``user`` has no Master analysis left in the last 24 hours.  In
    the caller's transaction, under the player's row lock: two requests at once cannot both take the last."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    if master_analyses_left(user=user, now=now) > 0:
        return
    oldest = (Analysis.objects.filter(master_by=user, master_at__gt=now - timedelta(days=1))
              .order_by("master_at").values_list("master_at", flat=True).first())
    at = (oldest or now) + timedelta(days=1)
    raise AnalysisError(RATE_LIMITED, MSG_MASTER_QUOTA % {"limit": settings.MASTER_ANALYSES_PER_DAY,
                                                          "at": at.strftime("%Y-%m-%d %H:%M")}, 429)


def analysis_request_master_for_game(*, game_id: int, user, now: datetime | None = None) -> Analysis:
    """Ask for the game's analysis by the Master's simulation (one of ``user``'s daily quota).  A game the
    Master has analysed, or is analysing, is returned as it is and costs nothing.  Until the task has
    run, the analysis is pending and keeps the static report it had."""
    now = now or timezone.now()
    game = _finished_game(game_id)
    with transaction.atomic():
        analysis, _ = analysis_ensure_for_game(game=game)
        analysis = Analysis.objects.select_for_update().get(pk=analysis.pk)
        if analysis.method == AnalysisMethod.SIMULATION:
            return analysis
        _spend_master_analysis(user, now)
        analysis.method, analysis.status = AnalysisMethod.SIMULATION, AnalysisStatus.PENDING
        analysis.master_by, analysis.master_at, analysis.queued_at = user, now, now
        analysis.started_at = None  # a static run still at work will not store its report over this
        analysis.save(update_fields=["method", "status", "master_by", "master_at", "queued_at", "started_at"])
        publish(AnalysisRequested(analysis_id=analysis.pk))
    return analysis


def _gcg_error(line: int | None, reason: str) -> AnalysisError:
    message = f"Line {line}: {reason}" if line else reason
    return AnalysisError(GCG_INVALID, message, 400, line=line, reason=reason)


def analysis_create_from_gcg(*, user, gcg: str, lexicon: str, master: bool = False,
                             now: datetime | None = None) -> Analysis:
    """Check the record strictly (``positions_from_gcg``) and store it for analysis in ``lexicon``, by
    the Master's simulation when ``master`` (one of the player's daily quota) or by static equity.

    Refused with ``GCG_INVALID`` (``details``: ``line`` and ``reason``) for a malformed or impossible
    record, ``UNKNOWN_LEXICON`` for a dictionary the site does not have, ``RATE_LIMITED`` (429) past
    ``UPLOADS_PER_HOUR`` or, with ``master``, past the daily quota; nothing is stored then."""
    now = now or timezone.now()
    if uploads_counted(user=user, now=now) >= UPLOADS_PER_HOUR:
        raise AnalysisError(RATE_LIMITED, MSG_RATE_LIMITED % {"limit": UPLOADS_PER_HOUR}, 429)
    if uploads_waiting(user=user) >= UPLOADS_PER_HOUR:
        raise AnalysisError(RATE_LIMITED, MSG_TOO_MANY_WAITING % {"limit": UPLOADS_PER_HOUR}, 429)
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
    with transaction.atomic():
        if master:
            _spend_master_analysis(user, now)
        analysis = Analysis.objects.create(
            owner=user, gcg=gcg, lexicon=lexicon, tile_set=tile_set, status=AnalysisStatus.PENDING, queued_at=now,
            **({"method": AnalysisMethod.SIMULATION, "master_by": user, "master_at": now} if master else {}))
        publish(AnalysisRequested(analysis_id=analysis.pk))
    return analysis


def analyses_resend_stalled(*, now: datetime | None = None) -> int:
    """Ask again for the pending analyses asked for more than ``RESEND_STALLED_AFTER`` seconds ago
    whose task has not run: lost with a worker killed while it ran (a task taken and not acknowledged
    comes back only after the broker's visibility timeout, an hour) or never delivered.  One a worker
    took less than that long ago is being run (``running.analysis_run``) and is skipped; a finished one
    is not pending.  Each re-sent one is stamped, so a long queue gets one more copy per period, not one per
    sweep; a copy that finds the analysis done does nothing.  Returns how many were re-sent."""
    now = now or timezone.now()
    before = running_since(now)
    with transaction.atomic():
        stalled = list(
            Analysis.objects.select_for_update(skip_locked=True)
            .filter(Q(started_at__isnull=True) | Q(started_at__lte=running_since(now)),
                    status=AnalysisStatus.PENDING, queued_at__lte=before)
            .order_by("queued_at").values_list("pk", flat=True)[:500]
        )
        Analysis.objects.filter(pk__in=stalled).update(queued_at=now)
        for analysis_id in stalled:
            publish(AnalysisRequested(analysis_id=analysis_id))
    return len(stalled)
