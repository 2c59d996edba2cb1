"""Profile pages: a player's public profile and the form to edit one's own."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from core.pages import refusal_on_form

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
    return render(request, "accounts/profile_edit.html", {"form": form})


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
