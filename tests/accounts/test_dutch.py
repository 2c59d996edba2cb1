"""Dutch users get Dutch pages and e-mails from the compiled catalogue in locale/nl."""

from datetime import UTC, datetime

import pytest
from django.core import mail
from django.urls import reverse

from games import services as game_services
from games.clock import NOTICE_DELAY
from lexicons.services import lexicon_load_words, word_report_create, word_report_resolve
from notifications.delivery import emails_deliver
from notifications.models import Notification
from tests.helpers import sweep

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
# "Your move" goes out when the turn is still unseen this long after it began.
TOLD_AT = T0 + NOTICE_DELAY


@pytest.fixture
def dutch(make_user):
    user = make_user(username="anouk")
    user.language = "nl"
    user.save()
    return user


def test_the_dashboard_is_dutch_for_a_dutch_user(dutch, bob, client):
    game_services.game_create(creator=dutch, kind="toy", opponents=[bob], seed=1, now=T0)
    client.force_login(dutch)
    page = client.get(reverse("dashboard")).content.decode()
    for dutch_text in ("Mijn partijen", "Nieuwe partij", "Zoek een partij in de lobby", "Competities", "Uitloggen"):
        assert dutch_text in page
    for english_text in ("My games", "New game", "Log out"):
        assert english_text not in page


def test_an_english_user_still_gets_english(alice, client):
    client.force_login(alice)
    page = client.get(reverse("dashboard")).content.decode()
    assert "My games" in page and "Mijn partijen" not in page


def test_a_your_move_email_is_dutch(dutch, bob):
    game_services.game_create(creator=dutch, kind="toy", opponents=[bob], seed=1, now=T0)
    sweep(now=TOLD_AT)
    emails_deliver(notification_ids=list(Notification.objects.values_list("pk", flat=True)))
    [message] = mail.outbox
    game_id = Notification.objects.get().game_id
    assert message.subject == f"Jij bent aan zet in Toy #{game_id}"
    assert message.body.startswith("Hallo anouk,")
    assert f"Jij bent aan zet in Toy #{game_id} — uiterlijk " in message.body
    assert "Open de partij:" in message.body
    assert "Je ontvangt dit vanwege je meldingsvoorkeuren bij Letterpost (Jouw zet)." in message.body
    assert "Stop deze e-mails:" in message.body
    html = message.alternatives[0][0]
    assert "Open de partij" in html and ">Afmelden</a>" in html


def test_a_word_report_decision_email_is_dutch(dutch, alice, django_capture_on_commit_callbacks):
    lexicon_load_words(code="nl", words=["kat", "hond"], language="nl", name="Nederlands")
    report = word_report_create(code="nl", word="poes", kind="missing", reporter=dutch)
    with django_capture_on_commit_callbacks(execute=True):
        word_report_resolve(report_id=report.pk, user=alice, accept=True, note="Goed gevonden.")
    [message] = mail.outbox
    assert message.to == [dutch.email]
    assert message.subject == 'Je rapportage over "poes" is geaccepteerd'
    assert message.body.startswith("Hallo anouk,")
    assert 'Bedankt: "poes" is nu een geldig woord in Nederlands.' in message.body
    assert "Bericht van de beheerders: Goed gevonden." in message.body


def test_a_refused_move_is_explained_in_the_players_language_with_the_same_code(make_user, api_for):
    anna, bart = make_user(username="anna_nl", language="nl"), make_user(username="bart_en")
    game = game_services.game_create(creator=anna, kind="toy", opponents=[bart], seed=1)
    url = f"/api/games/{game.pk}/moves/"
    dutch_answer = api_for(anna).post(
        url, {"version": 1, "move": {"type": "add", "n": 9}, "idempotency_key": "k"}, format="json"
    )
    assert dutch_answer.status_code == 400
    assert dutch_answer.json() == {"code": "BAD_MOVE", "message": "Die zet is hier niet geldig."}
    english = api_for(bart).post(url, {"version": 1, "move": {"type": "add", "n": 1}, "idempotency_key": "k"},
                                 format="json")
    assert english.json() == {"code": "NOT_YOUR_TURN", "message": "Seat 1 is not to act now."}
