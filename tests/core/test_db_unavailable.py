"""A lost database connection answers 503, never 500: JSON ``{"code", "message"}`` under ``/api/``, a
short page elsewhere (core/db_unavailable.py). The fault suite (tests/faults/) drops real connections;
these pin the mapping itself, on any database."""

import sys

import pytest
from django.db import InterfaceError, OperationalError
from django.test import RequestFactory

from core.db_unavailable import server_error


@pytest.fixture
def database_gone(monkeypatch):
    from games import api

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


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_the_error_handler_answers_503_for_a_lost_database_wherever_it_was_raised(error):
    for path, content_type in (("/api/games/", "application/json"), ("/games/", "text/html")):
        request = RequestFactory().get(path)
        try:
            raise error("connection already closed")
        except error:
            assert sys.exc_info()[0] is error
            answer = server_error(request)
        assert answer.status_code == 503
        assert answer["Content-Type"].startswith(content_type)


def test_other_errors_stay_500_and_json_under_the_api():
    try:
        raise ValueError("a bug")
    except ValueError:
        api_answer = server_error(RequestFactory().get("/api/games/"))
    assert api_answer.status_code == 500
    assert api_answer["Content-Type"] == "application/json"
