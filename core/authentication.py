"""DRF's token authentication, answered from the process's memory while the user's stamp says it is
current (``core.user_stamp``), else with its one query written once as plain SQL on PostgreSQL.

Every API request with a token ran ``Token.objects.select_related("user").get(key=…)``: compiling that
queryset was about a tenth of a move's CPU, and the query itself a database round trip
(bench/README.md "Move submission").  The same join, the same answers and the same errors; a token
deleted or a user changed (deactivated, say) is read again on the next request in every process.  Other
databases take DRF's own query every time.
"""

from django.contrib.auth import get_user_model
from django.db import connections, router
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from . import rawsql, user_stamp

# The rows read for a token (its own and its user's), kept under the user's stamp; and whose each token
# is, which never changes (a key is random), so that the stamp is read before the rows are.
_rows = user_stamp.Kept()
_owners: dict[str, int] = {}


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        model = self.get_model()
        connection = connections[router.db_for_read(model)]
        if connection.vendor != "postgresql":
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
