"""A bulk dictionary change is sent through the outbox: with the broker down the upload is stored and
its job waits in the outbox until the relay sends it; a job a dead worker held is sent again by the
sweep, and a finished one is never applied twice."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from core.models import EventRecord
from lexicons.bulk import lexicon_bulk_job_create, lexicon_bulk_jobs_resend_stalled
from lexicons.events import LexiconBulkJobQueued
from lexicons.models import LexiconBulkJob, LexiconWord, WordChange
from lexicons.services import lexicon_load_words
from lexicons.tasks import lexicon_bulk_jobs_resend_stalled as beat_task
from lexicons.tasks import on_bulk_job_queued
from tests.helpers import broker_down, committed, relay_later

pytestmark = pytest.mark.django_db

BOUND = timedelta(seconds=settings.RESEND_STALLED_AFTER)


@pytest.fixture
def english():
    return lexicon_load_words(code="en", words=["cat", "dog"])


@pytest.fixture
def eager_celery():
    """Tasks in-process even where a broker is configured (CI's first pass has a real one)."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


def active_words():
    return set(LexiconWord.objects.filter(status="active").values_list("word", flat=True))


def job_of(english, make_user, *, status, queued_ago):
    job = LexiconBulkJob.objects.create(lexicon=english, action="added", words="qi\nza", reason="r", total=2,
                                        created_by=make_user(username="curator"), status=status,
                                        queued_at=timezone.now() - queued_ago)
    return job


def test_a_bulk_upload_with_the_broker_down_waits_in_the_outbox_until_the_relay_sends_it(
        english, make_user, eager_celery):
    with broker_down() as tried, committed():
        job = lexicon_bulk_job_create(lexicon=english, action="added", data=b"qi\nza\n", reason="r",
                                      user=make_user(username="curator"))
    assert tried == ["lexicons.tasks.on_bulk_job_queued"]
    job.refresh_from_db()
    assert job.status == "queued" and active_words() == {"cat", "dog"}
    (record,) = EventRecord.objects.filter(topic=LexiconBulkJobQueued.topic(), sent_at__isnull=True)
    assert record.payload == {"job_id": job.pk}
    assert relay_later() == 1
    job.refresh_from_db()
    assert (job.status, job.changed, job.version) == ("done", 2, 2)
    assert active_words() == {"cat", "dog", "qi", "za"}


def test_a_job_left_running_by_a_dead_worker_is_sent_again_and_applied_once(english, make_user, eager_celery):
    # The worker died inside the job's transaction: rolled back, nothing written, the job still "running".
    job = job_of(english, make_user, status="running", queued_ago=BOUND + timedelta(minutes=1))
    with committed():
        assert beat_task.apply().get() == 1
    job.refresh_from_db()
    assert (job.status, job.changed) == ("done", 2)
    assert timezone.now() - job.queued_at < timedelta(minutes=1)
    assert WordChange.objects.filter(word__in=["qi", "za"]).count() == 2
    # A copy of the task that comes later (the broker gave the dead worker's back) changes nothing.
    assert on_bulk_job_queued.apply(args=[{"job_id": job.pk}]).get()["status"] == "done"
    assert WordChange.objects.filter(word__in=["qi", "za"]).count() == 2


def test_recent_and_finished_jobs_are_left_alone(english, make_user, eager_celery):
    recent = job_of(english, make_user, status="running", queued_ago=BOUND - timedelta(minutes=1))
    finished = LexiconBulkJob.objects.create(lexicon=english, action="added", words="xu", reason="r", total=1,
                                             status="done", queued_at=timezone.now() - timedelta(days=1))
    with committed():
        assert lexicon_bulk_jobs_resend_stalled() == 0
    assert not EventRecord.objects.exists()
    assert LexiconBulkJob.objects.get(pk=recent.pk).status == "running"
    assert on_bulk_job_queued.apply(args=[{"job_id": finished.pk}]).get()["status"] == "done"
    assert "xu" not in active_words()
