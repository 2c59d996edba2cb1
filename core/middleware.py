"""Refuses page requests carrying text no store keeps (a NUL character, a lone surrogate) in the query
string or a form field, with a 400 before any view reads them: a NUL reaching PostgreSQL is a crash
(500), whichever page passed it on.  The API refuses the same in its parsers (``core.parsers``) and
answers in its own error shape, so ``/api/`` is left to them."""

from django.http import HttpResponseBadRequest
from django.utils.html import escape

from .errors import AppError
from .parsers import check_text


class UnstorableTextMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path.startswith("/api/"):
            try:
                self._check(request.GET)
                if request.method == "POST" and request.content_type in (
                    "application/x-www-form-urlencoded", "multipart/form-data"
                ):
                    self._check(request.POST)
            except AppError as exc:
                return HttpResponseBadRequest(f"<h1>Bad request</h1><p>{escape(exc.text)}</p>")
        return self.get_response(request)

    @staticmethod
    def _check(data) -> None:
        for key, values in data.lists():
            for value in (key, *values):
                check_text(value)
