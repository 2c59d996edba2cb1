"""Logs a suspended player out on their next request, wherever they were signed in (login itself is
refused by ``moderation.adapters``).  API calls with a token are not sessions: the services refuse
their moves and chat instead."""

from django.contrib import messages
from django.contrib.auth import logout
from django.utils.translation import gettext as _

from .selectors import suspension_for
from .texts import suspension_text


class SuspendedUserMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            standing = suspension_for(user=user)
            if standing is not None:
                logout(request)
                messages.error(request, _("You have been logged out: %(text)s") % {"text": suspension_text(standing)})
        return self.get_response(request)
