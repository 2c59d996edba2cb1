"""The reads behind moderation's pages, sockets and checks: chat threads, reports, standing, the log."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone

from core import user_stamp

from .models import (
    ActionKind,
    ChatMessage,
    ChatMute,
    ModerationAction,
    PlayerReport,
    PlayerStanding,
    ReportStatus,
)

THREAD_LIMIT = 200


def standing_for(*, user) -> PlayerStanding | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return PlayerStanding.objects.filter(user_id=user.pk).first()


# Every request and every write asks whether its player is suspended: each process keeps the answer
# under the player's stamp (``core.user_stamp``), which the services replace when a suspension starts or
# is lifted; while the stamp cannot be read (Redis down) the row is read every time.
_standings = user_stamp.Kept()


def suspension_for(*, user, now: datetime | None = None) -> PlayerStanding | None:
    """The player's standing if they are suspended now, else None.  No query for a player this process
    knows not to be suspended (under their current stamp); one otherwise."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    now = now or timezone.now()
    current = user_stamp.stamp(user.pk)  # before the row: a change after this read replaces the stamp
    facts = _standings.get(user.pk, current)
    if facts is not None:
        for_good, until = facts
        if not (for_good or (until is not None and until > now)):
            return None
    standing = standing_for(user=user)
    if facts is None:
        facts = (standing.suspended_for_good, standing.suspended_until) if standing else (False, None)
        _standings.put(user.pk, current, facts)
    return standing if standing is not None and standing.is_suspended(now) else None


def muted_author_ids(*, user) -> set[int]:
    return set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))


def chat_thread(*, game, viewer) -> list[ChatMessage]:
    """The last messages of a game's chat as ``viewer`` sees them: authors they muted left out."""
    messages = (
        ChatMessage.objects.filter(game=game)
        .exclude(author_id__in=ChatMute.objects.filter(user=viewer).values("muted_id"))
        .select_related("author")
        .order_by("-created_at", "-pk")[:THREAD_LIMIT]
    )
    return list(reversed(messages))


def reports_by(*, user) -> QuerySet[PlayerReport]:
    return PlayerReport.objects.filter(reporter=user).select_related("reported", "game").order_by("-created_at")


def actions_against(*, user) -> QuerySet[ModerationAction]:
    """Actions about ``user``, with what the pages show of each (the actions table names the
    moderator and the player in every row)."""
    return ModerationAction.objects.filter(target_user=user).select_related(
        "moderator", "target_user", "target_game", "target_message"
    )


def warnings_unacknowledged(*, user) -> list[ModerationAction]:
    return list(
        ModerationAction.objects.filter(target_user=user, action=ActionKind.WARN, acknowledged_at=None)
        .order_by("created_at")
    )


def open_reports() -> QuerySet[PlayerReport]:
    return (
        PlayerReport.objects.filter(status=ReportStatus.OPEN)
        .select_related("reporter", "reported", "game")
        .prefetch_related("messages")
        .order_by("created_at")
    )


def report_with_evidence(*, report_id: int) -> PlayerReport | None:
    return (
        PlayerReport.objects.filter(pk=report_id)
        .select_related("reporter", "reported", "game", "resolved_by")
        .prefetch_related("messages__author", "actions__moderator")
        .first()
    )


def game_chat_for_moderator(*, game) -> list[ChatMessage]:
    """Every message of a game, hidden ones included, for the moderator reviewing it."""
    messages = ChatMessage.objects.filter(game=game).select_related("author", "hidden_by")
    return list(messages.order_by("created_at", "pk"))


def moderation_log(*, limit: int = 500) -> QuerySet[ModerationAction]:
    return ModerationAction.objects.select_related(
        "moderator", "target_user", "target_game", "target_message", "report"
    ).order_by("-created_at", "-pk")[:limit]
