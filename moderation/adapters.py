"""The allauth account adapter: a suspended player cannot log in (whatever the password)."""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.internal.stagekit import clear_login
from django.shortcuts import render

from .selectors import suspension_for
from .texts import suspension_text


class AccountAdapter(DefaultAccountAdapter):
    def pre_login(self, request, user, **kwargs):
        standing = suspension_for(user=user)
        if standing is not None:
            clear_login(request)
            return render(request, "moderation/suspended.html", {"text": suspension_text(standing)}, status=403)
        return super().pre_login(request, user, **kwargs)
