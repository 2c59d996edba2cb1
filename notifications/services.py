"""The only code that writes notifications and notification preferences.

``notify_many`` stores what players are told, honouring each one's preferences (in-app, e-mail each,
daily digest, off, and pushed to their devices or not); e-mails, pushes and the live bell follow on
commit, so a failing mail server or push service never undoes the move or sweep that caused them.  The
e-mails and pushes go through the outbox (``EmailsQueued``, ``PushQueued``, published with the rows): a
broker down at commit delays them until the relay sends the task, and loses none.

Calm notifications: the sweep's "your move" and reminders are dropped for a player who has the site or
that game open (``games.presence``: they can see it); an e-mail that would go out during the player's
quiet hours waits for their daily digest instead, and nothing is pushed to their devices then (the bell
and the digest keep it; a reminder that would be too late after them goes out, by e-mail and push alike);
opening a game marks its notifications read
(``game_notifications_read``, asked by the game page through ``games.hooks.GAME_SEEN``).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from accounts.quiet_hours import in_quiet_hours, quiet_hours_end
from core.errors import AppError
from core.events import publish
from games.models import Game, GameStatus
from games.presence import is_present

from . import broadcast
from .digest import next_digest_at
from .events import EmailsQueued, PushQueued
from .models import DigestSchedule, EmailMode, EmailState, Kind, Notification, NotificationPreference, PushState
from .preferences import preferences_for, push_wanted, wants_digest

NOTIFICATION_NOT_FOUND = "NOTIFICATION_NOT_FOUND"
BAD_PREFERENCE = "BAD_PREFERENCE"


class NotificationError(AppError):
    """A refused notification change; nothing was written."""


def notify_many(items: list[dict], *, now: datetime | None = None) -> list[Notification]:
    """Store notifications ``{"user_id", "kind", "game_id", "params"}`` as their players prefer.
    A kind switched off entirely stores nothing; one only pushed is stored out of the bell."""
    items = [item for item in items if item.get("user_id")]
    if not items:
        return []
    now = now or timezone.now()
    keys = [item["key"] for item in items if item.get("key")]
    if keys:  # a notice delivered again (an event handler run twice) is stored once
        seen = set(Notification.objects.filter(key__in=keys).values_list("key", flat=True))
        items = [item for item in items if item.get("key") not in seen]
    prefs = preferences_for({item["user_id"] for item in items})
    quiet_users = {u.pk: u for u in User.objects.filter(pk__in={i["user_id"] for i in items}, quiet_from__isnull=False)
                   if in_quiet_hours(u, now)}
    quiet = set(quiet_users)
    pushes = push_wanted({item["user_id"] for item in items})
    rows = []
    for item in items:
        in_app, email = prefs[item["user_id"]][item["kind"]]
        state = {EmailMode.EACH: EmailState.EACH, EmailMode.DIGEST: EmailState.DIGEST}.get(email, EmailState.NONE)
        if state == EmailState.EACH and item["user_id"] in quiet and not runs_out_while_quiet(
                item, quiet_users[item["user_id"]], now):
            state = EmailState.DIGEST  # quiet hours: the daily digest tells them instead
        # Quiet hours: no device lights up, but for a reminder that would be too late after them.
        push = PushState.QUEUED if pushes.get(item["user_id"], {}).get(item["kind"]) and (
            item["user_id"] not in quiet or runs_out_while_quiet(item, quiet_users[item["user_id"]], now)
        ) else PushState.NONE
        if not in_app and state == EmailState.NONE and push == PushState.NONE:
            continue
        rows.append(Notification(user_id=item["user_id"], kind=item["kind"], game_id=item.get("game_id"),
                                 params=item.get("params", {}), created_at=now, in_app=in_app, email=state,
                                 push=push, key=item.get("key")))
    with transaction.atomic():
        rows = Notification.objects.bulk_create(rows)
        digest_users = {n.user_id for n in rows if n.email == EmailState.DIGEST}
        if digest_users:
            _ensure_digest_schedules(digest_users, now=now)
        each = [n.pk for n in rows if n.email == EmailState.EACH]
        if each:
            publish(EmailsQueued(notification_ids=each))
        pushed = [n.pk for n in rows if n.push == PushState.QUEUED]
        if pushed:
            publish(PushQueued(notification_ids=pushed))
        live = sorted({n.user_id for n in rows if n.in_app})
        transaction.on_commit(lambda: broadcast.unread_changed(user_ids=live), robust=True)
    return rows


def runs_out_while_quiet(item: dict, user, now: datetime) -> bool:
    """A reminder whose time runs out (``params["timeout_at"]``) before the quiet hours the player is in
    now are over: it is sent at once, quiet hours or not, since waiting would be too late.  Every other
    notice waits during quiet hours."""
    timeout_at = item.get("params", {}).get("timeout_at") if item["kind"] == Kind.REMINDER else None
    end = quiet_hours_end(user, now) if timeout_at else None
    return end is not None and datetime.fromisoformat(timeout_at) <= end


# Notices about a turn the player can see for themselves when they have the site or the game open.
TURN_KINDS = (Kind.YOUR_MOVE, Kind.REMINDER)


def seats_due_notify(notices: list[dict], *, now: datetime | None = None) -> list[Notification]:
    """The deadline sweep's notices, less the turn notices of players who are here: no bell entry and
    no e-mail about a move while the player has the site or that game open."""
    notices = [n for n in notices if n.get("kind") not in TURN_KINDS
               or not is_present(user_id=n["user_id"], game_id=n.get("game_id"))]
    return notify_many(notices, now=now)


def game_notifications_read(*, game_id: int, user, now: datetime | None = None) -> int:
    """The player opened the game: its notifications are read."""
    if not getattr(user, "is_authenticated", False):
        return 0
    count = Notification.objects.filter(user=user, game_id=game_id, read_at__isnull=True).update(
        read_at=now or timezone.now())
    if count:
        _queue_unread_changed(user.pk)
    return count


def game_over_notify(*, game_id: int) -> list[Notification]:
    """Tell every player of a finished game their result, once per game and player (the notices'
    keys make a second run store nothing)."""
    game = Game.objects.filter(pk=game_id, status=GameStatus.FINISHED).prefetch_related("seats").first()
    if game is None:
        return []
    reason = (game.result or {}).get("reason", "")
    return notify_many([
        {"user_id": s.user_id, "kind": Kind.GAME_OVER, "game_id": game.pk, "key": f"game_over:{game.pk}:{s.user_id}",
         "params": {"game": game.pk, "game_kind": game.kind, "rank": s.rank, "score": s.score, "reason": reason}}
        for s in game.seats.all() if s.user_id
    ])


def notify(*, user, kind: str, game=None, params: dict | None = None, now: datetime | None = None) -> list:
    """One notification, e.g. league news: ``notify(user=u, kind="league_news", params={"text": ...})``."""
    return notify_many([{"user_id": user.pk, "kind": kind, "game_id": getattr(game, "pk", None),
                         "params": params or {}}], now=now)


def notification_mark_read(*, user, notification_id: int, now: datetime | None = None) -> None:
    updated = Notification.objects.filter(pk=notification_id, user=user).filter(read_at__isnull=True).update(
        read_at=now or timezone.now()
    )
    if not updated and not Notification.objects.filter(pk=notification_id, user=user).exists():
        raise NotificationError(NOTIFICATION_NOT_FOUND, "No such notification.", 404)
    _queue_unread_changed(user.pk)


def notification_mark_all_read(*, user, now: datetime | None = None) -> int:
    count = Notification.objects.filter(user=user, read_at__isnull=True).update(read_at=now or timezone.now())
    _queue_unread_changed(user.pk)
    return count


def _queue_unread_changed(user_id: int) -> None:
    transaction.on_commit(lambda: broadcast.unread_changed(user_ids=[user_id]), robust=True)


def preferences_update(*, user, choices: dict[str, tuple[bool, str]], digest_hour: int,
                       now: datetime | None = None) -> None:
    """Save every kind's (in-app, e-mail mode) and the digest hour; all or nothing."""
    if set(choices) - set(Kind.values) or any(e not in EmailMode.values for _a, e in choices.values()):
        raise NotificationError(BAD_PREFERENCE, "Unknown notification kind or e-mail choice.")
    if not isinstance(digest_hour, int) or not 0 <= digest_hour <= 23:
        raise NotificationError(BAD_PREFERENCE, "The digest hour is a whole hour from 0 to 23.")
    now = now or timezone.now()
    with transaction.atomic():
        for kind, (in_app, email) in choices.items():
            NotificationPreference.objects.update_or_create(
                user=user, kind=kind, defaults={"in_app": bool(in_app), "email": email}
            )
        schedule, _ = DigestSchedule.objects.get_or_create(user=user)
        schedule.hour = digest_hour
        schedule.save(update_fields=["hour"])
        _reschedule_digest(user, now=now)


def email_unsubscribe(*, user_id: int, kind: str) -> None:
    """Stop the e-mails of one kind (``"digest"``: every kind that went to the digest).  In-app stays."""
    prefs = preferences_for([user_id])[user_id]
    with transaction.atomic():
        for each in Kind.values:
            in_app, email = prefs[each]
            if each == kind or (kind == "digest" and email == EmailMode.DIGEST):
                NotificationPreference.objects.update_or_create(
                    user_id=user_id, kind=each, defaults={"in_app": in_app, "email": EmailMode.OFF}
                )


def _ensure_digest_schedules(user_ids: set[int], *, now: datetime) -> None:
    have = set(DigestSchedule.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True))
    # A schedule switched off (no kind went to the digest) is woken by news for it (quiet hours).
    for schedule in DigestSchedule.objects.filter(user_id__in=have, next_at__isnull=True).select_related("user"):
        schedule.next_at = next_digest_at(schedule.user, schedule.hour, after=now)
        schedule.save(update_fields=["next_at"])
    missing = user_ids - have
    if not missing:
        return
    DigestSchedule.objects.bulk_create(
        [DigestSchedule(user=u, next_at=next_digest_at(u, 8, after=now)) for u in User.objects.filter(pk__in=missing)],
        ignore_conflicts=True,
    )


def _reschedule_digest(user, *, now: datetime) -> None:
    schedule = DigestSchedule.objects.get(user=user)
    schedule.next_at = next_digest_at(user, schedule.hour, after=now) if wants_digest(user) else None
    schedule.save(update_fields=["next_at"])


def challenge_issued_notify(*, game_id: int, challenger_id: int, challenged_ids: list[int]) -> list[Notification]:
    """Ask each challenged player to accept or decline (once per challenge and player)."""
    game = Game.objects.filter(pk=game_id).first()
    challenger = User.objects.filter(pk=challenger_id).first()
    if game is None or challenger is None:
        return []
    return notify_many([
        {"user_id": uid, "kind": Kind.CHALLENGE, "game_id": game.pk, "key": f"challenge:{game.pk}:{uid}",
         "params": {"game": game.pk, "game_kind": game.kind, "player": challenger.public_name}}
        for uid in challenged_ids
    ])


def challenge_answered_notify(*, game_id: int, user_id: int, accepted: bool, started: bool) -> list[Notification]:
    """Tell the challenger how a challenged player answered (once per answer)."""
    game = Game.objects.filter(pk=game_id).first()
    player = User.objects.filter(pk=user_id).first()
    if game is None or player is None:
        return []
    answer = "declined" if not accepted else "started" if started else "accepted"
    return notify_many([{
        "user_id": game.created_by_id, "kind": Kind.CHALLENGE, "game_id": game.pk,
        "key": f"challenge-answer:{game.pk}:{user_id}",
        "params": {"game": game.pk, "game_kind": game.kind, "player": player.public_name, "answer": answer},
    }])
