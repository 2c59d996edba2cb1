"""The only code that writes moderation data: chat messages and mutes, player reports, moderator actions.

Every refusal raises ``ModerationError`` with a stable code before anything is written.  Each moderator
action checks its permission here (not in the views), writes one ``ModerationAction`` row, and resolves
the report it answers; live updates and notifications follow on commit.  Playing consequences go
through their owners: forfeits through ``games.services``, league removal and ratings through
``leagues.services``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from accounts.services import user_access_revoke
from core.events import publish
from games import services as game_services
from games.models import Game, GameStatus, Seat
from notifications.services import notify
from web.sockets import account_sockets_close

from . import broadcast
from .access import (
    PERM_ANNUL,
    PERM_MODERATE,
    PERM_SUSPEND,
    access_any_moderation,
    access_game_chat_for_player,
    access_moderator,
)
from .errors import (
    ALREADY_ANNULLED,
    ALREADY_HIDDEN,
    BAD_DURATION,
    BAD_EVIDENCE,
    BAD_REASON,
    CANNOT_ACT_ON_SELF,
    CANNOT_MUTE_SELF,
    CANNOT_REPORT_SELF,
    CHAT_MUTED,
    EMPTY_MESSAGE,
    GAME_NOT_STARTED,
    MESSAGE_TOO_LONG,
    MISSING_TARGET,
    MSG_CANNOT_REPORT_SELF,
    MSG_CHAT_MUTED,
    MSG_EMPTY_MESSAGE,
    MSG_MESSAGE_TOO_LONG,
    MSG_RATE_LIMITED,
    MSG_REASON_REQUIRED,
    MSG_REASON_TOO_LONG,
    MSG_REPORT_CLOSED,
    MSG_SUSPENDED,
    NOT_FOUND,
    NOT_SUSPENDED,
    PLAYER_SUSPENDED,
    RATE_LIMITED,
    REASON_REQUIRED,
    REASON_TOO_LONG,
    REPORT_CLOSED,
    TEXT_TOO_LONG,
    UNKNOWN_ACTION,
    UNKNOWN_GAME,
    UNKNOWN_PLAYER,
    ModerationError,
)
from .events import PlayerSuspended
from .models import (
    CHAT_MAX_LENGTH,
    REASON_MAX_LENGTH,
    REPORT_TEXT_MAX_LENGTH,
    ActionKind,
    ChatMessage,
    ChatMute,
    ModerationAction,
    PlayerReport,
    PlayerStanding,
    ReportReason,
    ReportStatus,
)
from .selectors import standing_for

# Chat messages per player per game per minute.
CHAT_RATE_LIMIT = 5
CHAT_RATE_WINDOW = 60


def _when(moment: datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "j M Y, H:i")


# ---------------------------------------------------------------------------
# Chat
# ---------------------------------------------------------------------------
def _rate_limit_hit(game_id: int, user, now: datetime) -> bool:
    """A sliding window over the player's own messages in this game in the last minute, counted in the
    database inside the posting transaction after locking the author's row: posts sent at once are
    counted one after another (PostgreSQL), so exactly ``CHAT_RATE_LIMIT`` of them pass."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True).first()
    # No upper bound: a post that took the lock first may carry a later clock reading than ours.
    recent = ChatMessage.objects.filter(
        game_id=game_id, author=user, created_at__gt=now - timedelta(seconds=CHAT_RATE_WINDOW)
    )
    return recent.count() >= CHAT_RATE_LIMIT


def chat_post(*, game_id: int, user, text, now: datetime | None = None) -> ChatMessage:
    """Store a player's chat message in their game and tell the game's sockets (players only read it)."""
    now = now or timezone.now()
    game = access_game_chat_for_player(game_id, user)
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        raise ModerationError(EMPTY_MESSAGE, MSG_EMPTY_MESSAGE)
    if len(text) > CHAT_MAX_LENGTH:
        raise ModerationError(MESSAGE_TOO_LONG, MSG_MESSAGE_TOO_LONG.format(limit=CHAT_MAX_LENGTH))
    standing = standing_for(user=user)
    if standing is not None and standing.is_suspended(now):
        raise ModerationError(PLAYER_SUSPENDED, MSG_SUSPENDED, 403)
    if standing is not None and standing.is_chat_muted(now):
        raise ModerationError(CHAT_MUTED, MSG_CHAT_MUTED.format(until=_when(standing.chat_muted_until)), 403)
    with transaction.atomic():
        if _rate_limit_hit(game.pk, user, now):
            raise ModerationError(RATE_LIMITED, MSG_RATE_LIMITED, 429)
        message = ChatMessage.objects.create(game=game, author=user, text=text, created_at=now)
        transaction.on_commit(lambda: broadcast.chat_changed(game_id=game.pk))
    return message


def _player_by_name(username) -> object:
    user = get_user_model().objects.filter(username=username).first() if isinstance(username, str) else None
    if user is None:
        raise ModerationError(UNKNOWN_PLAYER, _("No such player."))
    return user


def chat_mute(*, user, username: str) -> ChatMute:
    """Hide another player's chat messages from ``user`` (everywhere, until unmuted)."""
    muted = _player_by_name(username)
    if muted.pk == user.pk:
        raise ModerationError(CANNOT_MUTE_SELF, _("You cannot mute yourself."))
    mute, _created = ChatMute.objects.get_or_create(user=user, muted=muted)
    return mute


def chat_unmute(*, user, username: str) -> None:
    muted = _player_by_name(username)
    ChatMute.objects.filter(user=user, muted=muted).delete()


# ---------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------
def report_file(
    *, reporter, username: str, reason: str, text: str = "", game_id: int | None = None,
    message_ids: list | tuple = (), now: datetime | None = None,
) -> tuple[PlayerReport, bool]:
    """File a report, or merge it into the reporter's open report on the same matter (the same player
    and game, or the same player without a game): the text is appended and the evidence added.
    Returns (report, created)."""
    now = now or timezone.now()
    reported = _player_by_name(username)
    if reported.pk == reporter.pk:
        raise ModerationError(CANNOT_REPORT_SELF, MSG_CANNOT_REPORT_SELF)
    if reason not in ReportReason.values:
        raise ModerationError(BAD_REASON, _("Choose one of the reasons: %(reasons)s.")
                              % {"reasons": ", ".join(ReportReason.values)})
    text = text.strip() if isinstance(text, str) else ""
    if len(text) > REPORT_TEXT_MAX_LENGTH:
        raise ModerationError(TEXT_TOO_LONG, _("Keep the details under %(limit)s characters.")
                              % {"limit": REPORT_TEXT_MAX_LENGTH})
    game = None
    if game_id not in (None, ""):
        game = Game.objects.filter(pk=game_id).prefetch_related("seats").first() if str(game_id).isdigit() else None
        if game is None:
            raise ModerationError(UNKNOWN_GAME, _("No such game."))
    messages = _evidence(game=game, reporter=reporter, reported=reported, message_ids=message_ids)
    with transaction.atomic():
        matter = PlayerReport.objects.select_for_update().filter(
            reporter=reporter, reported=reported, game=game, status=ReportStatus.OPEN
        )
        report = matter.first()
        created = report is None
        if created:
            report = PlayerReport.objects.create(
                reporter=reporter, reported=reported, reason=reason, text=text, game=game,
                created_at=now, updated_at=now,
            )
        else:
            if text:
                report.text = f"{report.text}\n\n{text}" if report.text else text
            report.updated_at = now
            report.save(update_fields=["text", "updated_at"])
        if messages:
            report.messages.add(*messages)
    return report, created


def _evidence(*, game, reporter, reported, message_ids) -> list[ChatMessage]:
    """Chat messages as evidence: the reported player's, in the report's game, which the reporter
    (a player of that game) could read."""
    if not message_ids:
        return []
    if not isinstance(message_ids, list | tuple) or not all(isinstance(i, int) for i in message_ids):
        raise ModerationError(BAD_EVIDENCE, _("Messages are given by their ids."))
    if game is None or not any(s.user_id == reporter.pk for s in game.seats.all()):
        raise ModerationError(BAD_EVIDENCE, _("Only messages of a game you play in can be attached."))
    messages = list(ChatMessage.objects.filter(pk__in=message_ids, game=game, author=reported))
    if len(messages) != len(set(message_ids)):
        raise ModerationError(BAD_EVIDENCE, _("Attach only the reported player's messages in this game."))
    return messages


# ---------------------------------------------------------------------------
# Moderator actions
# ---------------------------------------------------------------------------
def _clean_reason(reason) -> str:
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        raise ModerationError(REASON_REQUIRED, MSG_REASON_REQUIRED)
    if len(reason) > REASON_MAX_LENGTH:
        raise ModerationError(REASON_TOO_LONG, MSG_REASON_TOO_LONG.format(limit=REASON_MAX_LENGTH))
    return reason


def _open_report(report_id: int | None) -> PlayerReport | None:
    if report_id is None:
        return None
    report = PlayerReport.objects.select_for_update().filter(pk=report_id).first()
    if report is None:
        raise ModerationError(NOT_FOUND, _("No such report."), 404)
    if report.status != ReportStatus.OPEN:
        raise ModerationError(REPORT_CLOSED, MSG_REPORT_CLOSED, 409)
    return report


def _log(*, moderator, action, reason, now, report=None, user=None, game=None, message=None, until=None,
         status=ReportStatus.RESOLVED) -> ModerationAction:
    row = ModerationAction.objects.create(
        moderator=moderator, created_at=now, action=action, target_user=user, target_game=game,
        target_message=message, report=report, reason=reason, until=until,
    )
    if report is not None:
        report.status = status
        report.resolved_by = moderator
        report.resolved_at = now
        report.resolution = reason
        report.save(update_fields=["status", "resolved_by", "resolved_at", "resolution"])
    return row


def _target_user(moderator, user, report):
    user = user or (report.reported if report is not None else None)
    if user is None:
        raise ModerationError(MISSING_TARGET, _("Name the player."))
    if user.pk == moderator.pk:
        raise ModerationError(CANNOT_ACT_ON_SELF, _("You cannot act on your own account."))
    return user


def _standing(user) -> PlayerStanding:
    standing, _created = PlayerStanding.objects.select_for_update().get_or_create(user=user)
    return standing


def _until(days, now: datetime, *, forever_allowed: bool) -> datetime | None:
    """A duration in whole days (1–3650); None (or "forever") means for good where that is allowed."""
    if days in (None, "", "forever") and forever_allowed:
        return None
    try:
        days = int(days)
    except (TypeError, ValueError):
        days = 0
    if not 1 <= days <= 3650:
        raise ModerationError(BAD_DURATION, _("Give a duration of 1 to 3650 days."))
    return now + timedelta(days=days)


def _tell(user, text: str) -> None:
    """In-app notification (and e-mail per the player's preferences) of an action against them."""
    notify(user=user, kind="league_news", params={"text": text})


def player_warn(*, moderator, user=None, reason, report_id=None, now=None) -> ModerationAction:
    """A warning the player sees as a banner on every page until they acknowledge it."""
    now = now or timezone.now()
    access_moderator(moderator, PERM_MODERATE)
    reason = _clean_reason(reason)
    with transaction.atomic():
        report = _open_report(report_id)
        user = _target_user(moderator, user, report)
        row = _log(moderator=moderator, action=ActionKind.WARN, reason=reason, now=now, report=report, user=user)
        _tell(user, _("A moderator has warned you: %(reason)s") % {"reason": reason})
    return row


def chat_mute_player(*, moderator, user=None, reason, days, report_id=None, now=None) -> ModerationAction:
    """The player cannot send chat messages for ``days`` days."""
    now = now or timezone.now()
    access_moderator(moderator, PERM_MODERATE)
    reason = _clean_reason(reason)
    until = _until(days, now, forever_allowed=False)
    with transaction.atomic():
        report = _open_report(report_id)
        user = _target_user(moderator, user, report)
        standing = _standing(user)
        standing.chat_muted_until = until
        standing.save(update_fields=["chat_muted_until"])
        row = _log(moderator=moderator, action=ActionKind.MUTE_CHAT, reason=reason, now=now, report=report,
                   user=user, until=until)
        _tell(user, _("A moderator has muted your chat until %(until)s: %(reason)s")
              % {"until": _when(until), "reason": reason})
    return row


def player_suspend(*, moderator, user=None, reason, days=None, report_id=None, now=None) -> ModerationAction:
    """Suspend for ``days`` days, or for good without: the player cannot log in or play; their running
    games are forfeited (league games through the league's removal of the player), their open seeks
    withdrawn."""
    now = now or timezone.now()
    access_moderator(moderator, PERM_SUSPEND)
    reason = _clean_reason(reason)
    until = _until(days, now, forever_allowed=True)
    with transaction.atomic():
        report = _open_report(report_id)
        user = _target_user(moderator, user, report)
        standing = _standing(user)
        standing.suspended_until = until
        standing.suspended_for_good = until is None
        standing.save(update_fields=["suspended_until", "suspended_for_good"])
        row = _log(moderator=moderator, action=ActionKind.SUSPEND, reason=reason, now=now, report=report,
                   user=user, until=until)
        _games_forfeit(user=user, moderator=moderator, now=now)
        # Every door closes: tokens and sessions end, open pages stop receiving (the standing's save above
        # already replaced the stamp that each process keeps it under: moderation.apps).
        user_access_revoke(user=user)
        transaction.on_commit(lambda: account_sockets_close(user_id=user.pk))
    return row


def _games_forfeit(*, user, moderator, now) -> None:
    """A suspended player's running games are forfeited, their open seeks withdrawn and their seats in
    others' seeks given back; the leagues take them out of their seasons when told (``PlayerSuspended``)."""
    seats = Seat.objects.filter(user=user, resigned=False, game__status=GameStatus.ACTIVE).values_list(
        "game_id", "index"
    )
    for game_id, index in list(seats):
        game_services.game_forfeit(game_id=game_id, seat_index=index, reason="suspension", now=now)
    for game_id in list(Game.objects.filter(status=GameStatus.OPEN, created_by=user).values_list("pk", flat=True)):
        game_services.seek_withdraw(game_id=game_id, user=user)
    # Seats taken in others' seeks are given back.
    game_services.seek_seats_release(user=user)
    publish(PlayerSuspended(user_id=user.pk, moderator_id=moderator.pk))


def suspension_lift(*, moderator, user, reason, now=None) -> ModerationAction:
    now = now or timezone.now()
    access_moderator(moderator, PERM_SUSPEND)
    reason = _clean_reason(reason)
    with transaction.atomic():
        user = _target_user(moderator, user, None)
        standing = _standing(user)
        if not standing.is_suspended(now):
            raise ModerationError(NOT_SUSPENDED, _("This player is not suspended."))
        standing.suspended_until = None
        standing.suspended_for_good = False
        standing.save(update_fields=["suspended_until", "suspended_for_good"])  # replaces the stamp (apps.py)
        return _log(moderator=moderator, action=ActionKind.LIFT_SUSPENSION, reason=reason, now=now, user=user)


def game_annul(*, moderator, game_id=None, reason, report_id=None, now=None) -> ModerationAction:
    """Annul a game: it ends without a result and leaves the league standings; its rating changes are
    undone by a rebuild of every rating that runs as a task (``GameVoided``), not in this request."""
    now = now or timezone.now()
    access_moderator(moderator, PERM_ANNUL)
    reason = _clean_reason(reason)
    with transaction.atomic():
        report = _open_report(report_id)
        if game_id is None and report is not None:
            game_id = report.game_id
        game = Game.objects.filter(pk=game_id).first() if game_id is not None else None
        if game is None:
            raise ModerationError(UNKNOWN_GAME, _("No such game."))
        if game.status == GameStatus.ANNULLED:
            raise ModerationError(ALREADY_ANNULLED, _("This game is already annulled."), 409)
        if not game_services.game_annul(game_id=game.pk, reason=reason, by=moderator, now=now):
            raise ModerationError(GAME_NOT_STARTED, _("Only a game in progress or finished can be annulled."))
        return _log(moderator=moderator, action=ActionKind.ANNUL_GAME, reason=reason, now=now, report=report,
                    game=game, user=report.reported if report is not None else None)


def message_hide(*, moderator, message_id: int, reason, report_id=None, now=None) -> ModerationAction:
    """Hide a chat message: players see that a moderator removed it, not its text."""
    now = now or timezone.now()
    access_moderator(moderator, PERM_MODERATE)
    reason = _clean_reason(reason)
    with transaction.atomic():
        report = _open_report(report_id)
        message = ChatMessage.objects.select_for_update().filter(pk=message_id).first()
        if message is None:
            raise ModerationError(NOT_FOUND, _("No such message."), 404)
        if message.is_hidden:
            raise ModerationError(ALREADY_HIDDEN, _("This message is already hidden."), 409)
        message.hidden_by = moderator
        message.hidden_at = now
        message.save(update_fields=["hidden_by", "hidden_at"])
        row = _log(moderator=moderator, action=ActionKind.HIDE_MESSAGE, reason=reason, now=now, report=report,
                   user=message.author, game=message.game, message=message)
        game_id = message.game_id
        transaction.on_commit(lambda: broadcast.chat_changed(game_id=game_id), robust=True)
    return row


def report_dismiss(*, moderator, report_id: int, reason, now=None) -> ModerationAction:
    now = now or timezone.now()
    access_moderator(moderator, PERM_MODERATE)
    reason = _clean_reason(reason)
    with transaction.atomic():
        report = _open_report(report_id)
        return _log(moderator=moderator, action=ActionKind.DISMISS_REPORT, reason=reason, now=now, report=report,
                    user=report.reported, status=ReportStatus.DISMISSED)


def warning_acknowledge(*, user, action_id: int, now=None) -> None:
    updated = ModerationAction.objects.filter(
        pk=action_id, target_user=user, action=ActionKind.WARN, acknowledged_at=None
    ).update(acknowledged_at=now or timezone.now())
    if not updated and not ModerationAction.objects.filter(pk=action_id, target_user=user).exists():
        raise ModerationError(NOT_FOUND, _("No such warning."), 404)


def action_take(
    *, moderator, action: str, reason, report_id=None, username=None, game_id=None, message_id=None,
    days=None, now=None,
) -> ModerationAction:
    """One entry point for the API, the staff pages and the admin: dispatch ``action`` to its service
    (which checks its own permission; this first check only keeps non-moderators from probing names)."""
    access_any_moderation(moderator)
    user = _player_by_name(username) if username else None
    if action == ActionKind.WARN:
        return player_warn(moderator=moderator, user=user, reason=reason, report_id=report_id, now=now)
    if action == ActionKind.MUTE_CHAT:
        return chat_mute_player(moderator=moderator, user=user, reason=reason, days=days, report_id=report_id,
                                now=now)
    if action == ActionKind.SUSPEND:
        return player_suspend(moderator=moderator, user=user, reason=reason, days=days, report_id=report_id,
                              now=now)
    if action == ActionKind.LIFT_SUSPENSION:
        if user is None:
            raise ModerationError(MISSING_TARGET, _("Name the player."))
        return suspension_lift(moderator=moderator, user=user, reason=reason, now=now)
    if action == ActionKind.ANNUL_GAME:
        return game_annul(moderator=moderator, game_id=game_id, reason=reason, report_id=report_id, now=now)
    if action == ActionKind.HIDE_MESSAGE:
        if message_id is None:
            raise ModerationError(MISSING_TARGET, _("Choose the message to hide."))
        return message_hide(moderator=moderator, message_id=message_id, reason=reason, report_id=report_id, now=now)
    if action == ActionKind.DISMISS_REPORT:
        if report_id is None:
            raise ModerationError(MISSING_TARGET, _("Choose the report to dismiss."))
        return report_dismiss(moderator=moderator, report_id=report_id, reason=reason, now=now)
    raise ModerationError(UNKNOWN_ACTION, _("Unknown action %(action)r.") % {"action": action})
