"""The sweep that re-sends analyses whose task was lost: a worker killed while it ran one rolls its
transaction back, which leaves the analysis pending; the broker would give the task back only after its
visibility timeout (an hour).  The sweep (beat, every 5 minutes) sends it again once it has waited
``RESEND_STALLED_AFTER``; one asked for recently, one finished and one being run now are left alone."""

import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from analysis import running
from analysis.events import AnalysisRequested
from analysis.models import Analysis
from analysis.services import analyses_resend_stalled
from analysis.tasks import analyses_resend_stalled as beat_task
from analysis.tasks import on_analysis_requested
from core.models import EventRecord
from tests.helpers import committed

RECORD = ("#player1 ann Ann\n#player2 bob Bob\n"
          ">ann: DINNVWY 8D WINDY +32 32\n>bob: AEEGILS -AE +0 0\n>ann: NV - +0 32\n")
BOUND = timedelta(seconds=settings.RESEND_STALLED_AFTER)


def upload(user, *, queued_ago, status="pending"):
    """An upload whose task was last sent ``queued_ago`` ago (and, if still pending, never finished)."""
    now = timezone.now()
    return Analysis.objects.create(owner=user, gcg=RECORD, lexicon="en", tile_set="en", status=status,
                                   queued_at=now - queued_ago, finished_at=None if status == "pending" else now)


def resent():
    return [r.payload["analysis_id"] for r in EventRecord.objects.filter(topic=AnalysisRequested.topic())]


@pytest.mark.django_db
def test_an_analysis_a_dead_worker_held_is_sent_again_and_completes(lexicons, alice):
    stalled = upload(alice, queued_ago=BOUND + timedelta(minutes=1))
    with committed():
        assert beat_task.apply().get() == 1
    assert resent() == [stalled.pk]
    stalled.refresh_from_db()
    assert stalled.status == "done" and stalled.result["turns"]
    assert timezone.now() - stalled.queued_at < timedelta(minutes=1)  # stamped: not sent again next time


@pytest.mark.django_db
def test_one_asked_for_recently_and_a_finished_one_are_left_alone(lexicons, alice):
    recent = upload(alice, queued_ago=BOUND - timedelta(minutes=1))
    finished = upload(alice, queued_ago=timedelta(days=1), status="done")
    with committed():
        assert analyses_resend_stalled() == 0
    assert resent() == []
    recent.refresh_from_db()
    assert (recent.status, recent.result) == ("pending", None)
    # Re-sent by mistake all the same (a copy of the task), a finished analysis is not run again.
    assert on_analysis_requested.apply(args=[{"analysis_id": finished.pk}]).get() == "done"
    assert Analysis.objects.get(pk=finished.pk).finished_at == finished.finished_at


@pytest.mark.django_db
def test_the_task_run_twice_analyses_once(lexicons, alice):
    analysis = upload(alice, queued_ago=timedelta(0))
    assert on_analysis_requested.apply(args=[{"analysis_id": analysis.pk}]).get() == "done"
    first = Analysis.objects.get(pk=analysis.pk).finished_at
    assert on_analysis_requested.apply(args=[{"analysis_id": analysis.pk}]).get() == "done"
    assert Analysis.objects.get(pk=analysis.pk).finished_at == first


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_an_analysis_being_run_now_is_neither_resent_nor_run_a_second_time(postgres, lexicons, alice):
    """A worker running the analysis holds its row lock: the sweep skips it, and a second copy of the
    task returns at once without computing anything (SKIP LOCKED)."""
    analysis = upload(alice, queued_ago=BOUND + timedelta(minutes=1))
    locked, release = threading.Event(), threading.Event()

    def worker_running_it():
        try:
            with transaction.atomic():
                Analysis.objects.select_for_update().get(pk=analysis.pk)
                locked.set()
                release.wait(30)
        finally:
            connection.close()

    holder = threading.Thread(target=worker_running_it)
    holder.start()
    try:
        assert locked.wait(10)
        assert analyses_resend_stalled() == 0 and resent() == []
        assert running.analysis_run(analysis_id=analysis.pk) is None
    finally:
        release.set()
        holder.join()
    assert Analysis.objects.get(pk=analysis.pk).status == "pending"
    # Once that worker is gone (its transaction rolled back), the sweep sends it again.
    assert analyses_resend_stalled() == 1 and resent() == [analysis.pk]
