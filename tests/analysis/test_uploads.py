"""GCG uploads: ``POST /api/analyses/`` and the upload page store a record checked strictly and analyse
it in Celery (202: pending until it ran); a malformed or impossible record is refused with its line and
reason, nothing stored."""

import pytest
from django.utils import timezone

from analysis.errors import GCG_INVALID, UNKNOWN_LEXICON
from analysis.models import Analysis
from engines.crossword import gcg
from tests.helpers import committed
from tests.shared_data import gcg_records

pytestmark = pytest.mark.django_db

HEAD = "#player1 ann Ann\n#player2 bob Bob\n"
# Ann's last rack lists only the two tiles she kept while the bag holds 84: not her whole rack.
RECORD = HEAD + ">ann: DINNVWY 8D WINDY +32 32\n>bob: AEEGILS -AE +0 0\n>ann: NV - +0 32\n"


@pytest.fixture
def upload(api_for, lexicons, alice):
    def post(text, lexicon="en", user=alice):
        with committed():
            return api_for(user).post("/api/analyses/", {"gcg": text, "lexicon": lexicon}, format="json")
    return post


def test_an_uploaded_record_is_analysed_and_served_to_its_uploader(upload, api_for, alice):
    created = upload(RECORD)
    assert created.status_code == 202
    assert created.json() == {"id": created.json()["id"], "game": None, "status": "pending", "method": "static",
                              "turns_method": None, "lexicon": "en", "error": "", "turns": [], "summary": []}
    body = api_for(alice).get(f"/api/analyses/{created.json()['id']}/").json()
    assert body["status"] == "done" and body["game"] is None
    analysed, skipped = body["turns"][:2], body["turns"][2]
    assert [(t["player"], t["played"]["move"], t["played"]["score"]) for t in analysed] == [
        ("ann", "8D WINDY", 32), ("bob", "-AE", 0)]
    assert (skipped["player"], skipped["status"], skipped["skip"]) == ("ann", "skipped", "partial_rack")
    assert "played" not in skipped and "rank" not in skipped
    assert [t["line"] for t in body["turns"]] == [3, 4, 5]
    assert [(r["player"], r["turns"], r["skipped"], r["phonies"]) for r in body["summary"]] == [
        ("ann", 1, 1, 0), ("bob", 1, 0, 0)]
    windy = body["turns"][0]
    assert windy["rank"] >= 1 and windy["best"][0]["equity"] >= windy["played"]["equity"]
    assert all(set(p) == {"move", "score", "equity"} for p in windy["best"])


def test_someone_elses_upload_is_not_found(upload, api_for, bob):
    created = upload(RECORD).json()
    answer = api_for(bob).get(f"/api/analyses/{created['id']}/")
    assert (answer.status_code, answer.json()["code"]) == (404, "NOT_FOUND")


@pytest.mark.parametrize("lines,line,reason", [
    (">ann: ABCDEFG 8Z CAB +10 10", 3, "cannot read the move"),
    (">ann: ABCDEFG 8H CAB +ten 10", 3, "expected '... +score total'"),
    (">ann: XYZ 8D WINDY +32 32", 3, "needs DINW, which is not on the rack XYZ"),
    (">ann: DINNVWY 8D WINDY +32 32\n>bob: ADEEGIL 8D GALE +16 16", 4, "already holds a tile"),
    (">ann: ??? 8H aAH +10 10", 3, "hold 3 blanks; the set has 2"),
    (">cat: DINNVWY 8D WINDY +32 32", 3, "is not one of the #player lines"),
])
def test_a_bad_record_is_refused_with_its_line_and_reason_and_nothing_is_stored(upload, lines, line, reason):
    answer = upload(HEAD + lines + "\n")
    body = answer.json()
    assert (answer.status_code, body["code"]) == (400, GCG_INVALID)
    assert body["details"]["line"] == line and reason in body["details"]["reason"]
    assert body["message"].startswith(f"Line {line}: ")
    assert not Analysis.objects.exists()


@pytest.mark.parametrize("text", ["", "   \n", HEAD])
def test_an_empty_record_is_refused(upload, text):
    answer = upload(text)
    assert (answer.status_code, answer.json()["code"]) == (400, GCG_INVALID)
    assert not Analysis.objects.exists()


def test_an_unknown_dictionary_is_refused(upload):
    answer = upload(RECORD, lexicon="xx")
    assert (answer.status_code, answer.json()["code"]) == (400, UNKNOWN_LEXICON)
    assert not Analysis.objects.exists()


def test_uploading_needs_an_account(client, lexicons):
    answer = client.post("/api/analyses/", {"gcg": RECORD, "lexicon": "en"}, content_type="application/json")
    assert answer.status_code in (401, 403) and not Analysis.objects.exists()


def test_real_records_are_analysed_turn_by_turn(upload, api_for, alice):
    for path in gcg_records():
        text = path.read_text(encoding="utf-8")
        created = upload(text)
        assert created.status_code == 202, created.json()
        body = api_for(alice).get(f"/api/analyses/{created.json()['id']}/").json()
        decisions = [t for t in gcg.parse(text).turns if t.kind in ("play", "exchange", "pass")]
        assert body["status"] == "done" and len(body["turns"]) == len(decisions), path.name
        analysed = [t for t in body["turns"] if t["status"] == "analysed"]
        assert analysed, path.name
        assert all(t["best"] and (t["rank"] is None if t["phony"] else t["rank"] >= 1) for t in analysed)
        for row in body["summary"]:  # a skipped turn counts as skipped and nowhere else
            mine = [t for t in body["turns"] if t["seat"] == row["seat"]]
            assert row["skipped"] == sum(t["status"] == "skipped" for t in mine)
            assert row["turns"] == len(mine) - row["skipped"]
            assert row["best_plays"] == sum(t.get("rank") == 1 for t in mine)


def test_the_upload_page_analyses_a_pasted_record(client, lexicons, alice):
    client.force_login(alice)
    assert "GCG record" in client.get("/analysis/").content.decode()
    with committed():
        response = client.post("/analysis/", {"gcg": RECORD, "lexicon": "en"})
    analysis = Analysis.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/analysis/{analysis.pk}/"
    html = client.get(response["Location"]).content.decode()
    assert "Average equity lost" in html and "8D WINDY" in html
    assert "1 skipped" in html and "the record gives only part of the rack" in html


def test_the_upload_page_shows_the_line_and_reason_of_a_bad_record(client, lexicons, alice):
    client.force_login(alice)
    response = client.post("/analysis/", {"gcg": HEAD + ">ann: XYZ 8D WINDY +32 32\n", "lexicon": "en"})
    html = response.content.decode()
    assert response.status_code == 200 and "Line 3: 8D WINDY needs DINW, which is not on the rack XYZ" in html
    assert not Analysis.objects.exists()


def test_an_upload_is_shown_to_its_uploader_only(client, upload, bob):
    created = upload(RECORD).json()
    client.force_login(bob)
    assert client.get(f"/analysis/{created['id']}/").status_code == 404


def test_a_player_line_without_a_name_is_refused_with_its_line(upload):
    answer = upload("#player1\n#player2 bob Bob\n>bob: DINNVWY 8D WINDY +32 32\n")
    assert (answer.status_code, answer.json()["code"], answer.json()["details"]["line"]) == (400, GCG_INVALID, 1)
    assert not Analysis.objects.exists()


def test_uploads_are_limited_per_hour(upload, alice):
    from analysis.services import UPLOADS_PER_HOUR

    ran = timezone.now()
    Analysis.objects.bulk_create([Analysis(owner=alice, gcg=RECORD, lexicon="en", status="done", finished_at=ran)
                                  for _ in range(UPLOADS_PER_HOUR)])
    answer = upload(RECORD)
    assert (answer.status_code, answer.json()["code"]) == (429, "RATE_LIMITED")
    assert Analysis.objects.count() == UPLOADS_PER_HOUR
