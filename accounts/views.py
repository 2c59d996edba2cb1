"""Profile pages: a player's public profile and the form to edit one's own."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from .forms import ProfileForm
from .models import User
from .services import user_update_profile


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
