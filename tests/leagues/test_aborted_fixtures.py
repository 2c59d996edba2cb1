"""A league fixture a player left before every seat had moved (resigned or timed out: the game is
aborted) is settled by the league's rule: replayed once with the same players in the same seats, or
adjudicated with the player who left losing.  The events may arrive twice; aborts decided otherwise (a
player moved to another division, a suspension) are never replayed."""

from datetime import UTC, datetime, timedelta

import pytest

from games import services as game_services
from games.models import Game, GameStatus
from leagues import services
from leagues.models import Fixture, OrganiserAction, SeasonStatus
from leagues.selectors import season_tables
from leagues.tasks import on_game_ended
from ratings.models import RatingChange
from tests.helpers import committed, sweep
from tests.leagues.helpers import SEAT0_WINS, assert_page_tables_agree, play

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def friends_league(players, n=2, **overrides):
    settings = {"creator": players[0], "name": "Friends", "kind": "toy", "options": {"target": 3},
                "format": "friends"}
    league = services.league_create(**(settings | overrides))
    for user in players[:n]:
        services.league_join(league_id=league.pk, user=user)
    services.season_start(league_id=league.pk, actor=players[0], now=T0)
    return league


def first_fixture(league):
    return Fixture.objects.filter(division__season__league=league).select_related("game").order_by("pk").first()


def seat_users(game):
    return [s.user for s in game.seats.order_by("index")]


def move(game, user, n=1, now=None):
    game.refresh_from_db()
    game_services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": n}, version=game.version,
                                   idempotency_key=f"m-{game.pk}-{game.version}", now=now)


def resign(game, user):
    with committed():
        game_services.game_resign(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED


def test_replay_rule_a_new_game_with_the_same_seats_replaces_the_aborted_one_once(players):
    league = friends_league(players)
    fixture = first_fixture(league)
    old = fixture.game
    starter, second = seat_users(old)
    move(old, starter)
    resign(old, second)  # second leaves before making a move: an abort
    fixture.refresh_from_db()
    assert fixture.game_id != old.pk and fixture.aborted_games == [old.pk] and fixture.result is None
    assert fixture.game.status == GameStatus.ACTIVE
    assert seat_users(fixture.game) == [starter, second]  # the seat order is kept
    assert fixture.game.options["target"] == 3 and fixture.game.days_per_move == league.days_per_move
    log = OrganiserAction.objects.get(action="replay")
    assert (log.target, log.actor, log.details) == (second, None, {"game": old.pk, "replay": fixture.game_id,
                                                                   "reason": "resignation"})
    assert not RatingChange.objects.exists()  # an abort is never rated
    assert_page_tables_agree(fixture.division.season, league)  # the replay's line on the page
    # The replay is played and counts; the aborted game does not.
    play(fixture.game, SEAT0_WINS)
    (table,) = season_tables(season=fixture.division.season, league=league)
    assert {r.user.username: (r.played, r.points) for r in table.rows} == {
        starter.username: (1, 2), second.username: (1, 0)}


def test_the_same_event_twice_replays_once(players):
    league = friends_league(players)
    fixture = first_fixture(league)
    old = fixture.game
    resign(old, seat_users(old)[0])
    event = {"game_id": old.pk, "reason": "abort", "was_finished": False}
    with committed():
        on_game_ended.apply(args=[event])  # a duplicate delivery, and a retry
        services.fixture_ended(game_id=old.pk)
    assert Game.objects.filter(fixture__division__season__league=league).count() == 2
    assert OrganiserAction.objects.filter(action="replay").count() == 1
    fixture.refresh_from_db()
    assert fixture.aborted_games == [old.pk]


def test_a_replay_aborted_again_is_adjudicated_against_the_player_who_left(players):
    league = friends_league(players)
    fixture = first_fixture(league)
    starter, second = seat_users(fixture.game)
    resign(fixture.game, starter)
    fixture.refresh_from_db()
    replay = fixture.game
    resign(replay, starter)
    fixture.refresh_from_db()
    assert fixture.game_id == replay.pk and fixture.result["ranks"] == [2, 1] and fixture.result["left"] == 0
    assert list(OrganiserAction.objects.order_by("pk").values_list("action", flat=True)) == [
        "season_start", "replay", "abort_adjudged"]


def test_adjudicate_rule_the_player_who_left_loses_on_the_scores_at_the_abort(players):
    league = friends_league(players, n=3, abort_rule="adjudicate")
    fixture = first_fixture(league)
    game = fixture.game
    starter, second = seat_users(game)
    move(game, starter, n=2)
    resign(game, second)
    fixture.refresh_from_db()
    assert fixture.game_id == game.pk and fixture.aborted_games == []
    assert fixture.result == {"scores": [2, 0], "ranks": [1, 2], "reason": "abort", "left": 1, "team_score": None}
    rows = {r.user.username: r for r in season_tables(season=fixture.division.season, league=league)[0].rows}
    assert (rows[starter.username].won, rows[starter.username].points, rows[starter.username].difference) == (1, 2, 2)
    assert (rows[second.username].lost, rows[second.username].points) == (1, 0)
    assert_page_tables_agree(fixture.division.season, league)  # the league's result on the page too
    assert not RatingChange.objects.exists()
    log = OrganiserAction.objects.get(action="abort_adjudged")
    assert (log.target, log.details) == (second, {"game": game.pk, "reason": "resignation"})
    with committed():  # again: nothing changes
        on_game_ended.apply(args=[{"game_id": game.pk, "reason": "abort", "was_finished": False}])
    assert OrganiserAction.objects.filter(action="abort_adjudged").count() == 1


def test_a_timeout_before_moving_is_settled_like_a_resignation(players):
    league = friends_league(players, options={"target": 20})  # the clock's moves must not end it
    fixture = first_fixture(league)
    starter, second = seat_users(fixture.game)
    sweep(now=T0 + 3 * DAY)  # the starter times out (played by the clock), then the second player moves
    move(fixture.game, second, now=T0 + 4 * DAY)
    sweep(now=T0 + 7 * DAY)  # the starter's second timeout in a row, never having moved: an abort
    fixture.refresh_from_db()
    assert fixture.aborted_games and fixture.game.status == GameStatus.ACTIVE
    assert OrganiserAction.objects.get(action="replay").details["reason"] == "timeout"


def test_games_aborted_by_a_division_move_or_a_suspension_are_not_replayed(players):
    league = services.league_create(creator=players[0], name="Big", kind="toy", options={"target": 20},
                                    division_min=3, division_max=5, promote=1, relegate=1)
    for user in players[:6]:
        services.league_join(league_id=league.pk, user=user)
    services.season_start(league_id=league.pk, actor=players[0], now=T0)
    mover = players[5]
    with committed():
        services.entry_move(league_id=league.pk, actor=players[0], user=mover, level=1)
    suspended_game = Game.objects.filter(status=GameStatus.ACTIVE).exclude(seats__user=mover).order_by("pk").first()
    with committed():  # what moderation does to a suspended player's games
        game_services.game_forfeit(game_id=suspended_game.pk, seat_index=0, reason="suspension")
    suspended_game.refresh_from_db()
    assert suspended_game.status == GameStatus.ABORTED
    aborted = Game.objects.filter(status=GameStatus.ABORTED)
    assert aborted.count() > 1
    assert Fixture.objects.filter(game__in=aborted, result__isnull=False).count() == 0
    assert Fixture.objects.exclude(aborted_games=[]).count() == 0
    assert not OrganiserAction.objects.filter(action__in=["replay", "abort_adjudged"]).exists()


def test_a_season_ending_before_the_rule_was_applied_adjudicates_the_abort(players):
    league = friends_league(players)
    fixture = first_fixture(league)
    starter, second = seat_users(fixture.game)
    game_services.game_resign(game_id=fixture.game_id, user=second)  # not committed: its event never ran
    with committed():
        season = services.season_end(league_id=league.pk, actor=players[0])
    fixture.refresh_from_db()
    assert season.status == SeasonStatus.FINISHED
    assert fixture.result["ranks"] == [1, 2] and fixture.aborted_games == []
