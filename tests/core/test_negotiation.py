"""``web.negotiation.ContentNegotiation`` picks what DRF's own negotiation picks, whatever is asked."""

import pytest
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from web.negotiation import ContentNegotiation

RENDERERS = [JSONRenderer(), BrowsableAPIRenderer()]


@pytest.mark.parametrize("accept", [None, "*/*", "application/json", "text/html", "text/html, */*;q=0.8",
                                    "application/json; indent=4", "*/*; q=0.5"])
@pytest.mark.parametrize("query", ["", "?format=api", "?format=json"])
def test_it_answers_as_drf_does(accept, query):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().get(f"/api/games/{query}", **headers))
    assert choice(ContentNegotiation(), request) == choice(DefaultContentNegotiation(), request)


def choice(negotiation, request):
    try:
        renderer, media_type = negotiation.select_renderer(request, RENDERERS)
    except Exception as exc:  # NotAcceptable, for a format the Accept header refuses
        return type(exc)
    return type(renderer), media_type


def test_the_site_uses_it(settings):
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_CONTENT_NEGOTIATION_CLASS is ContentNegotiation
