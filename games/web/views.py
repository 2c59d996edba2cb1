"""Game pages: the dashboard, the lobby, creating a game and the game page itself.

Each view parses input, calls one service or selector, and renders; errors from services are shown
beside the form with their code.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.vacations import ALLOWANCE_DAYS
from core.errors import BAD_REQUEST, PLAYER_SUSPENDED, UNKNOWN_PLAYER, AppError
from engines import registry
from games import selectors, services
from games.bots.accounts import bots_list
from games.errors import PLAYER_ON_VACATION
from games.hooks import announce_game_seen, game_labels
from games.web.forms import NewGameForm
from games.web.lobby import LobbyFilter, lobby_seeks
from games.web.presenters import game_payload, render_board, render_log, render_parts
from web.pages import refusal_message, refusal_on_form
from web.parsers import is_id


def home(request):
    """What the site is, for a visitor; a signed-in player lands on their games (awaiting a move first)."""
    if request.user.is_authenticated:
        return redirect("dashboard")
    return render(request, "games/home.html", {
        "days_per_move": settings.DAYS_PER_MOVE_CHOICES,
        "default_days": settings.DEFAULT_DAYS_PER_MOVE,
        "vacation_days": ALLOWANCE_DAYS,
    })


@login_required
def dashboard(request):
    games = selectors.games_for_user(user=request.user, with_state=False)
    labels = game_labels(g.pk for g in games)  # a league game's league (games.hooks.GAME_LABELS)
    for game in games:
        game.label = labels.get(game.pk)
    return render(request, "games/dashboard.html", {"games": games})


@login_required
def game_next(request):
    """"Next game": the game awaiting the player's move with the least time left, other than the one
    they come from (``?from=<id>``); back to their games, with a word, when none awaits."""
    came_from = request.GET.get("from", "")
    game, _count = selectors.next_game_for_user(
        user=request.user, exclude_game_id=int(came_from) if is_id(came_from) else None)
    if game is None:
        messages.info(request, _("No other game awaits your move."))
        return redirect("dashboard")
    return redirect("game_detail", game_id=game.pk)


@login_required
def lobby(request):
    """The open seeks (filtered by kind and the seeker's rating, ``?kind=&min=&max=``), kept live by the
    user socket (``broadcast.seek_changed``), and the bots."""
    # No new-game form here: the lobby links to its page (building one cost a bots query and the
    # per-kind sections on every request, and the template never drew it).
    lobby_filter = LobbyFilter.from_query(request.GET)
    seeks, ratings = lobby_seeks(lobby_filter=lobby_filter)
    return render(request, "games/lobby.html", {
        "seeks": seeks, "ratings": ratings, "filter": lobby_filter, "kinds": registry.kinds(),
        "bots": bots_list(),
    })


# Service refusals that concern the named opponents are shown beside them; others above the form.
OPPONENT_CODES = frozenset({UNKNOWN_PLAYER, PLAYER_ON_VACATION, BAD_REQUEST, PLAYER_SUSPENDED})


@login_required
def game_new(request):
    initial = {"kind": request.GET.get("kind"), "opponent": request.GET.get("opponent", "")}
    if request.GET.get("bot"):  # "Play" beside a bot in the lobby
        initial.update(play_with="bot", bot=request.GET["bot"])
    form = NewGameForm(request.POST or None, initial=initial, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_or_challenge_create(creator=request.user, **form.cleaned_data["game"])
        except AppError as exc:
            # A refusal naming a player (TOO_MANY_GAMES: that player is full) concerns the opponents too.
            concerns_opponent = exc.code in OPPONENT_CODES or "player" in exc.details
            refusal_on_form(form, exc, "opponent" if concerns_opponent else None)
        else:
            if game.status == "open":
                messages.success(request, _("Your seek is in the lobby."))
                return redirect("lobby")
            if any(o.is_bot for o in form.cleaned_data["game"]["opponents"]):
                messages.success(request, _("The bot accepts at once; it answers each of your moves within a minute."))
            else:
                messages.success(request, _("Your challenge is sent: the game starts when every player has accepted."))
            return redirect("game_detail", game_id=game.pk)
    return render(request, "games/new.html", {"form": form})


@login_required
@require_POST
def challenge_answer(request, game_id: int, answer: str):
    """Accept, decline or (the challenger) withdraw a challenge; back to where the buttons were."""
    act = {"accept": services.challenge_accept, "decline": services.challenge_decline,
           "withdraw": services.challenge_withdraw}[answer]
    try:
        act(game_id=game_id, user=request.user)
    except AppError as exc:
        refusal_message(request, exc)
    else:
        messages.success(request, {
            "accept": _("You accepted the challenge."), "decline": _("You declined the challenge."),
            "withdraw": _("You withdrew your challenge."),
        }[answer])
    if answer == "accept":
        return redirect("game_detail", game_id=game_id)
    return redirect("dashboard")


@login_required
@require_POST
def seek_accept(request, game_id: int):
    try:
        game = services.seek_accept(game_id=game_id, user=request.user)
    except AppError as exc:
        refusal_message(request, exc)
        return redirect("lobby")
    return redirect("game_detail", game_id=game.pk)


@login_required
@require_POST
def seek_withdraw(request, game_id: int):
    try:
        services.seek_withdraw(game_id=game_id, user=request.user)
    except AppError as exc:
        refusal_message(request, exc)
    return redirect("lobby")


def game_detail(request, game_id: int):
    game = selectors.game_with_seats(game_id=game_id)
    if game is None:
        raise Http404
    if request.user.is_authenticated:
        # The player is looking at it: no "your move" notice for this turn, and what they were told is read.
        services.seat_mark_seen(game=game, user=request.user)
        announce_game_seen(game_id=game.pk, user=request.user)
    payload = game_payload(game, request.user)
    return render(
        request,
        "games/game.html",
        {
            "game": game,
            "p": payload,
            "board_html": render_board(game, payload, request),
            "log_html": render_log(game, payload),
            "parts": render_parts(game, payload, request.user, request),
            # One query: what the game belongs to (a league fixture), from the apps above.
            "label": game_labels([game.pk]).get(game.pk),
        },
    )


@login_required
@require_POST
def game_rematch(request, game_id: int):
    """"Rematch" under a finished game: the same game challenged again; on to the new game's page."""
    try:
        game = services.game_rematch(game_id=game_id, user=request.user)
    except AppError as exc:
        refusal_message(request, exc)
        return redirect("game_detail", game_id=game_id)
    if any(s.user.is_bot for s in game.seats.select_related("user") if s.user_id):
        messages.success(request, _("The bot accepts at once; it answers each of your moves within a minute."))
    else:
        messages.success(request, _("Your challenge is sent: the game starts when every player has accepted."))
    return redirect("game_detail", game_id=game.pk)


@login_required
@require_POST
def game_resign(request, game_id: int):
    try:
        services.game_resign(game_id=game_id, user=request.user)
    except AppError as exc:
        refusal_message(request, exc)
    return redirect("game_detail", game_id=game_id)
