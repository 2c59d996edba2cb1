"""DRF's token authentication with its one query written once as plain SQL on PostgreSQL.

Every API request with a token ran ``Token.objects.select_related("user").get(key=…)``, and compiling
that queryset was about a tenth of a move's CPU (bench/README.md "Move submission").  The same join,
the same answers and the same errors; other databases take DRF's own query.
"""

from django.contrib.auth import get_user_model
from django.db import connections, router
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions

from . import rawsql


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        model = self.get_model()
        connection = connections[router.db_for_read(model)]
        if connection.vendor != "postgresql":
            return super().authenticate_credentials(key)
        user_model = get_user_model()
        sql = rawsql.statement(("token", connection.vendor), lambda: _token_sql(model, user_model, connection))
        with rawsql.prepared_cursor(connection) as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        width = rawsql.column_count(model)
        token = rawsql.instance(model, connection, row[:width])
        user = rawsql.instance(user_model, connection, row[width:])
        model._meta.get_field("user").set_cached_value(token, user)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (user, token)


def _token_sql(model, user_model, connection) -> str:
    qn = connection.ops.quote_name
    return (
        f"SELECT {rawsql.select_list(model, 't', connection)}, {rawsql.select_list(user_model, 'u', connection)}"
        f" FROM {qn(model._meta.db_table)} t JOIN {qn(user_model._meta.db_table)} u"
        f" ON u.{qn(user_model._meta.pk.column)} = t.{qn('user_id')} WHERE t.{qn(model._meta.pk.column)} = %s"
    )
