"""The sweep that re-sends analyses whose task was lost: a worker killed while it ran one leaves the
analysis pending, with a ``started_at`` stamp that goes stale; the broker would give the task back only
after its visibility timeout (an hour).  The sweep (beat, every 5 minutes) sends it again once it has waited
``RESEND_STALLED_AFTER``; one asked for recently, one finished and one being run now are left alone."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
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


@pytest.mark.django_db(transaction=True)
def test_an_analysis_being_run_now_is_neither_resent_nor_run_a_second_time(lexicons, alice, monkeypatch):
    """A worker computes with no transaction open (a Master analysis takes up to a minute, and on SQLite
    an open write holds the whole database); its ``started_at`` stamp keeps the sweep and a second copy
    of the task away meanwhile."""
    analysis = upload(alice, queued_ago=BOUND + timedelta(minutes=1))
    compute, seen = running._compute, {}

    def computing(taken):
        seen["in a transaction"] = connection.in_atomic_block
        seen["resent"] = analyses_resend_stalled()
        seen["second copy"] = running.analysis_run(analysis_id=taken.pk)
        return compute(taken)

    monkeypatch.setattr(running, "_compute", computing)
    assert running.analysis_run(analysis_id=analysis.pk).status == "done"
    assert seen == {"in a transaction": False, "resent": 0, "second copy": None}
    assert resent() == []
    assert Analysis.objects.get(pk=analysis.pk).result["turns"]


@pytest.mark.django_db
def test_a_run_whose_worker_died_is_sent_again_once_its_stamp_is_stale_and_taken_over(lexicons, alice):
    now = timezone.now()
    recent = upload(alice, queued_ago=BOUND + timedelta(minutes=1))
    dead = upload(alice, queued_ago=BOUND + timedelta(minutes=1))
    Analysis.objects.filter(pk=recent.pk).update(started_at=now - BOUND + timedelta(minutes=1))
    Analysis.objects.filter(pk=dead.pk).update(started_at=now - BOUND - timedelta(minutes=1))
    assert running.analysis_run(analysis_id=recent.pk) is None  # still at work, as far as anyone knows
    with committed():
        assert beat_task.apply().get() == 1
    assert resent() == [dead.pk]
    assert Analysis.objects.get(pk=dead.pk).status == "done"
    assert Analysis.objects.get(pk=recent.pk).status == "pending"


@pytest.mark.django_db
def test_a_run_that_fails_frees_the_analysis_for_the_tasks_retry(lexicons, alice, monkeypatch):
    analysis = upload(alice, queued_ago=timedelta(0))

    def broken(taken):
        raise RuntimeError("the worker lost its lexicon")

    monkeypatch.setattr(running, "_compute", broken)
    with pytest.raises(RuntimeError):
        running.analysis_run(analysis_id=analysis.pk)
    assert Analysis.objects.filter(pk=analysis.pk).values_list("status", "started_at").get() == ("pending", None)
    monkeypatch.undo()
    assert running.analysis_run(analysis_id=analysis.pk).status == "done"
