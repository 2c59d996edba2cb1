"""Curation in the admin: one word with a reason and its history, refused entries, bulk uploads
run as a task with progress, versions and their difference, report review, and permissions."""

import pytest
from django.contrib.auth.models import Group
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile

from lexicons import services as lexicon_services
from lexicons.models import LexiconBulkJob, LexiconVersion, LexiconWord, WordChange, WordReport
from lexicons.services import lexicon_load_words
from lexicons.starter import curators_group

pytestmark = pytest.mark.django_db


@pytest.fixture
def eager_celery():
    """Run tasks in-process even where a broker is configured (CI's first pass has a real one)."""
    from config.celery import app

    saved = (app.conf.task_always_eager, app.conf.task_eager_propagates)
    app.conf.task_always_eager, app.conf.task_eager_propagates = True, True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.fixture
def english():
    return lexicon_load_words(code="en", words=["cat", "cats", "dog", "zebra"])


@pytest.fixture
def curator(make_user):
    user = make_user(username="curator", is_staff=True)
    user.groups.add(curators_group())
    return user


@pytest.fixture
def staff(make_user):
    """Staff who may look at dictionaries but not change them."""
    user = make_user(username="staffer", is_staff=True)
    group = Group.objects.create(name="viewers")
    group.permissions.add(*curators_group().permissions.exclude(codename="curate_lexicon"))
    user.groups.add(group)
    return user


def curate_url(lexicon):
    return f"/admin/lexicons/lexicon/{lexicon.pk}/curate/"


def test_curator_adds_a_word_with_a_reason_and_it_is_in_the_history(client, curator, english):
    client.force_login(curator)
    response = client.post(curate_url(english), {"word": "qi", "action": "added", "reason": "modern word"})
    assert response.status_code == 302
    change = WordChange.objects.get(word="qi")
    assert (change.action, change.user, change.reason, change.version, change.origin) == (
        "added", curator, "modern word", 2, "curation",
    )
    english.refresh_from_db()
    assert (english.version, english.word_count) == (2, 5)
    html = client.get(curate_url(english)).content.decode()
    assert "modern word" in html and "qi" in html
    history = client.get(f"/admin/lexicons/wordchange/?lexicon__id__exact={english.pk}&word=qi").content.decode()
    assert "modern word" in history and "curator" in history


def test_curator_removes_a_word(client, curator, english):
    client.force_login(curator)
    client.post(curate_url(english), {"word": "zebra", "action": "removed", "reason": "test"})
    assert LexiconWord.objects.get(word="zebra").status == "removed"
    assert LexiconVersion.objects.get(lexicon=english, version=2).removed == 1


@pytest.mark.parametrize(
    ("word", "action", "reason", "shown"),
    [
        ("e-mail", "added", "x", "hyphens are not allowed"),
        ("Paris", "added", "x", "capital letters"),
        ("cat", "added", "x", "cat is already a valid word"),
        ("qi", "removed", "x", "qi is not in this lexicon"),
        ("qi", "added", " ", "This field is required"),
    ],
)
def test_a_refused_entry_shows_the_reason_and_writes_nothing(client, curator, english, word, action, reason, shown):
    client.force_login(curator)
    response = client.post(curate_url(english), {"word": word, "action": action, "reason": reason})
    assert response.status_code == 200
    page = response.content.decode()
    assert shown in page and "WORD_" not in page  # the reason in words, without the internal code
    english.refresh_from_db()
    assert english.version == 1 and WordChange.objects.filter(user__isnull=False).count() == 0


def test_a_bulk_upload_runs_as_a_task_in_one_go_with_its_progress(
    client, curator, english, eager_celery, django_capture_on_commit_callbacks
):
    client.force_login(curator)
    upload = SimpleUploadedFile("words.txt", b"qi\nza\ncat\ne-mail\nxu\n\n")
    # Celery is eager here: the task runs when the upload request commits.
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/lexicons/lexicon/{english.pk}/bulk/",
                               {"file": upload, "action": "added", "reason": "modern words"})
    job = LexiconBulkJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/admin/lexicons/lexicon/bulk/{job.pk}/"
    assert (job.status, job.total, job.changed, job.version, job.rejected) == ("done", 4, 3, 2, {"hyphen": 1})
    assert set(WordChange.objects.filter(version=2).values_list("word", flat=True)) == {"qi", "za", "xu"}
    progress = client.get(f"/admin/lexicons/lexicon/bulk/{job.pk}/progress/").json()
    assert progress == {"status": "done", "total": 4, "done": 4, "changed": 3, "version": 2, "error": ""}
    assert "3 words changed" in client.get(response["Location"]).content.decode()


def test_a_running_bulk_job_reports_live_progress_from_the_cache(client, curator, english):
    from django.core.cache import cache

    from lexicons.services import bulk_progress_key

    job = LexiconBulkJob.objects.create(lexicon=english, action="added", words="qi\nza", reason="r",
                                        created_by=curator, total=2, status="running")
    cache.set(bulk_progress_key(job.pk), 1)
    client.force_login(curator)
    assert client.get(f"/admin/lexicons/lexicon/bulk/{job.pk}/progress/").json()["done"] == 1


def test_a_failing_bulk_job_changes_nothing(curator, english, monkeypatch, eager_celery):
    from lexicons.tasks import on_bulk_job_queued

    job = LexiconBulkJob.objects.create(lexicon=english, action="added", words="qi\nza", reason="r",
                                        created_by=curator, total=2)
    original = lexicon_services._insert
    calls = []

    def fail_on_history(model, *args):
        calls.append(model)
        if model is WordChange:
            raise RuntimeError("disk full")
        return original(model, *args)

    monkeypatch.setattr(lexicon_services, "_insert", fail_on_history)
    with pytest.raises(RuntimeError):
        on_bulk_job_queued.delay({"job_id": job.pk})
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "disk full")
    assert not LexiconWord.objects.filter(word__in=["qi", "za"]).exists()
    english.refresh_from_db()
    assert english.version == 1


@pytest.mark.parametrize(
    ("content", "shown"),
    [
        (b"", "is empty"),
        (b"\n  \n", "The file is empty"),
        (b"\xff\xfe\x00q\x00i", "not UTF-8"),
        (b"Paris\ne-mail\n", "No line of the file is a playable word"),
        (b"qi\n" * (2 * 1024 * 1024 + 1), "too large"),
    ],
)
def test_a_bad_upload_is_refused_with_a_message_and_writes_nothing(client, curator, english, content, shown):
    client.force_login(curator)
    upload = SimpleUploadedFile("words.txt", content)
    response = client.post(f"/admin/lexicons/lexicon/{english.pk}/bulk/",
                           {"file": upload, "action": "added", "reason": "x"})
    assert response.status_code == 200
    assert shown in response.content.decode()
    assert not LexiconBulkJob.objects.exists()
    english.refresh_from_db()
    assert english.version == 1


def test_the_version_diff_view_lists_added_and_removed_words(client, curator, english):
    client.force_login(curator)
    client.post(curate_url(english), {"word": "qi", "action": "added", "reason": "a"})
    client.post(curate_url(english), {"word": "dog", "action": "removed", "reason": "b"})
    html = client.get(f"/admin/lexicons/lexicon/{english.pk}/diff/?old=1&new=3").content.decode()
    assert "1 added, 1 removed" in html
    assert '<ul id="diff-added"><li>qi</li></ul>' in html and '<ul id="diff-removed"><li>dog</li></ul>' in html
    text = client.get(f"/admin/lexicons/lexicon/{english.pk}/diff/?old=1&new=3&format=txt").content.decode()
    assert text == "+qi\n-dog\n"


def test_word_search_with_filters(client, curator, english):
    client.force_login(curator)
    html = client.get(f"/admin/lexicons/lexiconword/?lexicon__id__exact={english.pk}&length=3").content.decode()
    assert ">cat<" in html and ">dog<" in html and ">cats<" not in html
    html = client.get("/admin/lexicons/lexiconword/?letter=z").content.decode()
    assert ">zebra<" in html and ">cat<" not in html
    html = client.get("/admin/lexicons/lexiconword/?q=ca&status__exact=active").content.decode()
    assert ">cat<" in html and ">cats<" in html and ">dog<" not in html


@pytest.mark.worker
def test_a_bulk_job_runs_on_a_real_worker(celery_worker_process, make_user):
    import time

    from lexicons.bulk import lexicon_bulk_job_create

    lexicon = lexicon_load_words(code="en", words=["cat"])
    user = make_user(username="curator")
    job = lexicon_bulk_job_create(lexicon=lexicon, action="added", data=b"qi\nza\n", reason="worker", user=user)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in ("done", "failed"):
            break
        time.sleep(0.2)
    assert (job.status, job.changed, job.version) == ("done", 2, 2)
    assert set(LexiconWord.objects.filter(status="active").values_list("word", flat=True)) == {"cat", "qi", "za"}


def test_resolving_a_report_in_the_admin(client, curator, alice, english, django_capture_on_commit_callbacks):
    from lexicons.services import word_report_create

    report = word_report_create(code="en", word="qi", kind="missing", reporter=alice)
    client.force_login(curator)
    assert "qi" in client.get("/admin/lexicons/wordreport/?status__exact=open").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/lexicons/wordreport/{report.pk}/resolve/", {"decision": "accept", "note": ""})
    assert response.status_code == 302
    assert WordReport.objects.get().status == "accepted"
    assert LexiconWord.objects.get(word="qi").status == "active"
    assert len(mail.outbox) == 1


def test_staff_without_the_curator_permission_may_look_but_not_change(client, staff, alice, english):
    from lexicons.services import word_report_create

    report = word_report_create(code="en", word="qi", kind="missing", reporter=alice)
    client.force_login(staff)
    assert client.get(f"/admin/lexicons/lexicon/{english.pk}/diff/").status_code == 200
    assert client.get("/admin/lexicons/lexiconword/").status_code == 200
    assert client.get(curate_url(english)).status_code == 403
    assert client.post(curate_url(english), {"word": "qi", "action": "added", "reason": "x"}).status_code == 403
    upload = SimpleUploadedFile("words.txt", b"qi\n")
    response = client.post(f"/admin/lexicons/lexicon/{english.pk}/bulk/", {"file": upload, "action": "added",
                                                                         "reason": "x"})
    assert response.status_code == 403
    assert client.post(f"/admin/lexicons/wordreport/{report.pk}/resolve/", {"decision": "accept"}).status_code == 403
    response = client.post("/admin/lexicons/wordreport/", {"action": "accept_reports", "_selected_action": [report.pk]})
    assert WordReport.objects.get().status == "open"
    assert not LexiconWord.objects.filter(word="qi").exists() and not LexiconBulkJob.objects.exists()


def test_players_cannot_reach_the_curation_pages(client, alice, english):
    client.force_login(alice)
    response = client.get(curate_url(english))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
