"""API tokens: issuing, listing and revoking a player's named tokens.

A program logs in with ``POST /api/auth/token/`` and gets a new token each time; the player sees their
tokens on the profile page and through ``GET /api/auth/tokens/``, each by a short prefix of its key that
does not give the key away, and revokes one there.  Every token ends with a new password (``User.save``)
and with a suspension (``services.user_access_revoke``); one unused for ``settings.API_TOKEN_IDLE_DAYS``
is refused and deleted by the token door (``web.authentication``), which also keeps ``last_used``.

This module knows nothing of requests: the API and the profile page call it.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.errors import AppError

from .models import ApiToken, User

# A player holds at most this many; issuing one more ends the one unused for longest (a script that logs
# in at every start, as the single token of old allowed, never piles them up).
TOKENS_PER_USER = 20

UNKNOWN_TOKEN = "UNKNOWN_TOKEN"
MSG_UNKNOWN_TOKEN = _("You have no API token starting with these characters.")


def api_tokens_list(*, user: User) -> list[ApiToken]:
    """The player's tokens, newest first."""
    return list(ApiToken.objects.filter(user=user).order_by("-created", "key"))


def api_token_expires(token: ApiToken) -> datetime:
    """When the token expires unless it is used before: ``API_TOKEN_IDLE_DAYS`` after its last use."""
    return (token.last_used or token.created) + timedelta(days=settings.API_TOKEN_IDLE_DAYS)


def api_token_issue(*, user: User, name: str = "", now: datetime | None = None) -> str:
    """A new token for the player; returns its key (shown once: it is not shown again)."""
    now = now or timezone.now()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one issue at a time per player
        taken = set(ApiToken.objects.filter(user=user).values_list("key", flat=True))
        key = _new_key({k[: ApiToken.PREFIX_LENGTH] for k in taken})
        surplus = len(taken) - (TOKENS_PER_USER - 1)
        if surplus > 0:
            oldest = (ApiToken.objects.filter(user=user)
                      .order_by(Coalesce("last_used", "created").asc(), F("created").asc())
                      .values_list("key", flat=True)[:surplus])
            ApiToken.objects.filter(key__in=list(oldest)).delete()
        ApiToken.objects.create(key=key, user=user, name=name.strip(), created=now)
    return key


def _new_key(prefixes_taken: set[str]) -> str:
    """DRF's key (40 hex digits); its prefix names it among the player's tokens, so it differs from theirs."""
    while True:
        key = secrets.token_hex(20)
        if key[: ApiToken.PREFIX_LENGTH] not in prefixes_taken:
            return key


def api_token_revoke(*, user: User, prefix: str) -> ApiToken:
    """End the player's token named by ``prefix`` and return it as it was; another player's token is as
    unknown as none (404 ``UNKNOWN_TOKEN``, nothing deleted)."""
    found = None
    if len(prefix) == ApiToken.PREFIX_LENGTH and prefix.isascii() and prefix.isalnum():
        found = ApiToken.objects.filter(user=user, key__startswith=prefix.lower()).first()
    if found is None:
        raise AppError(UNKNOWN_TOKEN, MSG_UNKNOWN_TOKEN, 404)
    # Deleted as a query, so ``found`` keeps its key; the delete replaces the user's stamp (core.apps), so
    # every process refuses the token from its next request.
    ApiToken.objects.filter(pk=found.pk).delete()
    return found


def api_tokens_revoke_all(*, user: User) -> int:
    """End every token of the player; returns how many there were."""
    deleted, _by_model = ApiToken.objects.filter(user=user).delete()
    return deleted
