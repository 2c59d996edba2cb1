"""Profile pages: a player's public profile and the form to edit one's own, with their API tokens."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import AppError
from web.pages import refusal_on_form

from .api_tokens import api_token_expires, api_token_revoke, api_tokens_list
from .forms import ProfileForm, VacationForm
from .models import User
from .services import user_update_profile
from .vacations import VacationError, vacation_book, vacation_end, vacation_overview


@login_required
def profile_edit(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user_update_profile(user=request.user, **form.cleaned_data)
        messages.success(request, _("Your profile has been saved."))
        return redirect("profile_edit")
    tokens = [{"token": t, "expires": api_token_expires(t)} for t in api_tokens_list(user=request.user)]
    return render(request, "accounts/profile_edit.html",
                  {"form": form, "api_tokens": tokens, "api_token_idle_days": settings.API_TOKEN_IDLE_DAYS,
                   "alert_fields": ALERT_FIELDS})


# Drawn in their own fieldsets of the profile page rather than in the plain list of fields.
ALERT_FIELDS = ("quiet_from", "quiet_until", "reminder_hours", "sound_on_move", "confirm_moves")


@login_required
@require_POST
def api_token_revoke_page(request, prefix: str):
    """The profile page's Revoke button: one's own token, else a 404."""
    try:
        token = api_token_revoke(user=request.user, prefix=prefix)
    except AppError as exc:
        raise Http404(exc.text) from exc
    shown = f"“{token.name}” ({token.prefix})" if token.name else token.prefix
    messages.success(request, _("The API token %(token)s is revoked: programs using it are refused from now on.")
                     % {"token": shown})
    return redirect("profile_edit")


def profile_detail(request, username: str):
    player = get_object_or_404(User, username=username, is_active=True)
    return render(request, "accounts/profile_detail.html", {"player": player})


@login_required
def vacation(request):
    """Book time away, or switch it off; the allowance and what is booked are shown beside the form."""
    form = VacationForm(request.POST or None)
    if request.method == "POST":
        try:
            if "end" in request.POST:
                vacation_end(user=request.user)
                messages.success(request, _("Your vacation is over: welcome back."))
                return redirect("vacation")
            if form.is_valid():
                vacation_book(user=request.user, days=form.cleaned_data["days"],
                              starts_on=form.cleaned_data["starts_on"])
                messages.success(request, _("Your vacation is booked; your clocks stop while you are away."))
                return redirect("vacation")
        except VacationError as exc:
            refusal_on_form(form, exc)
    overview = vacation_overview(user=request.user, now=timezone.now())
    return render(request, "accounts/vacation.html", {"form": form, **overview})
