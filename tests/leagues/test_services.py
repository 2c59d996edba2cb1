"""League services through the real game services: creating, joining, seasons with promotion and
relegation, adjudication, organiser tools, and refusals that write nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, GameStatus
from leagues import services
from leagues.errors import (
    ALREADY_JOINED,
    BAD_DIVISION_SIZE,
    BAD_OPTIONS,
    BAD_PROMOTION,
    BAD_TABLE_SIZE,
    INVITE_REQUIRED,
    LEAGUE_CLOSED,
    LEAGUE_FULL,
    NOT_ENOUGH_PLAYERS,
    NOT_ORGANISER,
    SEASON_NOT_RUNNING,
    SEASON_STARTED,
    UNKNOWN_KIND,
    LeagueError,
)
from leagues.models import (
    Division,
    Entry,
    Fixture,
    League,
    Movement,
    OrganiserAction,
    Season,
    SeasonStatus,
)
from leagues.selectors import season_tables
from ratings.models import Rating, RatingChange
from tests.leagues.helpers import SEAT0_WINS, committed, play, win

pytestmark = pytest.mark.django_db


def snapshot():
    return tuple(m.objects.count() for m in (League, Season, Division, Entry, Fixture, Game, Rating,
                                             RatingChange, OrganiserAction))


def refused(code, fn, **kwargs):
    before = snapshot()
    with pytest.raises(LeagueError) as exc:
        fn(**kwargs)
    assert exc.value.code == code
    assert snapshot() == before
    return exc.value


# ---------------------------------------------------------------------------
# Creating and joining
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("code", "overrides"),
    [
        (UNKNOWN_KIND, {"kind": "chess"}),
        (BAD_OPTIONS, {"options": {"target": 1}}),
        (BAD_OPTIONS, {"days_per_move": 4}),
        (BAD_TABLE_SIZE, {"table_size": 5}),
        (BAD_DIVISION_SIZE, {"division_min": 6, "division_max": 10}),  # 11 players could not be split
        (BAD_DIVISION_SIZE, {"division_min": 8, "division_max": 6}),
        (BAD_DIVISION_SIZE, {"table_size": 4, "division_min": 4, "division_max": 8}),  # 5 cannot sit at 3–4
        (BAD_PROMOTION, {"promote": 4, "relegate": 3}),
        ("BAD_LEAGUE", {"name": "  "}),
    ],
)
def test_league_settings_that_cannot_work_are_refused_and_nothing_is_written(alice, code, overrides):
    settings = {"creator": alice, "name": "L", "kind": "toy", "division_min": 6, "division_max": 12}
    refused(code, services.league_create, **(settings | overrides))


def test_a_new_league_opens_season_one_for_registration_and_strips_the_casual_flag(alice):
    league = services.league_create(creator=alice, name="Words", kind="toy", options={"target": 5, "rated": False})
    assert league.options == {"target": 5}
    assert [(s.number, s.status) for s in league.seasons.all()] == [(1, SeasonStatus.REGISTRATION)]


def test_joining_twice_a_full_league_or_an_invite_league_without_the_link_is_refused(alice, bob, carol, make_user):
    league = services.league_create(creator=alice, name="Closed", kind="toy", visibility="invite",
                                    division_min=2, division_max=3, promote=0, relegate=0, max_players=2)
    refused(INVITE_REQUIRED, services.league_join, league_id=league.pk, user=bob)
    refused(INVITE_REQUIRED, services.league_join, league_id=league.pk, user=bob, token="wrong")
    services.league_join(league_id=league.pk, user=bob, token=league.invite_token)
    refused(ALREADY_JOINED, services.league_join, league_id=league.pk, user=bob, token=league.invite_token)
    services.league_join(league_id=league.pk, user=alice)  # organisers need no link
    refused(LEAGUE_FULL, services.league_join, league_id=league.pk, user=carol, token=league.invite_token)


def test_leaving_before_the_start_works_and_after_the_start_is_refused(make_league, players):
    league = make_league(n=4)
    services.league_leave(league_id=league.pk, user=players[3])
    assert Entry.objects.filter(user=players[3]).count() == 0
    services.league_join(league_id=league.pk, user=players[3])
    services.season_start(league_id=league.pk, actor=players[0])
    refused(SEASON_STARTED, services.league_leave, league_id=league.pk, user=players[3])
    refused(LEAGUE_CLOSED, services.league_join, league_id=league.pk, user=players[5])


def test_a_season_needs_enough_players_and_only_organisers_start_it(make_league, players):
    league = make_league(n=2)
    refused(NOT_ORGANISER, services.season_start, league_id=league.pk, actor=players[1])
    refused(NOT_ENOUGH_PLAYERS, services.season_start, league_id=league.pk, actor=players[0])


# ---------------------------------------------------------------------------
# Seasons
# ---------------------------------------------------------------------------
def test_season_start_places_players_and_creates_every_round_robin_game_at_once(make_league, players):
    league = make_league(n=8, double_round_robin=True)
    season = services.season_start(league_id=league.pk, actor=players[0])
    divisions = list(season.divisions.order_by("level"))
    assert [d.entries.count() for d in divisions] == [4, 4]
    assert [d.fixtures.count() for d in divisions] == [12, 12]  # 4 players, each pair twice
    assert set(Game.objects.values_list("status", flat=True)) == {GameStatus.ACTIVE}
    assert season.status == SeasonStatus.RUNNING
    assert season.ends_at - season.starts_at == timedelta(days=league.season_days)
    assert OrganiserAction.objects.get().action == "season_start"


def test_promotion_and_relegation_carry_into_the_next_season(make_league, players):
    league = make_league(n=8)
    season = services.season_start(league_id=league.pk, actor=players[0])
    # In every game the lower-numbered player wins: the table follows the usernames.
    for fixture in Fixture.objects.select_related("game").prefetch_related("game__seats__user"):
        seats = list(fixture.game.seats.all())
        win(fixture.game, min((s.user for s in seats), key=lambda u: u.username))
    season.refresh_from_db()
    assert season.status == SeasonStatus.FINISHED  # ended by its last game
    top, bottom = (list(Entry.objects.filter(division__season=season, division__level=lv).order_by("final_position"))
                   for lv in (1, 2))
    assert [(e.user.username, e.movement) for e in top] == [
        ("p00", Movement.STAY), ("p01", Movement.STAY), ("p02", Movement.STAY), ("p03", Movement.DOWN)]
    assert [(e.user.username, e.movement) for e in bottom] == [
        ("p04", Movement.UP), ("p05", Movement.STAY), ("p06", Movement.STAY), ("p07", Movement.STAY)]
    following = Season.objects.get(league=league, number=2)
    assert following.status == SeasonStatus.REGISTRATION and following.entries.count() == 8
    services.league_join(league_id=league.pk, user=players[8])  # a newcomer
    services.season_start(league_id=league.pk, actor=players[0])
    placed = {e.user.username: e.division.level for e in following.entries.select_related("division", "user")}
    assert placed["p04"] == 1 and placed["p03"] == 2 and placed["p08"] == 2
    assert sorted(placed.values()) == [1, 1, 1, 1, 2, 2, 2, 2, 2]  # 9 players: the bottom takes the extra


def test_ending_a_season_adjudicates_unfinished_games_on_the_current_score(make_league, players):
    league = make_league(n=3, division_min=3, options={"target": 10}, promote=0, relegate=0)
    services.season_start(league_id=league.pk, actor=players[0])
    leading, level, untouched = Game.objects.order_by("pk")[:3]
    play_partial(leading, [3])  # seat 0 leads 3–0
    play_partial(level, [2, 2])  # 2–2
    refused(NOT_ORGANISER, services.season_end, league_id=league.pk, actor=players[1])
    with committed():
        services.season_end(league_id=league.pk, actor=players[0])
    for game in (leading, level, untouched):
        game.refresh_from_db()
    assert leading.result["ranks"] == [1, 2] and leading.result["reason"] == "adjudicated"
    assert level.result["ranks"] == [1, 1] and untouched.result["ranks"] == [1, 1]
    assert RatingChange.objects.count() == 6  # adjudicated games are rated
    refused(SEASON_NOT_RUNNING, services.season_end, league_id=league.pk, actor=players[0])


def play_partial(game, amounts):
    from games import services as game_services

    seats = {s.index: s.user for s in game.seats.all()}
    for turn, n in enumerate(amounts):
        game.refresh_from_db()
        game_services.game_submit_move(game_id=game.pk, user=seats[turn % 2], move={"type": "add", "n": n},
                                       version=game.version, idempotency_key=f"p-{game.pk}-{turn}")


def test_the_beat_task_ends_seasons_past_their_end_date(make_league, players):
    league = make_league(n=4)
    season = services.season_start(league_id=league.pk, actor=players[0])
    from leagues.tasks import leagues_end_due_seasons

    assert services.seasons_end_due(now=season.ends_at - timedelta(minutes=1)) == []
    with committed():
        Season.objects.filter(pk=season.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
        assert leagues_end_due_seasons() == [league.pk]
    season.refresh_from_db()
    assert season.status == SeasonStatus.FINISHED
    assert OrganiserAction.objects.filter(action="season_end", actor=None).count() == 1


def test_tables_of_three_for_multi_player_games(make_league, players):
    league = make_league(n=9, table_size=3, division_min=6, division_max=12, promote=2, relegate=2)
    season = services.season_start(league_id=league.pk, actor=players[0])
    games = list(Game.objects.all())
    assert {g.seats_count for g in games} == {3}
    assert len(games) == 4 * 3  # 9 players, 3 tables a round, 4 rounds: everyone meets everyone
    play(games[0], SEAT0_WINS)
    rows = season_tables(season=season, league=league)[0].rows
    assert [r.points for r in rows][:1] == [4] and sum(r.played for r in rows) == 3


# ---------------------------------------------------------------------------
# Organiser tools
# ---------------------------------------------------------------------------
def test_award_a_forfeit_remove_and_move_players_all_logged(make_league, players):
    league = make_league(n=8)
    season = services.season_start(league_id=league.pk, actor=players[0])
    organiser = players[0]
    p1_game = Game.objects.filter(seats__user=players[1], fixture__isnull=False).order_by("pk").first()
    refused(NOT_ORGANISER, services.fixture_forfeit, league_id=league.pk, actor=players[2], game_id=p1_game.pk,
            loser=players[1])
    with committed():
        services.fixture_forfeit(league_id=league.pk, actor=organiser, game_id=p1_game.pk, loser=players[1])
    p1_game.refresh_from_db()
    loser_seat = next(s for s in p1_game.seats.all() if s.user_id == players[1].pk)
    assert p1_game.status == GameStatus.FINISHED and loser_seat.rank == 2

    with committed():
        services.entry_remove(league_id=league.pk, actor=organiser, user=players[2])
    assert not Game.objects.filter(seats__user=players[2], status=GameStatus.ACTIVE).exists()
    assert Entry.objects.get(season=season, user=players[2]).removed

    mover = players[5]  # division 2
    old_games = set(Game.objects.filter(seats__user=mover).values_list("pk", flat=True))
    services.entry_move(league_id=league.pk, actor=organiser, user=mover, level=1)
    assert set(Game.objects.filter(pk__in=old_games).values_list("status", flat=True)) == {GameStatus.ABORTED}
    new_games = Game.objects.filter(seats__user=mover, status=GameStatus.ACTIVE, fixture__division__level=1)
    assert new_games.count() == 3  # against the three others still in division 1 (one was removed)
    assert list(OrganiserAction.objects.order_by("pk").values_list("action", flat=True)) == [
        "season_start", "forfeit", "remove_player", "move_player"]
    refused("BAD_DIVISION", services.entry_move, league_id=league.pk, actor=organiser, user=mover, level=1)


@pytest.mark.postgres
def test_starting_a_season_costs_the_same_queries_for_few_games_as_for_many(postgres, make_league, players):
    # PostgreSQL: SQLite splits a bulk insert into batches of a few dozen rows.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def start(double):
        league = make_league(n=12, name=f"League {double}", division_min=12, division_max=23,
                             double_round_robin=double)
        with CaptureQueriesContext(connection) as queries:
            services.season_start(league_id=league.pk, actor=players[0])
        games = Fixture.objects.filter(division__season__league=league).count()
        return len(queries), games

    single, few = start(False)  # the same twelve players: 66 games
    double, many = start(True)  # 132 games
    assert many == 2 * few
    assert single == double  # the games are written in bulk: no query per game
