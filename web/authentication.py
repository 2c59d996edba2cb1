"""DRF's token authentication, answered from the process's memory while the user's stamp says it is
current (``core.user_stamp``), else with its one query written once as plain SQL on PostgreSQL.

Every API request with a token ran ``Token.objects.select_related("user").get(key=…)``: compiling that
queryset on every move costs CPU, and the query itself a database round trip.  The same join, the same answers
and the same errors; a token deleted or a user changed (deactivated, say) is read again on the next request in
every process.  Without the speed wing (``core.speed``) it is DRF's own query every time.

It also ends a token's life: the token model, named by ``settings.API_TOKEN_MODEL`` (this layer imports no
app), has a ``created`` and a ``last_used`` time, and a token unused for ``settings.API_TOKEN_IDLE_DAYS`` is
refused with 401 ``TOKEN_EXPIRED`` and deleted.  ``last_used`` is written at most once an hour per token:
this process remembers when it last wrote it (``_written``), and the write itself skips a row another
process wrote within the hour.  Its update sends no signal, so it leaves the user's stamp, and the rows kept
under it, alone: a kept row's ``last_used`` may be up to an hour old, which the idle limit (days) allows.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cache

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connections, router
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions, status

from core import rawsql, speed, user_stamp

# The rows read for a token (its own and its user's), kept under the user's stamp; and whose each token
# is, which never changes (a key is random), so that the stamp is read before the rows are.
_rows = user_stamp.Kept()
_owners: dict[str, int] = {}

# How often a token's ``last_used`` is written at most, and when this process last wrote each one's.
WRITE_LAST_USED_EVERY = timedelta(hours=1)
_written: dict[str, datetime] = {}

TOKEN_EXPIRED = "TOKEN_EXPIRED"


class TokenExpired(exceptions.APIException):
    """A token unused for too long: 401, where DRF answers a bad token with 403 here (session authentication
    comes first, and it has no ``WWW-Authenticate`` to send)."""

    status_code = status.HTTP_401_UNAUTHORIZED
    default_code = TOKEN_EXPIRED.lower()  # the API's code: TOKEN_EXPIRED (web.api_errors)
    auth_header = "Token"


@cache
def _model(label: str):
    return apps.get_model(label)


class TokenAuthentication(authentication.TokenAuthentication):
    def get_model(self):
        return _model(settings.API_TOKEN_MODEL)

    def _now(self) -> datetime:
        """The clock, a method so that tests can set it."""
        return timezone.now()

    def authenticate_credentials(self, key):
        user, token = self._credentials(key)
        self._keep_alive(token, user)
        return (user, token)

    def _keep_alive(self, token, user) -> None:
        """Refuse (and delete) a token unused for ``API_TOKEN_IDLE_DAYS``; else note its use, once an hour."""
        now = self._now()
        key = token.pk
        written = _written.get(key)
        last = max(filter(None, (token.last_used, written)), default=None)
        if now - (last or token.created) > timedelta(days=settings.API_TOKEN_IDLE_DAYS):
            type(token).objects.filter(pk=key).delete()  # replaces the user's stamp: every process refuses it
            _written.pop(key, None)
            _rows.drop(key)
            with translation.override(getattr(user, "language", None) or translation.get_language()):
                raise TokenExpired(_(
                    "This API token has expired: it was not used for %(days)s days. Ask for a new one with "
                    "POST /api/auth/token/."
                ) % {"days": settings.API_TOKEN_IDLE_DAYS})
        if last is not None and now - last < WRITE_LAST_USED_EVERY:
            return
        if len(_written) >= user_stamp.KEEP_AT_MOST:
            _written.clear()
        _written[key] = now
        # Another process may have written it within the hour: then the row is left as it is.
        type(token).objects.filter(Q(last_used__isnull=True) | Q(last_used__lt=now - WRITE_LAST_USED_EVERY),
                                   pk=key).update(last_used=now)

    def _credentials(self, key):
        model = self.get_model()
        connection = connections[router.db_for_read(model)]
        if not speed.on(connection):
            return super().authenticate_credentials(key)
        user_model = get_user_model()
        owner = _owners.get(key)
        current = None if owner is None else user_stamp.stamp(owner)
        row = _rows.get(key, current)
        if row is None:
            sql = rawsql.statement(("token", connection.vendor), lambda: _token_sql(model, user_model, connection))
            with rawsql.prepared_cursor(connection) as cursor:
                cursor.execute(sql, [key])
                row = cursor.fetchone()
            if row is None:
                _rows.drop(key)
                raise exceptions.AuthenticationFailed(_("Invalid token."))
            _keep(key, row, owner, current, model)
        width = rawsql.column_count(model)
        token = rawsql.instance(model, connection, row[:width])
        user = rawsql.instance(user_model, connection, row[width:])
        model._meta.get_field("user").set_cached_value(token, user)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (user, token)


def _keep(key: str, row: tuple, owner: int | None, current: str | None, model) -> None:
    """Keep the rows under the stamp read before them; the first time a token is seen only its owner is
    learnt (its stamp could not be read before the rows)."""
    user_id = row[[f.attname for f in model._meta.concrete_fields].index("user_id")]
    if owner != user_id:
        if len(_owners) >= user_stamp.KEEP_AT_MOST:
            _owners.clear()
        _owners[key] = user_id
        current = None
    _rows.put(key, current, row)


def _token_sql(model, user_model, connection) -> str:
    qn = connection.ops.quote_name
    return (
        f"SELECT {rawsql.select_list(model, 't', connection)}, {rawsql.select_list(user_model, 'u', connection)}"
        f" FROM {qn(model._meta.db_table)} t JOIN {qn(user_model._meta.db_table)} u"
        f" ON u.{qn(user_model._meta.pk.column)} = t.{qn('user_id')} WHERE t.{qn(model._meta.pk.column)} = %s"
    )
