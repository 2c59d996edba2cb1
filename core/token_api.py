"""The shorter way through the site for API requests made by programs with a token.

A request to ``/api/`` carrying ``Authorization: Token …`` and no session cookie has no use for the session,
its user, CSRF, messages, the page doors or static files: DRF authenticates it by its token and its
permissions ask ``MAY_ACT``.  ``TokenApiMiddleware``, first in ``settings.MIDDLEWARE``, hands such a request
to a second chain of Django's, ``settings.TOKEN_API_MIDDLEWARE`` (every other middleware, the security headers
included); the rest of ``MIDDLEWARE`` never sees it.  Much of that chain serves only sessions and pages, and
it runs on every move.  A request with a session cookie takes the whole chain, so a browser's signed-in
requests are unchanged.
"""

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.core.handlers.base import BaseHandler
from django.core.handlers.exception import convert_exception_to_response
from django.utils.module_loading import import_string


class TokenApiHandler(BaseHandler):
    """Django's handler with the middleware of ``settings.TOKEN_API_MIDDLEWARE``, all of it sync (as
    ``BaseHandler.load_middleware`` builds a sync chain from ``MIDDLEWARE``)."""

    def load_middleware(self, is_async=False):
        self._view_middleware, self._template_response_middleware, self._exception_middleware = [], [], []
        handler = convert_exception_to_response(self._get_response)
        for path in reversed(settings.TOKEN_API_MIDDLEWARE):
            try:
                middleware = import_string(path)(handler)
            except MiddlewareNotUsed:
                continue
            if hasattr(middleware, "process_view"):
                self._view_middleware.insert(0, middleware.process_view)
            if hasattr(middleware, "process_template_response"):
                self._template_response_middleware.append(middleware.process_template_response)
            if hasattr(middleware, "process_exception"):
                self._exception_middleware.append(middleware.process_exception)
            handler = convert_exception_to_response(middleware)
        self._middleware_chain = handler


def is_token_api_request(request) -> bool:
    return (request.path.startswith("/api/")
            and request.META.get("HTTP_AUTHORIZATION", "").startswith("Token ")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES)


class TokenApiMiddleware:
    sync_capable, async_capable = True, False

    def __init__(self, get_response):
        self.get_response = get_response
        self.token_api = TokenApiHandler()
        self.token_api.load_middleware()

    def __call__(self, request):
        if is_token_api_request(request):
            return self.token_api.get_response(request)
        return self.get_response(request)
