"""The profile page's push devices section (``templatetags/push.py`` draws it): its buttons post here.

Each view parses, calls one service of ``push``, and goes back to the section with a message.  Adding a
device is the page script's job (``static/js/push_devices.js``, through the API): only a browser can
subscribe itself.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from web.pages import refusal_message

from . import push
from .models import Kind


def _back():
    return redirect(reverse("profile_edit") + "#devices")


def _device_action(request, action, subscription_id: int, done: str):
    """Run ``action`` on one of the player's devices; back to the section with its refusal or ``done``."""
    try:
        action(user=request.user, subscription_id=subscription_id)
    except push.PushError as exc:
        refusal_message(request, exc)
    else:
        messages.success(request, done)
    return _back()


@login_required
@require_POST
def push_device_test(request, subscription_id: int):
    return _device_action(request, push.push_test_request, subscription_id,
                          _("A test notification is on its way: it should appear on that device in a moment."))


@login_required
@require_POST
def push_device_remove(request, subscription_id: int):
    return _device_action(request, push.push_subscription_delete, subscription_id,
                          _("That device is no longer notified."))


@login_required
@require_POST
def push_preferences(request):
    chosen = set(request.POST.getlist("push"))
    push.push_preferences_update(user=request.user, choices={kind: kind in chosen for kind in Kind.values})
    messages.success(request, _("Your device notifications have been saved."))
    return _back()
