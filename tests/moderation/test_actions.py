"""Moderator actions: each logged with its reason, each answering a report once, each with its effect."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.test import TestCase

from core.errors import AppError
from games import services as game_services
from games.models import Game, GameStatus
from moderation import services
from moderation.errors import ModerationError
from moderation.models import ActionKind, ChatMessage, ModerationAction, PlayerReport, PlayerStanding, ReportStatus
from notifications.models import Notification
from tests.games.helpers import every_seat_moves
from tests.leagues.helpers import SEAT0_WINS, committed, play, win

pytestmark = pytest.mark.django_db


def snapshot():
    return (
        list(ModerationAction.objects.values_list("pk", flat=True)),
        list(PlayerReport.objects.values_list("pk", "status", "resolution")),
        list(PlayerStanding.objects.values_list("user_id", "suspended_until", "suspended_for_good",
                                                "chat_muted_until")),
        list(ChatMessage.objects.values_list("pk", "hidden_at")),
        list(Game.objects.values_list("pk", "status", "version")),
        Notification.objects.count(),
    )


def test_a_warning_is_logged_resolves_the_report_and_is_shown_until_acknowledged(alice, bob, moderator, client_for):
    report, _ = services.report_file(reporter=alice, username="bob", reason="abusive_chat")
    row = services.player_warn(moderator=moderator, reason="Mind your language.", report_id=report.pk)
    assert (row.action, row.target_user, row.moderator, row.reason) == (ActionKind.WARN, bob, moderator,
                                                                         "Mind your language.")
    report.refresh_from_db()
    assert (report.status, report.resolved_by, report.resolution) == (ReportStatus.RESOLVED, moderator,
                                                                      "Mind your language.")
    assert Notification.objects.filter(user=bob).count() == 1
    client = client_for(bob)
    for url in ("/games/", "/lobby/"):
        assert "Mind your language." in client.get(url).content.decode()
    client.post(f"/moderation/warnings/{row.pk}/acknowledge/")
    assert "Mind your language." not in client.get("/games/").content.decode()
    assert "Mind your language." in client.get("/moderation/mine/").content.decode()


def test_acting_on_a_report_twice_is_refused_and_writes_nothing(alice, bob, moderator):
    report, _ = services.report_file(reporter=alice, username="bob", reason="cheating")
    services.player_warn(moderator=moderator, reason="first", report_id=report.pk)
    before = snapshot()
    with pytest.raises(ModerationError) as refused:
        services.player_suspend(moderator=moderator, reason="second", days=3, report_id=report.pk)
    assert refused.value.code == "REPORT_CLOSED" and refused.value.status == 409
    assert snapshot() == before


@pytest.mark.parametrize(("reason", "code"), [("", "REASON_REQUIRED"), ("   ", "REASON_REQUIRED"),
                                              ("x" * 501, "REASON_TOO_LONG")])
def test_an_action_without_a_proper_reason_is_refused_and_writes_nothing(alice, bob, moderator, api_for,
                                                                          reason, code):
    report, _ = services.report_file(reporter=alice, username="bob", reason="cheating")
    before = snapshot()
    answer = api_for(moderator).post("/api/moderation/actions/", {"action": "warn", "reason": reason,
                                                                  "report": report.pk}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code
    assert snapshot() == before


@pytest.mark.parametrize(("body", "code"), [
    ({"action": "explode", "reason": "r", "user": "bob"}, "UNKNOWN_ACTION"),
    ({"action": "suspend", "reason": "r", "user": "bob", "days": "0"}, "BAD_DURATION"),
    ({"action": "mute_chat", "reason": "r", "user": "bob", "days": "forever"}, "BAD_DURATION"),
    ({"action": "warn", "reason": "r", "user": "mod"}, "CANNOT_ACT_ON_SELF"),
    ({"action": "warn", "reason": "r"}, "MISSING_TARGET"),
    ({"action": "lift_suspension", "reason": "r", "user": "bob"}, "NOT_SUSPENDED"),
    ({"action": "annul_game", "reason": "r", "game": 999}, "UNKNOWN_GAME"),
])
def test_bad_actions_are_refused_and_write_nothing(bob, moderator, api_for, body, code):
    before = snapshot()
    answer = api_for(moderator).post("/api/moderation/actions/", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code
    assert snapshot() == before


def test_a_chat_mute_stops_the_players_messages_for_its_period(game, bob, moderator):
    from datetime import timedelta

    from django.utils import timezone

    now = timezone.now()
    row = services.chat_mute_player(moderator=moderator, user=bob, reason="spam", days=1, now=now)
    assert row.until == now + timedelta(days=1)
    with pytest.raises(ModerationError) as refused:
        services.chat_post(game_id=game.pk, user=bob, text="hello?", now=now + timedelta(hours=2))
    assert refused.value.code == "CHAT_MUTED"
    services.chat_post(game_id=game.pk, user=bob, text="back", now=now + timedelta(days=1, seconds=1))


def test_a_suspension_forfeits_running_games_and_refuses_moves(game, alice, bob, moderator, make_user):
    every_seat_moves(game)  # a game both have played in: the suspension forfeits it (before, it aborts)
    seek = game_services.game_create(creator=bob, kind="toy", seats=2)
    with committed():
        services.player_suspend(moderator=moderator, user=bob, reason="abuse", days=7)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.result["reason"] == "suspension"
    assert [s.rank for s in game.seats.order_by("index")] == [1, 2]
    seek.refresh_from_db()
    assert seek.status == GameStatus.ABORTED
    other = game_services.game_create(creator=alice, kind="toy", opponents=[make_user(username="dan")])
    with pytest.raises(AppError) as refused:
        game_services.game_create(creator=alice, kind="toy", opponents=[bob])
    assert refused.value.code == "PLAYER_SUSPENDED"
    with pytest.raises(AppError) as refused:
        game_services.seek_accept(game_id=game_services.game_create(creator=alice, kind="toy").pk, user=bob)
    assert refused.value.code == "PLAYER_SUSPENDED"
    assert other.status == GameStatus.ACTIVE


def test_a_suspended_player_cannot_move_through_the_api(game, alice, bob, moderator, api_for):
    # Alice is suspended while it is her move (a token client is not logged out by the middleware).
    PlayerStanding.objects.create(user=alice, suspended_for_good=True)
    cache.clear()  # the row is written here, not through the services that drop the cached standing
    answer = api_for(alice).post(f"/api/games/{game.pk}/moves/", {"move": {"type": "add", "n": 1}, "version": 1,
                                                                  "idempotency_key": "k"}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "PLAYER_SUSPENDED"
    assert game.moves.count() == 0


def test_a_suspended_player_cannot_log_in_and_is_logged_out(bob, moderator, client):
    client.force_login(bob)
    services.player_suspend(moderator=moderator, user=bob, reason="abuse")  # for good
    client.get("/games/")
    assert SESSION_KEY not in client.session
    answer = client.post("/accounts/login/", {"login": "bob", "password": "correct horse battery"})
    assert answer.status_code == 403 and "suspended" in answer.content.decode()
    assert SESSION_KEY not in client.session


def test_lifting_a_suspension_lets_the_player_log_in_again(bob, moderator, client):
    services.player_suspend(moderator=moderator, user=bob, reason="abuse", days=30)
    services.suspension_lift(moderator=moderator, user=bob, reason="appeal accepted")
    answer = client.post("/accounts/login/", {"login": "bob", "password": "correct horse battery"})
    assert answer.status_code == 302 and SESSION_KEY in client.session
    assert list(ModerationAction.objects.order_by("pk").values_list("action", flat=True)) == [
        ActionKind.SUSPEND, ActionKind.LIFT_SUSPENSION]


def test_a_suspension_removes_the_player_from_a_running_league(make_user, moderator):
    from leagues import services as league_services
    from leagues.models import Entry, OrganiserAction

    players = [make_user(username=f"p{i}") for i in range(4)]
    league = league_services.league_create(
        creator=players[0], name="L", kind="toy", options={"target": 3}, division_min=3, division_max=5,
        promote=1, relegate=1,
    )
    for user in players:
        league_services.league_join(league_id=league.pk, user=user, token=league.invite_token)
    league_services.season_start(league_id=league.pk, actor=players[0])
    registering = league_services.league_create(creator=players[0], name="Next", kind="toy")
    league_services.league_join(league_id=registering.pk, user=players[1])
    with committed():
        services.player_suspend(moderator=moderator, user=players[1], reason="cheating")
    assert Entry.objects.get(user=players[1]).removed
    assert not Game.objects.filter(seats__user=players[1], status=GameStatus.ACTIVE).exists()
    log = OrganiserAction.objects.get(target=players[1], league=league)
    assert log.actor == moderator and log.details["reason"] == "suspended"
    assert not Entry.objects.filter(season__league=registering).exists()
    with pytest.raises(AppError) as refused:  # nor can they join again while suspended
        league_services.league_join(league_id=registering.pk, user=players[1])
    assert refused.value.code == "PLAYER_SUSPENDED" and not Entry.objects.filter(season__league=registering).exists()


def test_annulling_a_rated_game_reverts_its_rating_changes(alice, bob, moderator):
    from ratings.models import Rating, RatingChange

    first = game_services.game_create(creator=alice, kind="toy", opponents=[bob], options={"target": 3})
    second = game_services.game_create(creator=alice, kind="toy", opponents=[bob], options={"target": 3})
    win(first, alice)
    win(second, alice)
    assert RatingChange.objects.count() == 4
    with committed():
        services.game_annul(moderator=moderator, game_id=first.pk, reason="collusion")
    first.refresh_from_db()
    assert first.status == GameStatus.ANNULLED
    assert set(RatingChange.objects.values_list("game_id", flat=True)) == {second.pk}
    # As if only the second game had been played: one win from 1500 each, K = 40.
    assert Rating.objects.get(user=alice).games == 1 and Rating.objects.get(user=alice).rating == pytest.approx(1520)
    with pytest.raises(ModerationError) as refused:
        services.game_annul(moderator=moderator, game_id=first.pk, reason="again")
    assert refused.value.code == "ALREADY_ANNULLED"


def test_an_annulled_league_game_leaves_the_standings_and_its_ratings_are_rebuilt(make_user, moderator):
    from leagues import services as league_services
    from leagues.models import Fixture, SeasonStatus
    from leagues.selectors import season_tables
    from ratings.models import Rating, RatingChange

    players = [make_user(username=f"p{i}") for i in range(3)]
    league = league_services.league_create(creator=players[0], name="L", kind="toy", options={"target": 3},
                                           division_min=3, division_max=5, promote=0, relegate=0)
    for user in players:
        league_services.league_join(league_id=league.pk, user=user)
    season = league_services.season_start(league_id=league.pk, actor=players[0])
    first, second, last = (f.game for f in Fixture.objects.select_related("game").order_by("pk"))
    play(first, SEAT0_WINS)
    play(second, SEAT0_WINS)
    with committed():
        services.game_annul(moderator=moderator, game_id=first.pk, reason="collusion")
    rows = {r.player: r for r in season_tables(season=season, league=league)[0].rows}
    assert sum(r.played for r in rows.values()) == 2  # only the second game counts
    assert set(RatingChange.objects.values_list("game_id", flat=True)) == {second.pk}
    assert {r.user_id: r.games for r in Rating.objects.all() if r.games} == {
        u.pk: 1 for u in players if second.seats.filter(user=u).exists()}
    # Annulling the last unfinished fixture is the season's end, as its finishing would have been.
    with committed():
        services.game_annul(moderator=moderator, game_id=last.pk, reason="collusion")
    season.refresh_from_db()
    assert season.status == SeasonStatus.FINISHED


def test_annulling_a_running_game_stops_it(game, moderator):
    services.game_annul(moderator=moderator, game_id=game.pk, reason="bots")
    game.refresh_from_db()
    assert game.status == GameStatus.ANNULLED and not game.seats.filter(to_act=True).exists()


def test_a_hidden_message_keeps_its_place_but_not_its_text(game, alice, bob, moderator, api_for):
    rude = services.chat_post(game_id=game.pk, user=bob, text="very rude")
    with TestCase.captureOnCommitCallbacks() as callbacks:
        services.message_hide(moderator=moderator, message_id=rude.pk, reason="abusive")
    assert len(callbacks) == 1
    body = api_for(alice).get(f"/api/games/{game.pk}/chat/").json()
    assert body["messages"][0]["hidden"] is True and "very rude" not in str(body)
    with pytest.raises(ModerationError) as refused:
        services.message_hide(moderator=moderator, message_id=rude.pk, reason="again")
    assert refused.value.code == "ALREADY_HIDDEN"


def test_dismissing_a_report_closes_it_as_dismissed(alice, bob, moderator):
    report, _ = services.report_file(reporter=alice, username="bob", reason="other")
    services.report_dismiss(moderator=moderator, report_id=report.pk, reason="no evidence")
    report.refresh_from_db()
    assert report.status == ReportStatus.DISMISSED and report.resolution == "no evidence"


def test_the_staff_pages_show_the_queue_evidence_and_log(game, alice, bob, moderator, client_for):
    rude = services.chat_post(game_id=game.pk, user=bob, text="rude words")
    report, _ = services.report_file(reporter=alice, username="bob", reason="abusive_chat", game_id=game.pk,
                                     message_ids=[rude.pk])
    client = client_for(moderator)
    assert "bob" in client.get("/moderation/queue/").content.decode()
    review = client.get(f"/moderation/reports/{report.pk}/").content.decode()
    assert "rude words" in review and f"/games/{game.pk}/" in review
    answer = client.post("/moderation/act/", {"action": "mute_chat", "days": "3", "reason": "abusive chat",
                                              "report": report.pk})
    assert answer.status_code == 302
    assert "abusive chat" in client.get("/moderation/log/").content.decode()
    assert "abusive chat" in client.get("/moderation/players/bob/").content.decode()
    assert "rude words" in client.get(f"/moderation/games/{game.pk}/chat/").content.decode()


@pytest.mark.parametrize("page", ["review", "player"])
def test_the_staff_pages_query_count_is_constant_in_the_players_earlier_actions(alice, bob, moderator, client_for,
                                                                              page):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    report, _ = services.report_file(reporter=alice, username="bob", reason="other")
    url = f"/moderation/reports/{report.pk}/" if page == "review" else "/moderation/players/bob/"
    client = client_for(moderator)

    def queries():
        with CaptureQueriesContext(connection) as ctx:
            html = client.get(url).content.decode()
        assert html.count('href="/moderation/players/bob/"') >= ModerationAction.objects.count()
        return len(ctx.captured_queries)

    services.player_warn(moderator=moderator, user=bob, reason="first")
    queries()  # the first request caches the moderator's standing (no query on later ones)
    one = queries()
    for n in range(4):
        services.player_warn(moderator=moderator, user=bob, reason=f"again {n}")
    assert ModerationAction.objects.count() == 5
    assert queries() == one
