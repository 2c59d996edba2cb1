"""Moderation pages: reporting a player, "My reports", muting from the chat panel, and the moderators'
staff pages (queue, report review, a player's record, the log) where the admin is clumsy.

Each view parses, calls one service or selector, and renders; refusals are shown as messages.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Game
from web.pages import refusal_message, refusal_on_form

from . import selectors, services
from .access import PERM_ANNUL, PERM_SUSPEND, access_any_moderation, is_player
from .errors import ModerationError
from .forms import ActionForm, ReportForm
from .models import ActionKind


def _back(request, fallback: str):
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(fallback)


def _staff(request) -> None:
    try:
        access_any_moderation(request.user)
    except ModerationError:
        raise PermissionDenied from None


# ---------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------
@login_required
def report_new(request):
    """Report a player, from a game page (with its chat as evidence) or a profile."""
    reported = get_user_model().objects.filter(username=request.GET.get("user") or request.POST.get("user")).first()
    if reported is None:
        raise Http404
    game_id = request.GET.get("game") or request.POST.get("game") or None
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first() if str(game_id or "").isdigit() else None
    chat = []
    if game is not None and is_player(game, request.user):
        chat = [m for m in selectors.chat_thread(game=game, viewer=request.user)
                if m.author_id == reported.pk and not m.is_hidden]
    form = ReportForm(request.POST or None, chat=chat, initial={"messages": request.GET.getlist("message")})
    if request.method == "POST" and form.is_valid():
        try:
            _report, created = services.report_file(
                reporter=request.user, username=reported.username, reason=form.cleaned_data["reason"],
                text=form.cleaned_data["text"], game_id=game.pk if game else None,
                message_ids=form.cleaned_data.get("messages") or [],
            )
        except ModerationError as exc:
            refusal_on_form(form, exc)
        else:
            messages.success(request, _("Thank you: your report was sent to the moderators.") if created
                             else _("Added to your open report about this."))
            return redirect("moderation:mine")
    return render(request, "moderation/report_form.html", {"form": form, "reported": reported, "game": game})


@login_required
def my_reports(request):
    """The state of your reports, and every action taken about your account."""
    return render(request, "moderation/mine.html", {
        "reports": selectors.reports_by(user=request.user).prefetch_related("messages"),
        "actions": selectors.actions_against(user=request.user).exclude(action=ActionKind.DISMISS_REPORT),
        "standing": selectors.standing_for(user=request.user),
    })


@login_required
@require_POST
def warning_acknowledge(request, action_id: int):
    try:
        services.warning_acknowledge(user=request.user, action_id=action_id)
    except ModerationError as exc:
        refusal_message(request, exc)
    return _back(request, "moderation:mine")


@login_required
@require_POST
def chat_mute(request, username: str):
    try:
        if request.POST.get("unmute"):
            services.chat_unmute(user=request.user, username=username)
        else:
            services.chat_mute(user=request.user, username=username)
    except ModerationError as exc:
        refusal_message(request, exc)
    return _back(request, "dashboard")


# ---------------------------------------------------------------------------
# Moderators
# ---------------------------------------------------------------------------
@login_required
def queue(request):
    _staff(request)
    return render(request, "moderation/queue.html", {"reports": selectors.open_reports()})


def _action_context(request, **extra) -> dict:
    return {
        "can_suspend": request.user.has_perm(PERM_SUSPEND),
        "can_annul": request.user.has_perm(PERM_ANNUL),
        "actions": ActionKind.choices,
        **extra,
    }


@login_required
def report_review(request, report_id: int):
    """One report with its evidence: the game, the attached messages, the game's whole chat."""
    _staff(request)
    report = selectors.report_with_evidence(report_id=report_id)
    if report is None:
        raise Http404
    chat = selectors.game_chat_for_moderator(game=report.game) if report.game else []
    attached = {m.pk for m in report.messages.all()}
    earlier = selectors.actions_against(user=report.reported)[:20]
    return render(request, "moderation/review.html", _action_context(
        request, report=report, chat=chat, attached=attached, earlier=earlier,
        form=ActionForm(initial={"report": report.pk, "next": request.path}),
    ))


@login_required
def player_record(request, username: str):
    _staff(request)
    player = get_user_model().objects.filter(username=username).first()
    if player is None:
        raise Http404
    return render(request, "moderation/player.html", _action_context(
        request, player=player,
        standing=selectors.standing_for(user=player),
        earlier=selectors.actions_against(user=player)[:100],
        reports=player.reports_received.select_related("reporter", "game").order_by("-created_at")[:50],
        form=ActionForm(initial={"user": player.username, "next": request.path}),
    ))


@login_required
def game_chat(request, game_id: int):
    """A game's whole chat for moderators, hidden messages included, each with a hide form."""
    _staff(request)
    game = Game.objects.filter(pk=game_id).prefetch_related("seats__user").first()
    if game is None:
        raise Http404
    return render(request, "moderation/game_chat.html", _action_context(
        request, game=game, chat=selectors.game_chat_for_moderator(game=game),
    ))


@login_required
@require_POST
def act(request):
    """The moderators' action form (review, player and game pages all post here)."""
    _staff(request)
    form = ActionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The form is incomplete."))
        return _back(request, "moderation:queue")
    d = form.cleaned_data
    try:
        row = services.action_take(
            moderator=request.user, action=d["action"], reason=d["reason"], report_id=d["report"],
            username=d["user"] or None, game_id=d["game"], message_id=d["message"], days=d["days"] or None,
        )
    except ModerationError as exc:
        refusal_message(request, exc)
        return _back(request, "moderation:queue")
    messages.success(request, _("Done: %(action)s.") % {"action": row.get_action_display()})
    if d["report"]:
        return redirect("moderation:queue")
    return _back(request, "moderation:log")


@login_required
def log(request):
    _staff(request)
    return render(request, "moderation/log.html", {"entries": selectors.moderation_log()})
