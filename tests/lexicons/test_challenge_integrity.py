"""Challenge-mode integrity: while a single- or double-challenge game runs, nothing the site offers its
players says whether a word is valid — a word report is thanked without a verdict (told once the game is
over), and word lookups in that game's dictionary are paused.  Void games and finished games answer."""

import pytest
from django.core import mail

from games import services as game_services
from lexicons import services
from lexicons.models import WordReport
from tests.games.helpers import stand_in_lexicons
from tests.helpers import committed

pytestmark = pytest.mark.django_db


@pytest.fixture
def english(db):
    return services.lexicon_load_words(code="en", words=["cat", "dog", "qi"])


def crossword(alice, bob, challenge):
    return game_services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=3,
                                     options={"challenge": challenge})


@pytest.mark.parametrize("challenge", ["single", "double"])
def test_a_report_during_a_challenge_game_is_thanked_without_a_verdict(english, alice, bob, api_for, challenge):
    game = crossword(alice, bob, challenge)
    for word, kind in (("cat", "missing"), ("zzyzx", "wrong")):  # a valid word "missing", a phony "wrong"
        answer = api_for(alice).post("/api/lexicons/en/reports/", {"word": word, "kind": kind, "game": game.pk},
                                     format="json")
        assert answer.status_code == 201, answer.json()
        body = answer.json()
        assert body["verdict_withheld"] is True and body["status"] == "open"
        assert "valid" not in str(body).lower().replace("verdict_withheld", "")
    assert WordReport.objects.filter(during_game=True).count() == 2


def test_the_report_page_says_thank_you_and_nothing_more(english, alice, bob, client):
    game = crossword(alice, bob, "double")
    client.force_login(alice)
    response = client.post("/words/report/", {"lexicon": "en", "word": "cat", "kind": "missing", "game": game.pk},
                           follow=True)
    page = response.content.decode()
    assert "Thank you, we&#x27;ll look at it." in page or "Thank you, we'll look at it." in page
    assert "already a valid word" not in page


def test_a_void_game_and_a_report_without_a_game_still_get_their_verdict(english, alice, bob, api_for):
    game = crossword(alice, bob, "void")
    answer = api_for(alice).post("/api/lexicons/en/reports/", {"word": "cat", "kind": "missing", "game": game.pk},
                                 format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "WORD_ALREADY_VALID"


def test_the_verdict_on_a_report_decided_during_the_game_is_told_when_it_ends(english, alice, bob, make_user):
    curator = make_user(username="cur")
    game = crossword(alice, bob, "single")
    report = services.word_report_create(code="en", word="zzyzx", kind="missing", reporter=alice, game_id=game.pk)
    with committed():
        services.word_report_resolve(report_id=report.pk, user=curator, accept=True, note="fine")
    assert mail.outbox == []  # the game still runs: no verdict yet
    assert WordReport.objects.get(pk=report.pk).notify_pending
    with committed():
        game_services.game_adjudicate(game_id=game.pk)
    [message] = mail.outbox
    assert "zzyzx" in message.body.lower()
    services.word_reports_after_game(game_id=game.pk)  # again: told once
    assert len(mail.outbox) == 1


def test_lookups_in_the_games_dictionary_are_paused_during_a_challenge_game(english, alice, bob, carol,
                                                                            api_for, client):
    game = crossword(alice, bob, "double")
    paused = api_for(alice).get("/api/lexicons/en/words/cat/")
    assert paused.status_code == 403 and paused.json()["code"] == "LOOKUP_PAUSED"
    assert paused.json()["details"] == {"game": game.pk}
    client.force_login(alice)
    page = client.get("/words/", {"lexicon": "en", "word": "cat"}).content.decode()
    assert "paused while you play" in page and "is a valid word" not in page
    # Someone not in the game, and anyone once it is over, looks words up as usual.
    assert api_for(carol).get("/api/lexicons/en/words/cat/").json()["valid"] is True
    game_services.game_adjudicate(game_id=game.pk)
    assert api_for(alice).get("/api/lexicons/en/words/cat/").json()["valid"] is True


def test_a_void_game_does_not_pause_lookups(english, alice, bob, api_for, monkeypatch):
    stand_in_lexicons(monkeypatch, {"en": ["cat", "dog", "qi"]})
    crossword(alice, bob, "void")
    assert api_for(alice).get("/api/lexicons/en/words/cat/").json()["valid"] is True
