"""Player reports: from a game or a profile, with evidence, merged per matter, followed on "My reports"."""

import pytest

from moderation import services
from moderation.models import PlayerReport, ReportStatus

pytestmark = pytest.mark.django_db


def test_a_report_from_a_game_links_the_game_and_the_chat_messages(game, alice, bob, api_for):
    rude = services.chat_post(game_id=game.pk, user=bob, text="you are an idiot")
    answer = api_for(alice).post("/api/reports/", {"reported": "bob", "reason": "abusive_chat", "text": "rude",
                                                   "game": game.pk, "messages": [rude.pk]}, format="json")
    assert answer.status_code == 201
    report = PlayerReport.objects.get()
    assert (report.reporter, report.reported, report.game, report.status) == (alice, bob, game, ReportStatus.OPEN)
    assert list(report.messages.all()) == [rude]


def test_a_second_report_on_the_same_matter_is_merged(game, alice, bob):
    first = services.chat_post(game_id=game.pk, user=bob, text="insult one")
    second = services.chat_post(game_id=game.pk, user=bob, text="insult two")
    report, created = services.report_file(reporter=alice, username="bob", reason="abusive_chat", text="first",
                                           game_id=game.pk, message_ids=[first.pk])
    again, created_again = services.report_file(reporter=alice, username="bob", reason="abusive_chat",
                                                text="and again", game_id=game.pk, message_ids=[second.pk])
    assert created and not created_again and again.pk == report.pk
    again.refresh_from_db()
    assert again.text == "first\n\nand again"
    assert {m.pk for m in again.messages.all()} == {first.pk, second.pk}
    assert PlayerReport.objects.count() == 1


def test_reports_without_a_game_merge_separately_from_game_reports(game, alice, bob):
    services.report_file(reporter=alice, username="bob", reason="other", text="profile")
    services.report_file(reporter=alice, username="bob", reason="other", text="profile again")
    services.report_file(reporter=alice, username="bob", reason="abandoning", game_id=game.pk)
    assert PlayerReport.objects.count() == 2
    assert PlayerReport.objects.get(game=None).text == "profile\n\nprofile again"


def test_a_closed_report_is_not_merged_into(alice, bob, moderator):
    report, _ = services.report_file(reporter=alice, username="bob", reason="other", text="one")
    services.report_dismiss(moderator=moderator, report_id=report.pk, reason="nothing wrong")
    _again, created = services.report_file(reporter=alice, username="bob", reason="other", text="two")
    assert created and PlayerReport.objects.count() == 2


@pytest.mark.parametrize(("body", "code"), [
    ({"reported": "alice", "reason": "cheating"}, "CANNOT_REPORT_SELF"),
    ({"reported": "nobody", "reason": "cheating"}, "UNKNOWN_PLAYER"),
    ({"reported": "bob", "reason": "ugly"}, "BAD_REASON"),
    ({"reported": "bob", "reason": "other", "text": "x" * 2001}, "TEXT_TOO_LONG"),
    ({"reported": "bob", "reason": "other", "game": 999}, "UNKNOWN_GAME"),
    ({"reported": "bob", "reason": "other", "messages": [1]}, "BAD_EVIDENCE"),
])
def test_bad_reports_are_refused_and_nothing_is_written(alice, bob, api_for, body, code):
    answer = api_for(alice).post("/api/reports/", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code
    assert not PlayerReport.objects.exists()


def test_only_the_reported_players_messages_of_that_game_are_evidence(game, alice, bob, carol, api_for):
    mine = services.chat_post(game_id=game.pk, user=alice, text="my own words")
    answer = api_for(alice).post("/api/reports/", {"reported": "bob", "reason": "abusive_chat", "game": game.pk,
                                                   "messages": [mine.pk]}, format="json")
    assert answer.json()["code"] == "BAD_EVIDENCE"
    # A spectator cannot attach messages they cannot read.
    rude = services.chat_post(game_id=game.pk, user=bob, text="rude")
    answer = api_for(carol).post("/api/reports/", {"reported": "bob", "reason": "abusive_chat", "game": game.pk,
                                                   "messages": [rude.pk]}, format="json")
    assert answer.json()["code"] == "BAD_EVIDENCE"
    assert not PlayerReport.objects.exists()


def test_the_report_page_sends_a_report_with_evidence(game, alice, bob, client_for):
    rude = services.chat_post(game_id=game.pk, user=bob, text="rude words")
    client = client_for(alice)
    page = client.get(f"/moderation/report/?user=bob&game={game.pk}")
    assert page.status_code == 200 and "rude words" in page.content.decode()
    answer = client.post("/moderation/report/", {"user": "bob", "game": game.pk, "reason": "abusive_chat",
                                                 "text": "see attached", "messages": [rude.pk]})
    assert answer.status_code == 302 and answer.url == "/moderation/mine/"
    report = PlayerReport.objects.get()
    assert list(report.messages.all()) == [rude] and report.text == "see attached"


def test_the_profile_links_to_a_report_but_not_your_own(alice, bob, client_for):
    from django.urls import reverse

    client = client_for(alice)
    assert "/moderation/report/?user=bob" in client.get(reverse("profile_detail", args=["bob"])).content.decode()
    assert "/moderation/report/" not in client.get(reverse("profile_detail", args=["alice"])).content.decode()


def test_my_reports_shows_the_state_and_the_moderators_answer(alice, bob, moderator, client_for):
    report, _ = services.report_file(reporter=alice, username="bob", reason="cheating", text="used a solver")
    page = client_for(alice).get("/moderation/mine/").content.decode()
    assert "used a solver" in page and "Open" in page
    services.player_warn(moderator=moderator, reason="Please play fair.", report_id=report.pk)
    page = client_for(alice).get("/moderation/mine/").content.decode()
    assert "Resolved" in page and "Please play fair." in page
