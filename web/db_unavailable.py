"""The database went away mid-request (a dropped connection, a restart, a failover): the request
fails cleanly with 503 and nothing half-done, and the next request gets a fresh connection.

Under ``/api/`` the answer is the API's one error shape ``{"code": "SERVICE_UNAVAILABLE", "message"}``;
elsewhere a small page that needs no database to render.  A view's error arrives through
``process_exception``.  One raised in a middleware (loading the session's user) has already become
Django's 500 by the time it comes back out; Django announces it first (``got_request_exception``,
while the exception is being handled), so the request is marked then and the 500 replaced on its way out.
"""

import sys

from django.core.signals import got_request_exception
from django.db import InterfaceError, OperationalError
from django.dispatch import receiver
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string

SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
MESSAGE = "The service is briefly unavailable. Please try again in a moment."
RETRY_AFTER = "5"  # seconds: a dropped connection is replaced at once; a restart takes a few seconds
_MARK = "_letterpost_database_down"


def is_database_down(exc: BaseException | None) -> bool:
    # psycopg's own errors arrive wrapped by Django as these two.
    return isinstance(exc, (OperationalError, InterfaceError))


def unavailable(request) -> HttpResponse:
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse({"code": SERVICE_UNAVAILABLE, "message": MESSAGE}, status=503)
    else:
        # No request context: context processors would ask the database for the user.
        response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = RETRY_AFTER
    return response


# Connected when this module is imported, i.e. when Django loads the middleware below.
@receiver(got_request_exception, dispatch_uid="letterpost-database-down")
def mark_database_down(sender, request=None, **kwargs):
    if request is not None and is_database_down(sys.exc_info()[1]):
        setattr(request, _MARK, True)


class DatabaseUnavailableMiddleware:
    """Maps a lost database connection to 503 (see the module docstring); near the top of
    ``MIDDLEWARE``, outside every middleware that reads the database."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 500 and getattr(request, _MARK, False):
            return unavailable(request)
        return response

    def process_exception(self, request, exception):
        if is_database_down(exception):
            return unavailable(request)
        return None
