"""Pages of the analysis: upload a GCG record, see an upload's analysis, ask for a game's analysis
(the game page shows it: ``templatetags/analysis.py``)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from core.errors import AppError
from web.pages import refusal_message, refusal_on_form

from . import selectors, services
from .board import page_data
from .forms import GcgUploadForm


@login_required
def analysis_new(request):
    form = GcgUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            analysis = services.analysis_create_from_gcg(user=request.user, gcg=form.cleaned_data["gcg"],
                                                         lexicon=form.cleaned_data["lexicon"],
                                                         master=form.cleaned_data["master"])
        except AppError as exc:
            refusal_on_form(form, exc, "gcg")
        else:
            return redirect("analysis:detail", analysis_id=analysis.pk)
    return render(request, "analysis/new.html",
                  {"form": form, "uploads": selectors.uploads_of(user=request.user),
                   "master_left": services.master_analyses_left(user=request.user)})


@login_required
def analysis_detail(request, analysis_id: int):
    try:
        analysis = selectors.access_upload_for_user(analysis_id=analysis_id, user=request.user)
    except AppError:
        raise Http404 from None
    return render(request, "analysis/detail.html",
                  {"analysis": analysis, "data": page_data(analysis.result or {})})


@require_POST
@login_required
def game_analysis_master(request, game_id: int):
    """The "Ask the Master" button on a finished game's analysis: one of the player's daily quota."""
    try:
        services.analysis_request_master_for_game(game_id=game_id, user=request.user)
    except AppError as exc:
        refusal_message(request, exc)
    return redirect(f"/games/{game_id}/#analysis")


@require_POST
def game_analysis_request(request, game_id: int):
    """The button on a finished game's page: ask for its analysis (anyone may: the game is over)."""
    try:
        services.analysis_request_for_game(game_id=game_id)
    except AppError as exc:
        refusal_message(request, exc)
    return redirect(f"/games/{game_id}/#analysis")
