"""League pages: the list and search, a league's page, joining and leaving, the organiser tools and
the leaderboards.  Each view parses input, calls one service or selector and renders; a refusal
from a service is shown as its translated message (``web.pages``)."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import AppError
from engines import registry
from web.pages import refusal_message, refusal_on_form

from . import fragments, selectors, services
from .access import access_league_for_organiser
from .errors import LeagueError
from .forms import ForfeitForm, LeagueForm, MoveForm, UsernameForm


def index(request):
    query = request.GET.get("q", "").strip()[:80]
    kind = request.GET.get("kind", "")
    leagues = selectors.league_list(query=query, kind=kind)
    return render(
        request, "leagues/index.html",
        {"leagues": leagues, "q": query, "kind": kind, "kinds": registry.kinds()},
    )


@login_required
def league_new(request):
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(creator=request.user, **form.cleaned_data["league"])
        except AppError as exc:  # LeagueError, or a refusal from the game services
            refusal_on_form(form, exc, form.refusal_field(exc.code))
        else:
            messages.success(request, _("Your league is open for registration."))
            return redirect("leagues:detail", league_id=league.pk)
    return render(request, "leagues/new.html", {"form": form})


def league_detail(request, league_id: int):
    number = request.GET.get("season") or ""
    # ASCII digits only ("²".isdigit() is true too), within the season column's range; else the latest.
    number = int(number) if number.isascii() and number.isdigit() and len(number) <= 5 else None
    number = number if number is not None and number <= 32767 else None
    page = selectors.league_page(league_id=league_id, number=number, user=request.user, with_tables=False)
    if page is None:
        raise Http404
    return _league_page(request, page)


def league_invite(request, league_id: int, token: str):
    """The invite link: shows the league with a join button that carries the token."""
    page = selectors.league_page(league_id=league_id, number=None, user=request.user, with_tables=False)
    if page is None or page["league"].invite_token != token:
        raise Http404
    page["invite_token"] = token
    return _league_page(request, page)


def _league_page(request, page: dict):
    # The season's tables (or, while the next one takes registrations, the last one's final table)
    # come drawn from the cache (leagues.fragments).
    league, user = page["league"], request.user
    page["season_html"] = fragments.season_html(season=page["season"], league=league, user=user)
    previous = page["previous_season"]
    page["previous_html"] = fragments.season_html(season=previous, league=league, user=user) if previous else ""
    return render(request, "leagues/league.html", page)


@login_required
@require_POST
def league_join(request, league_id: int):
    try:
        services.league_join(league_id=league_id, user=request.user, token=request.POST.get("token") or None)
    except AppError as exc:  # LeagueError, or a refusal from the game services
        refusal_message(request, exc)
    else:
        messages.success(request, _("You are registered for the next season."))
    return redirect("leagues:detail", league_id=league_id)


@login_required
@require_POST
def league_leave(request, league_id: int):
    try:
        services.league_leave(league_id=league_id, user=request.user)
    except AppError as exc:  # LeagueError, or a refusal from the game services
        refusal_message(request, exc)
    else:
        messages.success(request, _("You have left the season."))
    return redirect("leagues:detail", league_id=league_id)


# ---------------------------------------------------------------------------
# Organiser tools
# ---------------------------------------------------------------------------
@login_required
def league_manage(request, league_id: int):
    try:
        league = access_league_for_organiser(league_id, request.user)
    except AppError as exc:  # LeagueError, or a refusal from the game services
        if exc.status == 404:
            raise Http404 from None
        refusal_message(request, exc)
        return redirect("leagues:detail", league_id=league_id)
    page = selectors.league_page(league_id=league_id, number=None, user=request.user, with_tables=False)
    page.update(
        log=selectors.organiser_log(league=league),
        move_form=MoveForm(), forfeit_form=ForfeitForm(), remove_form=UsernameForm(prefix="remove"),
        organiser_form=UsernameForm(prefix="organiser"),
    )
    return render(request, "leagues/manage.html", page)


def _player(username: str):
    return get_user_model().objects.filter(username=username).first()


@login_required
@require_POST
def league_manage_action(request, league_id: int, action: str):
    """One organiser action from the tools page; the service checks the organiser and logs it."""
    user = request.user
    try:
        if action == "start":
            services.season_start(league_id=league_id, actor=user)
        elif action == "end":
            services.season_end(league_id=league_id, actor=user)
        elif action == "move":
            form = MoveForm(request.POST)
            if not form.is_valid():
                raise LeagueError("BAD_REQUEST", _("Name a player and a division."))
            services.entry_move(league_id=league_id, actor=user, user=_player(form.cleaned_data["username"]),
                                level=form.cleaned_data["level"])
        elif action == "forfeit":
            form = ForfeitForm(request.POST)
            if not form.is_valid():
                raise LeagueError("BAD_REQUEST", _("Name a player and a game."))
            services.fixture_forfeit(league_id=league_id, actor=user, game_id=form.cleaned_data["game"],
                                     loser=_player(form.cleaned_data["username"]))
        elif action == "remove":
            player = _player(request.POST.get("remove-username", ""))
            services.entry_remove(league_id=league_id, actor=user, user=player)
        elif action == "organiser":
            player = _player(request.POST.get("organiser-username", ""))
            services.organiser_add(league_id=league_id, actor=user, user=player)
        else:
            raise Http404
    except AppError as exc:  # LeagueError, or a refusal from the game services
        refusal_message(request, exc)
    else:
        messages.success(request, _("Done."))
    return redirect("leagues:manage", league_id=league_id)
