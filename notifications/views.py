"""Notification pages: the list, marking read, preferences, and the e-mails' unsubscribe link.

Each view parses, calls one service or selector, and renders.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from web.pages import refusal_message

from . import selectors, services
from .emails import read_unsubscribe_token
from .forms import PreferencesForm
from .models import EmailMode, Kind
from .texts import notification_path, notification_text


@login_required
def notification_list(request):
    items = [
        {"n": n, "text": notification_text(n.kind, n.params), "url": notification_path(n.game_id, n.params)}
        for n in selectors.notifications_for(user=request.user)
    ]
    return render(request, "notifications/list.html", {"items": items})


@login_required
@require_POST
def notification_read(request, notification_id: int):
    try:
        services.notification_mark_read(user=request.user, notification_id=notification_id)
    except services.NotificationError as exc:
        refusal_message(request, exc)
    target = request.POST.get("next", "")
    return redirect(target if target.startswith("/") and not target.startswith("//") else "notifications:list")


@login_required
@require_POST
def notification_read_all(request):
    services.notification_mark_all_read(user=request.user)
    return redirect("notifications:list")


@login_required
def preferences(request):
    form = PreferencesForm(request.POST or None, table=selectors.preferences_table(user=request.user))
    if request.method == "POST" and form.is_valid():
        services.preferences_update(
            user=request.user, choices=form.choices(), digest_hour=form.cleaned_data["digest_hour"]
        )
        messages.success(request, _("Your notification preferences have been saved."))
        return redirect("notifications:preferences")
    return render(request, "notifications/preferences.html", {"form": form})


@csrf_exempt  # a signed token is the credential; mail clients POST here without a session (RFC 8058)
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request, token: str):
    """The e-mail's link (GET) asks, with one button; a POST (that button, or the mail client's one-click
    unsubscribe) acts. A GET changes nothing: mail scanners and prefetchers follow links."""
    found = read_unsubscribe_token(token)
    if found is None:
        return HttpResponseBadRequest(_("This unsubscribe link is not valid."))
    user_id, kind = found
    label = _("the daily digest") if kind == "digest" else Kind(kind).label
    if request.method != "POST":
        return render(request, "notifications/unsubscribe.html", {"label": label})
    services.email_unsubscribe(user_id=user_id, kind=kind)
    return render(request, "notifications/unsubscribed.html", {"label": label, "off": EmailMode.OFF})
