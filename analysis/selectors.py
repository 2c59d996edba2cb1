"""Reading analyses for pages and the API, with the permission check in one place."""

from __future__ import annotations

from .errors import MSG_NOT_FOUND, NOT_FOUND, AnalysisError
from .models import Analysis


def analysis_for_game(*, game_id: int) -> Analysis | None:
    return Analysis.objects.filter(game_id=game_id).first()


def access_upload_for_user(*, analysis_id: int, user) -> Analysis:
    """An uploaded record's analysis, for the player who uploaded it only (others: not found)."""
    analysis = Analysis.objects.filter(pk=analysis_id, owner__isnull=False).first()
    if analysis is None or not user.is_authenticated or analysis.owner_id != user.pk:
        raise AnalysisError(NOT_FOUND, MSG_NOT_FOUND, 404)
    return analysis


def uploads_of(*, user, limit: int = 20) -> list[Analysis]:
    return list(Analysis.objects.filter(owner=user).order_by("-created_at")[:limit])
