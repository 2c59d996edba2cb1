"""Who may do what in a league, fetched and checked in one place (``access_*``), and the league's
current season; used by the services and the selectors alike."""

from __future__ import annotations

from .errors import MSG_NOT_FOUND, MSG_NOT_ORGANISER, NOT_FOUND, NOT_ORGANISER, LeagueError
from .models import League, Season


def is_organiser(league: League, user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser or league.creator_id == user.pk:
        return True
    return any(o.pk == user.pk for o in league.organisers.all())


def access_league_for_organiser(league_id: int, user, *, lock: bool = False) -> League:
    """The league, if ``user`` may organise it: NOT_FOUND (404) or NOT_ORGANISER (403) otherwise."""
    leagues = League.objects.select_for_update() if lock else League.objects
    league = leagues.filter(pk=league_id).first()
    if league is None:
        raise LeagueError(NOT_FOUND, MSG_NOT_FOUND, 404)
    if not is_organiser(league, user):
        raise LeagueError(NOT_ORGANISER, MSG_NOT_ORGANISER, 403)
    return league


def league_or_404(league_id: int, *, lock: bool = False) -> League:
    leagues = League.objects.select_for_update() if lock else League.objects
    league = leagues.filter(pk=league_id).first()
    if league is None:
        raise LeagueError(NOT_FOUND, MSG_NOT_FOUND, 404)
    return league


def current_season(league: League, *, lock: bool = False) -> Season:
    seasons = Season.objects.select_for_update() if lock else Season.objects
    return seasons.filter(league=league).order_by("-number").first()
