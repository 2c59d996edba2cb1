"""The shorter way through the site for API requests made by programs with a token.

A request to ``/api/`` carrying ``Authorization: Token …`` and no session cookie has no use for the session,
its user, CSRF, messages, the page doors or static files: DRF authenticates it by its token and its
permissions ask ``MAY_ACT``.  ``TokenApiMiddleware``, first in ``settings.MIDDLEWARE``, hands such a request
to a second chain of Django's, ``settings.TOKEN_API_MIDDLEWARE`` (every other middleware, the security headers
included); the rest of ``MIDDLEWARE`` never sees it.  Much of that chain serves only sessions and pages, and
it runs on every move.  A request with a session cookie takes the whole chain, so a browser's signed-in
requests are unchanged.  Part of the speed wing (``core.speed``): with it off every request takes the
whole chain.
"""

from django.conf import settings

from core import speed


def is_token_api_request(request) -> bool:
    return (request.path.startswith("/api/")
            and request.META.get("HTTP_AUTHORIZATION", "").startswith("Token ")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES)


class TokenApiMiddleware:
    sync_capable, async_capable = True, False

    def __init__(self, get_response):
        self.get_response = get_response
        self.token_api = speed.ChainHandler(settings.TOKEN_API_MIDDLEWARE)
        self.token_api.load_middleware()

    def __call__(self, request):
        if speed.switched_on() and is_token_api_request(request):
            return self.token_api.get_response(request)
        return self.get_response(request)
