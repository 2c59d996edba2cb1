"""A lost database connection answers 503, never 500: JSON ``{"code", "message"}`` under ``/api/``, a
short page elsewhere (web/db_unavailable.py). The fault suite (tests/faults/) drops real connections;
these pin the mapping itself, on any database."""

import pytest
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.test import RequestFactory

from web.db_unavailable import DatabaseUnavailableMiddleware, mark_database_down


@pytest.fixture
def database_gone(monkeypatch):
    from games.web import api

    def fail(*args, **kwargs):
        raise OperationalError("terminating connection due to administrator command")

    monkeypatch.setattr(api.services, "game_submit_move", fail)


@pytest.mark.django_db
def test_a_view_losing_the_database_answers_503_json_under_the_api(alice, api_for, database_gone):
    answer = api_for(alice).post("/api/games/1/moves/", {"move": {"type": "pass"}, "version": 1,
                                                          "idempotency_key": "k"}, format="json")
    assert answer.status_code == 503
    assert answer.json()["code"] == "SERVICE_UNAVAILABLE" and answer.json()["message"]
    assert answer["Retry-After"]


def crashing_middleware(error):
    """What Django does with an error raised in a middleware: announce it, answer 500."""

    def get_response(request):
        try:
            raise error("connection already closed")
        except Exception:
            mark_database_down(sender=None, request=request)
            return HttpResponse("Server Error", status=500)

    return DatabaseUnavailableMiddleware(get_response)


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_middleware_losing_the_database_answers_503_too(error):
    for path, content_type in (("/api/games/", "application/json"), ("/games/", "text/html")):
        answer = crashing_middleware(error)(RequestFactory().get(path))
        assert answer.status_code == 503
        assert answer["Content-Type"].startswith(content_type)


def test_other_errors_stay_500():
    assert crashing_middleware(ValueError)(RequestFactory().get("/api/games/")).status_code == 500
