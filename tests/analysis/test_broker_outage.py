"""Asking for an analysis while the broker is down: the request answers at once (202, or a redirect to
the pending page), the request waits in the outbox, and the relay sends it once the broker is back;
the hourly upload limit counts what ran or waits, not an upload that never ran."""

from datetime import timedelta

import pytest
from django.utils import timezone

from analysis.events import AnalysisRequested
from analysis.models import Analysis
from analysis.services import UPLOADS_PER_HOUR, analysis_create_from_gcg, uploads_counted
from core.errors import AppError
from core.models import EventRecord
from tests.games.helpers import play_out
from tests.helpers import broker_down, committed, relay_later

pytestmark = pytest.mark.django_db

RECORD = ("#player1 ann Ann\n#player2 bob Bob\n"
          ">ann: DINNVWY 8D WINDY +32 32\n>bob: AEEGILS -AE +0 0\n>ann: NV - +0 32\n")


def waiting_requests():
    return list(EventRecord.objects.filter(topic=AnalysisRequested.topic(), sent_at__isnull=True))


def test_an_upload_with_the_broker_down_is_accepted_at_once_and_runs_when_the_relay_sends_it(
        api_for, lexicons, alice):
    with broker_down() as tried, committed():
        answer = api_for(alice).post("/api/analyses/", {"gcg": RECORD, "lexicon": "en"}, format="json")
    assert answer.status_code == 202 and answer.json()["status"] == "pending"
    analysis = Analysis.objects.get()
    assert (answer.json()["id"], analysis.status) == (analysis.pk, "pending")
    # The send was tried once, failed, and nothing ran: the request waits in the outbox.
    assert tried == ["analysis.tasks.on_analysis_requested"]
    (record,) = waiting_requests()
    assert (record.payload, record.attempts) == ({"analysis_id": analysis.pk}, 1)
    assert uploads_counted(user=alice, now=timezone.now()) == 0  # waiting: it has spent nothing yet

    assert relay_later() == 1  # the broker is back (eager here: the task runs as it is sent)
    analysis.refresh_from_db()
    assert analysis.status == "done" and analysis.result["turns"]
    assert not waiting_requests()
    assert api_for(alice).get(f"/api/analyses/{analysis.pk}/").json()["status"] == "done"
    # It ran once, and counts once.
    assert uploads_counted(user=alice, now=timezone.now()) == 1
    assert relay_later() == 0


def test_the_upload_page_with_the_broker_down_shows_the_pending_analysis(client, lexicons, alice):
    client.force_login(alice)
    with broker_down(), committed():
        response = client.post("/analysis/", {"gcg": RECORD, "lexicon": "en"})
    analysis = Analysis.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/analysis/{analysis.pk}/"
    assert "being prepared" in client.get(response["Location"]).content.decode()
    assert len(waiting_requests()) == 1
    relay_later()
    assert "Average equity lost" in client.get(f"/analysis/{analysis.pk}/").content.decode()


def test_a_games_analysis_asked_for_with_the_broker_down_runs_when_the_relay_sends_it(
        api_for, crossword_game, alice):
    game = play_out(crossword_game(), seed=5)  # not committed: the game-end event never ran
    with broker_down(), committed():
        answer = api_for(alice).get(f"/api/games/{game.pk}/analysis/")
    assert (answer.status_code, answer.json()["status"]) == (200, "pending")
    assert len(waiting_requests()) == 1
    relay_later()
    assert api_for(alice).get(f"/api/games/{game.pk}/analysis/").json()["status"] == "done"


def test_a_refused_upload_publishes_nothing(api_for, lexicons, alice):
    with committed():
        answer = api_for(alice).post("/api/analyses/", {"gcg": "", "lexicon": "en"}, format="json")
    assert answer.status_code == 400
    assert not Analysis.objects.exists() and not EventRecord.objects.exists()


def upload_at(user, *, created, status="pending", finished=None):
    analysis = Analysis.objects.create(owner=user, gcg=RECORD, lexicon="en", status=status, finished_at=finished)
    Analysis.objects.filter(pk=analysis.pk).update(created_at=created)  # auto_now_add ignores a given value
    return analysis


def test_the_hourly_limit_counts_only_what_ran_in_the_hour(lexicons, alice):
    now = timezone.now()
    for _ in range(UPLOADS_PER_HOUR - 1):
        upload_at(alice, created=now - timedelta(minutes=30), status="done", finished=now - timedelta(minutes=29))
    held = upload_at(alice, created=now - timedelta(minutes=5))  # waiting (an outage holds it): not counted
    upload_at(alice, created=now - timedelta(hours=3), status="done", finished=now - timedelta(hours=2))  # old
    assert uploads_counted(user=alice, now=now) == UPLOADS_PER_HOUR - 1
    with committed():  # allowed: the held one spent nothing; this one runs at once (eager here) and counts
        analysis_create_from_gcg(user=alice, gcg=RECORD, lexicon="en", now=now)
    assert uploads_counted(user=alice, now=timezone.now()) == UPLOADS_PER_HOUR
    Analysis.objects.filter(pk=held.pk).update(status="done", finished_at=timezone.now())  # it runs: it counts
    assert uploads_counted(user=alice, now=timezone.now()) == UPLOADS_PER_HOUR + 1
    with pytest.raises(AppError) as refused:
        analysis_create_from_gcg(user=alice, gcg=RECORD, lexicon="en", now=now)
    assert refused.value.code == "RATE_LIMITED" and "last hour" in refused.value.text
    assert uploads_counted(user=alice, now=timezone.now() + timedelta(minutes=90)) == 0


def test_at_most_so_many_uploads_wait_at_once(lexicons, alice):
    now = timezone.now()
    for _ in range(UPLOADS_PER_HOUR):
        upload_at(alice, created=now - timedelta(hours=5))  # all held by an outage: none ran
    assert uploads_counted(user=alice, now=now) == 0
    with pytest.raises(AppError) as refused:
        analysis_create_from_gcg(user=alice, gcg=RECORD, lexicon="en", now=now)
    assert refused.value.code == "RATE_LIMITED" and "still waiting" in refused.value.text
    assert Analysis.objects.count() == UPLOADS_PER_HOUR
