"""The allauth account adapter: a suspended player cannot log in (whatever the password); failed log-ins
are counted per account, whether it was named by its username or its e-mail address."""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.internal.stagekit import clear_login
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
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

    def pre_authenticate(self, request, **credentials):
        # allauth counts failed log-ins under the name typed: by username and by e-mail address one
        # account had twice the tries. Name the account the one way.
        return super().pre_authenticate(request, **_account_named_once(credentials))


def _account_named_once(credentials: dict) -> dict:
    """The credentials that name the account of a typed username or e-mail address by its username;
    the typed name itself when no account has it."""
    typed = (credentials.get("email") or credentials.get("username") or "").strip()
    if not typed:
        return credentials
    users = get_user_model().objects
    user = users.filter(username__iexact=typed).first()
    if user is None and "@" in typed:
        address = EmailAddress.objects.filter(email__iexact=typed).select_related("user").first()
        user = address.user if address else users.filter(email__iexact=typed).first()
    return {"username": user.username} if user is not None else credentials
