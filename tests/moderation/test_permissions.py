"""Permissions: the moderator group holds exactly moderation's powers; everyone else is refused."""

import importlib

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import Group, Permission

from moderation import services
from moderation.groups import MODERATOR_GROUP, moderator_group_ensure
from moderation.models import ChatMessage, ModerationAction, PlayerReport, ReportStatus

pytestmark = pytest.mark.django_db


def perms_of(group):
    return sorted(f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all())


def test_the_moderator_group_has_exactly_its_powers_and_is_idempotent():
    curators, _ = Group.objects.get_or_create(name="Dictionary curators")
    curators.permissions.set([Permission.objects.get(codename="curate_lexicon")])
    moderator_group_ensure()
    group = moderator_group_ensure()
    assert Group.objects.filter(name=MODERATOR_GROUP).count() == 1
    assert perms_of(group) == [
        "moderation.annul_game", "moderation.moderate", "moderation.suspend_player",
        "moderation.view_chatmessage", "moderation.view_moderationaction", "moderation.view_playerreport",
    ]
    assert perms_of(curators) == ["lexicons.curate_lexicon"]


def test_the_migrations_create_the_group_with_exactly_its_powers():
    migration = importlib.import_module("moderation.migrations.0002_moderator_group")
    Group.objects.filter(name=MODERATOR_GROUP).delete()
    migration.group_create(django_apps, None)
    migration.group_create(django_apps, None)  # again: nothing doubles
    assert perms_of(Group.objects.get(name=MODERATOR_GROUP)) == perms_of(moderator_group_ensure())
    assert len(perms_of(Group.objects.get(name=MODERATOR_GROUP))) == 6


def test_a_moderator_opens_the_admin_by_role_without_staff_status(client, moderator):
    assert not moderator.is_staff
    client.force_login(moderator)
    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/moderation/playerreport/").status_code == 200
    assert client.get("/admin/games/game/").status_code == 403  # the role shows only its own part


def test_a_player_without_a_role_is_not_let_into_the_admin(client, alice):
    client.force_login(alice)
    assert client.get("/admin/")["Location"].startswith("/admin/login/")


def test_moderators_do_not_curate_dictionaries(moderator):
    assert moderator.has_perm("moderation.moderate") and not moderator.has_perm("lexicons.curate_lexicon")


@pytest.fixture
def curator(make_user):
    user = make_user(username="curator", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="curate_lexicon"))
    return user


@pytest.fixture
def open_report(game, alice, bob):
    rude = services.chat_post(game_id=game.pk, user=bob, text="rude")
    report, _ = services.report_file(reporter=alice, username="bob", reason="abusive_chat", game_id=game.pk,
                                     message_ids=[rude.pk])
    return report


ACTIONS = [
    {"action": "warn", "user": "bob"},
    {"action": "mute_chat", "user": "bob", "days": "1"},
    {"action": "suspend", "user": "bob", "days": "1"},
    {"action": "lift_suspension", "user": "bob"},
    {"action": "annul_game", "game": "GAME"},
    {"action": "hide_message", "message": "MESSAGE"},
    {"action": "dismiss_report", "report": "REPORT"},
]


@pytest.mark.parametrize("body", ACTIONS, ids=[a["action"] for a in ACTIONS])
@pytest.mark.parametrize("who", ["alice", "curator"])
def test_every_action_is_refused_without_the_permission(request, open_report, game, api_for, client_for, body,
                                                        who, curator):
    user = request.getfixturevalue(who) if who == "alice" else curator
    body = {**body, "reason": "because"}
    for key, value in (("game", game.pk), ("message", ChatMessage.objects.get().pk), ("report", open_report.pk)):
        if body.get(key) == key.upper():
            body[key] = value
    answer = api_for(user).post("/api/moderation/actions/", body, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "NOT_MODERATOR"
    assert client_for(user).post("/moderation/act/", {k: v for k, v in body.items()}).status_code == 403
    assert not ModerationAction.objects.exists()
    open_report.refresh_from_db()
    assert open_report.status == ReportStatus.OPEN


@pytest.mark.parametrize("url", ["/moderation/queue/", "/moderation/log/", "/moderation/players/bob/",
                                 "/moderation/reports/{report}/", "/moderation/games/{game}/chat/"])
def test_staff_pages_refuse_players_and_curators(open_report, game, alice, curator, client_for, url):
    url = url.format(report=open_report.pk, game=game.pk)
    assert client_for(alice).get(url).status_code == 403
    assert client_for(curator).get(url).status_code == 403


def test_the_log_api_refuses_players(alice, api_for):
    answer = api_for(alice).get("/api/moderation/actions/")
    assert answer.status_code == 403 and answer.json()["code"] == "NOT_MODERATOR"


def test_a_service_called_directly_checks_the_permission(open_report, alice):
    from moderation.errors import ModerationError

    with pytest.raises(ModerationError) as refused:
        services.report_dismiss(moderator=alice, report_id=open_report.pk, reason="r")
    assert refused.value.code == "NOT_MODERATOR"


def test_a_moderator_without_suspend_power_cannot_suspend(open_report, make_user, api_for):
    partial = make_user(username="partial")
    partial.user_permissions.add(Permission.objects.get(codename="moderate"))
    answer = api_for(partial).post("/api/moderation/actions/", {"action": "suspend", "user": "bob",
                                                                "reason": "r"}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "NOT_MODERATOR"
    assert api_for(partial).post("/api/moderation/actions/", {"action": "warn", "user": "bob", "reason": "r"},
                                 format="json").status_code == 201


@pytest.mark.parametrize("model", ["playerreport", "chatmessage", "moderationaction"])
def test_the_admin_refuses_staff_without_the_view_permission(curator, client_for, model):
    assert client_for(curator).get(f"/admin/moderation/{model}/").status_code == 403


def test_the_admin_queue_shows_open_reports_with_their_evidence(open_report, moderator, client_for):
    client = client_for(moderator)
    queue = client.get("/admin/moderation/playerreport/").content.decode()
    assert "bob" in queue and "Review and act" in queue
    detail = client.get(f"/admin/moderation/playerreport/{open_report.pk}/change/").content.decode()
    assert "rude" in detail and f"/games/{open_report.game_id}/" in detail


def test_the_admin_dismiss_action_asks_for_a_reason(open_report, moderator, client_for):
    client = client_for(moderator)
    url = "/admin/moderation/playerreport/"
    form = client.post(url, {"action": "dismiss", "_selected_action": [open_report.pk]})
    assert form.status_code == 200 and "A reason is required" in form.content.decode()
    client.post(url, {"action": "dismiss", "_selected_action": [open_report.pk], "confirm": "1", "reason": ""})
    open_report.refresh_from_db()
    assert open_report.status == ReportStatus.OPEN and not ModerationAction.objects.exists()
    client.post(url, {"action": "dismiss", "_selected_action": [open_report.pk], "confirm": "1", "reason": "fine"})
    open_report.refresh_from_db()
    assert open_report.status == ReportStatus.DISMISSED and open_report.resolution == "fine"


def test_admin_actions_are_refused_to_staff_who_may_only_view(open_report, make_user, client_for):
    viewer = make_user(username="viewer", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_playerreport"),
                                Permission.objects.get(codename="view_chatmessage"))
    client = client_for(viewer)
    client.post("/admin/moderation/playerreport/", {"action": "dismiss", "_selected_action": [open_report.pk],
                                                    "confirm": "1", "reason": "x"})
    client.post("/admin/moderation/chatmessage/", {"action": "hide", "confirm": "1", "reason": "x",
                                                   "_selected_action": [ChatMessage.objects.get().pk]})
    open_report.refresh_from_db()
    assert open_report.status == ReportStatus.OPEN and not ModerationAction.objects.exists()
    assert ChatMessage.objects.get().hidden_at is None
    assert PlayerReport.objects.count() == 1
