"""A page that is not there, not allowed or not readable is one of the site's pages (its header, the
app's manifest, a way on), in the visitor's language; the API keeps its JSON answers."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import BadRequest, PermissionDenied
from django.test import RequestFactory
from django.utils import translation

from web import http_errors

pytestmark = pytest.mark.django_db


def test_a_missing_page_is_a_site_page_with_the_manifest_and_a_way_home(client, alice):
    page = client.get("/no-such-page/")
    assert page.status_code == 404
    html = page.content.decode()
    assert "Page not found" in html and 'rel="manifest"' in html and 'class="site-header"' in html
    assert 'href="/"' in html and "My games" not in html.split("</header>", 1)[1]
    client.force_login(alice)
    assert "My games" in client.get("/no-such-page/").content.decode().split("</header>", 1)[1]


def test_a_missing_page_speaks_dutch_to_a_dutch_visitor(client):
    page = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="nl")
    html = page.content.decode()
    assert page.status_code == 404 and "Pagina niet gevonden" in html and "Op dit adres staat geen pagina" in html


@pytest.mark.parametrize(("view", "exception", "status", "title"), [
    (http_errors.permission_denied, PermissionDenied(), 403, "Not allowed"),
    (http_errors.bad_request, BadRequest(), 400, "Bad request"),
])
def test_refusals_are_site_pages_too(view, exception, status, title):
    request = RequestFactory().get("/somewhere/")
    request.user = AnonymousUser()
    with translation.override("en"):
        answer = view(request, exception)
    assert answer.status_code == status
    html = answer.content.decode()
    assert title in html and 'rel="manifest"' in html


def test_the_api_still_answers_json(client):
    answer = client.get("/api/no-such-thing/")
    assert answer.status_code == 404 and answer.json()["code"] == "NOT_FOUND"
