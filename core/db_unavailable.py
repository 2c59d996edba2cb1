"""The database went away mid-request (a dropped connection, a restart, a failover): the request
fails cleanly with 503 and nothing half-done, and the next request gets a fresh connection.

Under ``/api/`` the answer is the API's one error shape ``{"code": "SERVICE_UNAVAILABLE", "message"}``;
elsewhere a small page that needs no database to render.  A view's error arrives through
``process_exception``; one raised in a middleware (loading the session user) reaches ``server_error``,
the site's ``handler500``, which looks at the exception being handled.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views.defaults import server_error as django_server_error

SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
SERVER_ERROR = "SERVER_ERROR"
MESSAGE = "The service is briefly unavailable. Please try again in a moment."
RETRY_AFTER = "5"  # seconds: a dropped connection is replaced at once; a restart takes a few seconds


def is_database_down(exc: BaseException | None) -> bool:
    # psycopg's own errors arrive wrapped by Django as these two.
    return isinstance(exc, (OperationalError, InterfaceError))


def unavailable(request) -> HttpResponse:
    if request.path.startswith("/api/"):
        response = JsonResponse({"code": SERVICE_UNAVAILABLE, "message": MESSAGE}, status=503)
    else:
        # No request context: context processors would ask the database for the user.
        response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = RETRY_AFTER
    return response


class DatabaseUnavailableMiddleware:
    """Maps a lost database connection in a view to 503 (see the module docstring)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if is_database_down(exception):
            return unavailable(request)
        return None


def server_error(request, template_name="500.html"):
    """``handler500``: a lost database is a 503 wherever it was raised; other errors under ``/api/``
    are JSON in the API's shape, elsewhere Django's page."""
    if is_database_down(sys.exc_info()[1]):
        return unavailable(request)
    if request.path.startswith("/api/"):
        return JsonResponse({"code": SERVER_ERROR, "message": "Something went wrong on our side."}, status=500)
    return django_server_error(request, template_name=template_name)
