"""Players and dictionaries: the lookup API and page, word reports (API and page), refusals that
write nothing, and a report resolved into a dictionary change with the reporter told."""

import pytest
from django.core import mail

from games import services
from lexicons.models import LexiconWord, WordChange, WordReport
from lexicons.services import (
    DUPLICATE_REPORT,
    REPORT_CLOSED,
    LexiconError,
    lexicon_load_words,
    word_report_resolve,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def english():
    return lexicon_load_words(code="en", words=["cat", "cats", "dog", "shite"])


def test_lookup_api_answers_valid_and_version_without_login(client, english):
    assert client.get("/api/lexicons/en/words/CAT/").json() == {
        "word": "cat", "valid": True, "lexicon_version": 1, "reason": None,
    }
    assert client.get("/api/lexicons/en/words/qi/").json()["valid"] is False


def test_lookup_api_answers_a_malformed_word_as_not_valid_with_the_reason(client, english):
    response = client.get("/api/lexicons/en/words/e-mail/")
    assert response.status_code == 200
    assert response.json() == {"word": "e-mail", "valid": False, "lexicon_version": 1, "reason": "hyphen"}
    assert client.get("/api/lexicons/en/words/abcdefghijklmnopq/").json()["reason"] == "too_long"


def test_lookup_api_refuses_an_unknown_lexicon_with_404(client, english):
    response = client.get("/api/lexicons/xx/words/cat/")
    assert response.status_code == 404
    assert response.json()["code"] == "UNKNOWN_LEXICON"


def test_lexicon_list_api(client, english):
    assert client.get("/api/lexicons/").json() == [
        {"code": "en", "name": "en", "language": "en", "version": 1, "word_count": 4}
    ]


def test_lookup_page_shows_the_verdict_and_a_report_link(client, english):
    html = client.get("/words/", {"lexicon": "en", "word": "Dog"}).content.decode()
    assert 'id="lookup-result"' in html and "is a valid word" in html
    assert "/words/report/?lexicon=en&amp;word=dog&amp;kind=wrong" in html
    html = client.get("/words/", {"lexicon": "en", "word": "qi"}).content.decode()
    assert "is not a valid word" in html and "kind=missing" in html
    html = client.get("/words/", {"lexicon": "en", "word": "d'r"}).content.decode()
    assert "apostrophes are not allowed" in html


def test_report_api_files_a_report_in_the_queue(api_for, alice, bob, english):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob])
    response = api_for(alice).post(
        "/api/lexicons/en/reports/",
        {"word": "QI", "kind": "missing", "game": game.pk, "comment": "Chinese life force"},
        format="json",
    )
    assert response.status_code == 201
    report = WordReport.objects.get()
    assert response.json() == {"id": report.pk, "lexicon": "en", "word": "qi", "kind": "missing", "game": game.pk,
                               "status": "open", "verdict_withheld": False}
    assert (report.reporter, report.comment) == (alice, "Chinese life force")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"word": "", "kind": "missing"}, 400, "EMPTY_WORD"),
        ({"word": "   ", "kind": "missing"}, 400, "EMPTY_WORD"),
        ({"word": "qi", "kind": "boring"}, 400, "UNKNOWN_REPORT_KIND"),
        ({"word": "e-mail", "kind": "missing"}, 400, "BAD_WORD"),
        ({"word": "cat", "kind": "missing"}, 400, "WORD_ALREADY_VALID"),
        ({"word": "qi", "kind": "wrong"}, 400, "WORD_NOT_IN_LEXICON"),
        ({"word": "qi", "kind": "missing", "game": 999999}, 400, "UNKNOWN_GAME"),
        ({"word": "qi", "kind": "missing", "comment": "x" * 501}, 400, "COMMENT_TOO_LONG"),
        ({"kind": "missing"}, 400, "BAD_REQUEST"),
    ],
)
def test_report_api_refuses_bad_input_and_writes_nothing(api_for, alice, english, body, status, code):
    response = api_for(alice).post("/api/lexicons/en/reports/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert not WordReport.objects.exists()


def test_report_api_refuses_an_unknown_lexicon_and_anonymous_users(client, api_for, alice, english):
    response = api_for(alice).post("/api/lexicons/xx/reports/", {"word": "qi", "kind": "missing"}, format="json")
    assert (response.status_code, response.json()["code"]) == (404, "UNKNOWN_LEXICON")
    response = client.post("/api/lexicons/en/reports/", {"word": "qi", "kind": "missing"})
    assert response.status_code in (401, 403)
    assert not WordReport.objects.exists()


def test_a_second_open_report_of_the_same_word_by_the_same_player_is_refused(api_for, alice, bob, english):
    body = {"word": "qi", "kind": "missing"}
    assert api_for(alice).post("/api/lexicons/en/reports/", body, format="json").status_code == 201
    response = api_for(alice).post("/api/lexicons/en/reports/", {**body, "comment": "again"}, format="json")
    assert (response.status_code, response.json()["code"]) == (409, DUPLICATE_REPORT)
    assert api_for(bob).post("/api/lexicons/en/reports/", body, format="json").status_code == 201
    assert WordReport.objects.count() == 2


def test_report_page_prefills_from_the_game_log_link_and_files_the_report(client, alice, bob, english):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob])
    client.force_login(bob)
    html = client.get(f"/words/report/?lexicon=en&word=QI&game={game.pk}&kind=missing").content.decode()
    assert 'value="QI"' in html and f'value="{game.pk}"' in html
    response = client.post("/words/report/", {"lexicon": "en", "word": "QI", "kind": "missing", "game": game.pk})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert WordReport.objects.get().reporter == bob


def test_report_page_shows_the_refusal_and_writes_nothing(client, alice, english):
    client.force_login(alice)
    response = client.post("/words/report/", {"lexicon": "en", "word": "cat", "kind": "missing"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "cat is already a valid word" in page and "WORD_ALREADY_VALID" not in page
    assert not WordReport.objects.exists()


def test_report_page_needs_a_login(client, english):
    response = client.get("/words/report/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_accepting_a_missing_report_adds_the_word_and_tells_the_reporter(
    api_for, alice, make_user, english, django_capture_on_commit_callbacks
):
    alice.language = "nl"
    alice.save()
    curator = make_user(username="curator")
    api_for(alice).post("/api/lexicons/en/reports/", {"word": "qi", "kind": "missing", "comment": "modern"},
                        format="json")
    report = WordReport.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        word_report_resolve(report_id=report.pk, user=curator, accept=True, note="Welcome, qi.")
    report.refresh_from_db()
    assert (report.status, report.resolved_by, report.decision_note) == ("accepted", curator, "Welcome, qi.")
    assert report.resolved_at is not None
    assert LexiconWord.objects.get(word="qi").status == "active"
    change = WordChange.objects.get(word="qi")
    assert (change.action, change.user, change.version) == ("added", curator, 2)
    assert change.reason == f"report #{report.pk} (missing) by alice: modern"
    (message,) = mail.outbox
    assert message.to == [alice.email] and message.extra_headers["Content-Language"] == "nl"
    assert '"qi"' in message.subject and "Welcome, qi." in message.body


def test_accepting_an_offensive_report_removes_the_word(api_for, alice, make_user, english,
                                                         django_capture_on_commit_callbacks):
    curator = make_user(username="curator")
    api_for(alice).post("/api/lexicons/en/reports/", {"word": "shite", "kind": "offensive"}, format="json")
    report = WordReport.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        word_report_resolve(report_id=report.pk, user=curator, accept=True)
    assert LexiconWord.objects.get(word="shite").status == "removed"
    assert "removed" in mail.outbox[0].body


def test_rejecting_a_report_changes_no_word_and_a_closed_report_cannot_be_resolved_again(
    api_for, alice, make_user, english, django_capture_on_commit_callbacks
):
    curator = make_user(username="curator")
    api_for(alice).post("/api/lexicons/en/reports/", {"word": "cat", "kind": "wrong"}, format="json")
    report = WordReport.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        word_report_resolve(report_id=report.pk, user=curator, accept=False, note="It is a word.")
    assert WordReport.objects.get().status == "rejected"
    assert LexiconWord.objects.get(word="cat").status == "active"
    assert WordChange.objects.filter(word="cat", user__isnull=False).count() == 0
    assert "left" in mail.outbox[0].body
    with pytest.raises(LexiconError) as refused:
        word_report_resolve(report_id=report.pk, user=curator, accept=True)
    assert refused.value.code == REPORT_CLOSED
    assert LexiconWord.objects.get(word="cat").status == "active"
