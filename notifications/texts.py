"""The words of a notification, built from its kind and params when it is shown, so that it reads in
the reader's language and time zone (the caller activates both)."""

from __future__ import annotations

from datetime import datetime

from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def game_label(params: dict) -> str:
    kind = str(params.get("game_kind", _("game")))
    return f"{kind.capitalize()} #{params.get('game', '?')}"


def local_time(iso: str | None) -> str:
    if not iso:
        return ""
    moment = timezone.localtime(datetime.fromisoformat(iso))
    return f"{formats.date_format(moment, 'D j M, H:i')} ({moment.tzname()})"


def notification_text(kind: str, params: dict) -> str:
    game = game_label(params)
    if kind == "your_move":
        return _("Your move in %(game)s — due by %(deadline)s.") % {
            "game": game, "deadline": local_time(params.get("deadline"))}
    if kind == "reminder":
        if params.get("hours"):
            return reminder_text(game, params)
        # Reminders stored before the player chose their stages: 80 % of the time gone, or one hour left.
        if params.get("stage") == "last_call":
            return _("One hour left for your move in %(game)s (due %(deadline)s).") % {
                "game": game, "deadline": local_time(params.get("deadline"))}
        return _("Reminder: your move in %(game)s is due by %(deadline)s.") % {
            "game": game, "deadline": local_time(params.get("deadline"))}
    if kind == "timeout":
        if params.get("forfeited"):
            return _("Your time ran out in %(game)s again: you have forfeited it.") % {"game": game}
        return _("Your time ran out in %(game)s; a move was played for you.") % {"game": game}
    if kind == "game_over":
        if params.get("rank"):
            return _("%(game)s is over: you placed %(rank)s with %(score)s points.") % {
                "game": game, "rank": params["rank"], "score": params.get("score", 0)}
        return _("%(game)s is over.") % {"game": game}
    if kind == "challenge":
        return _challenge_text(game, params)
    if kind == "league_news" and params.get("event") == "season_start":
        return _("Season %(season)s of %(league)s has started: your league games are waiting for you.") % {
            "season": params.get("season", "?"), "league": params.get("league", "")}
    return str(params.get("text", ""))


def notification_path(game_id: int | None, params: dict) -> str | None:
    """The page a notice links to: its game's, else the page it names (``params["url"]``, a path on
    this site, e.g. a league's), else none."""
    if game_id:
        return reverse("game_detail", args=[game_id])
    url = str(params.get("url") or "")
    # A path on this site only: never a link elsewhere, whatever a stored notice says.
    return url if url.startswith("/") and not url.startswith("//") else None


def reminder_text(game: str, params: dict) -> str:
    """A reminder stage: the time left (its hours before the time runs out) and when it runs out; with a
    time bank, the bank is part of that time, and the text says so."""
    hours = int(params["hours"])
    left = ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours}
    if params.get("bank"):
        return _("%(left)s left for your move in %(game)s, your time bank included: time runs out %(at)s.") % {
            "left": left, "game": game, "at": local_time(params.get("timeout_at"))}
    return _("%(left)s left for your move in %(game)s: time runs out %(at)s.") % {
        "left": left, "game": game, "at": local_time(params.get("timeout_at"))}


def _challenge_text(game: str, params: dict) -> str:
    who = params.get("player", "")
    if params.get("answer") == "declined":
        return _("%(player)s declined your challenge to %(game)s.") % {"player": who, "game": game}
    if params.get("answer") == "started":
        return _("%(player)s accepted your challenge: %(game)s has begun.") % {"player": who, "game": game}
    if params.get("answer") == "accepted":
        return _("%(player)s accepted your challenge to %(game)s.") % {"player": who, "game": game}
    return _("%(player)s challenges you to %(game)s. Accept or decline it on the game page.") % {
        "player": who, "game": game}


def email_subject(kind: str, params: dict) -> str:
    """What happened, in a few words: "Anna accepted your challenge", "Your move in Crossword #12"."""
    game = game_label(params)
    if kind == "challenge":
        who = params.get("player", "")
        answer = params.get("answer")
        if answer == "declined":
            return _("%(player)s declined your challenge") % {"player": who}
        if answer in ("accepted", "started"):
            return _("%(player)s accepted your challenge") % {"player": who}
        return _("%(player)s challenges you to %(game)s") % {"player": who, "game": game}
    if kind == "league_news" and params.get("event") == "season_start":
        return _("Season %(season)s of %(league)s has started") % {
            "season": params.get("season", "?"), "league": params.get("league", "")}
    return {
        "your_move": _("Your move in %(game)s"),
        "reminder": _("Reminder: your move in %(game)s"),
        "timeout": _("Time ran out in %(game)s"),
        "game_over": _("%(game)s is over"),
    }.get(kind, _("News from Letterpost")) % {"game": game}


def batch_subject(kind: str, count: int) -> str:
    """The subject of one e-mail telling of ``count`` games at once (``delivery.BATCHED_KINDS``)."""
    if kind == "your_move":
        return ngettext("Your move in %(count)s game", "Your move in %(count)s games", count) % {"count": count}
    if kind == "reminder":
        return ngettext("Reminder: your move in %(count)s game is due soon",
                        "Reminder: your moves in %(count)s games are due soon", count) % {"count": count}
    if kind == "timeout":
        return ngettext("Time ran out in %(count)s game", "Time ran out in %(count)s games", count) % {"count": count}
    return ngettext("%(count)s notice from Letterpost", "%(count)s notices from Letterpost", count) % {"count": count}
