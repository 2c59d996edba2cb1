"""Page-level doors every request passes.

``UnstorableTextMiddleware`` refuses page requests carrying text no store keeps (a NUL character, a
lone surrogate) in the query string or a form field, with a 400 before any view reads them: a NUL
reaching PostgreSQL is a crash (500), whichever page passed it on.  The API refuses the same in its
parsers (``web.parsers``) and answers in its own error shape, so ``/api/`` is left to them.

``UnstorablePathMiddleware`` answers a path carrying such text with a 404 (no URL of ours has one),
before any view hands it to the database.

``PrivateResponsesMiddleware`` keeps whatever a signed-in user (session or token) is shown out of every
cache: their rack, hand or Spell term may be on it.

``MayActMiddleware`` asks ``MAY_ACT`` before every page write (below).
"""

from django.http import Http404, HttpResponseBadRequest, HttpResponseForbidden
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.html import escape

from core.errors import AppError
from core.policies import MAY_ACT, policy_check
from web.parsers import check_text

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


class UnstorablePathMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            check_text(request.path)
        except AppError:
            raise Http404("No such page.") from None
        return self.get_response(request)


class PrivateResponsesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)  # DRF sets the token's user here too
        if user is not None and user.is_authenticated and not response.has_header("Cache-Control"):
            add_never_cache_headers(response)
        return response


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


class MayActMiddleware:
    """Every page write (a POST ...) by a signed-in user asks ``MAY_ACT``, as the API's ``MayAct``
    permission does: a suspended player's form posts are refused with a 403 naming the refusal.
    Signing out stays open.  The API is left to its permission class (token users have no session)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.open_paths = {reverse("account_logout")}

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (request.method not in SAFE_METHODS and user is not None and user.is_authenticated
                and not request.path.startswith("/api/") and request.path not in self.open_paths):
            try:
                policy_check(MAY_ACT, user=user)
            except AppError as exc:
                return HttpResponseForbidden(
                    f"<h1>Not allowed</h1><p>{escape(exc.text)}</p><p>({escape(exc.code)})</p>"
                )
        return self.get_response(request)
