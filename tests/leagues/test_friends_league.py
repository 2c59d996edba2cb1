"""A friends league: one group of 2 to 5 players, two-player games twice over (each pair starting once
each), no promotion or relegation — created, refused when it cannot work, started with every size,
its table, and its season's end carrying everyone into the next season."""

import itertools
from collections import Counter

import pytest

from games.models import Game, GameStatus
from leagues import services
from leagues.errors import BAD_DIVISION_SIZE, BAD_TABLE_SIZE, LEAGUE_FULL, NOT_ENOUGH_PLAYERS
from leagues.models import Division, Entry, Fixture, League, Movement, Season, SeasonStatus
from leagues.selectors import season_tables
from tests.leagues.helpers import DRAW, play, win
from tests.leagues.test_services import refused

pytestmark = pytest.mark.django_db


def friends(creator, **overrides):
    settings = {"creator": creator, "name": "Thursday club", "kind": "toy", "options": {"target": 3},
                "format": "friends"}
    return services.league_create(**(settings | overrides))


def friends_with(players, n, **overrides):
    league = friends(players[0], **overrides)
    for user in players[:n]:
        services.league_join(league_id=league.pk, user=user)
    return league


def test_the_friends_format_sets_one_group_a_double_round_robin_and_no_movement(alice):
    # Division settings given alongside are the format's to decide.
    league = friends(alice, division_min=6, division_max=12, promote=2, relegate=2, double_round_robin=False)
    assert (league.format, league.division_min, league.division_max, league.max_players) == ("friends", 2, 5, 5)
    assert (league.promote, league.relegate, league.double_round_robin, league.table_size) == (0, 0, True, 2)
    assert league.abort_rule == "replay"
    assert friends(alice, max_players=3).max_players == 3


@pytest.mark.parametrize(
    ("code", "overrides"),
    [
        (BAD_DIVISION_SIZE, {"max_players": 6}),
        (BAD_DIVISION_SIZE, {"max_players": 1}),
        (BAD_TABLE_SIZE, {"table_size": 3}),
        ("BAD_LEAGUE", {"format": "ladder"}),
        ("BAD_LEAGUE", {"abort_rule": "coin-toss"}),
    ],
)
def test_a_friends_league_that_cannot_work_is_refused_in_words_and_writes_nothing(alice, code, overrides):
    error = refused(code, friends, creator=alice, **overrides)
    assert code not in error.text and error.text.endswith(".")


def test_a_sixth_friend_is_refused_and_one_player_cannot_start_a_season(players):
    league = friends_with(players, 5)
    refused(LEAGUE_FULL, services.league_join, league_id=league.pk, user=players[5])
    alone = friends_with(players, 1, name="Alone")
    refused(NOT_ENOUGH_PLAYERS, services.season_start, league_id=alone.pk, actor=players[0])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_season_of_n_friends_is_one_group_where_each_pair_plays_twice_each_starting_once(players, n):
    league = friends_with(players, n)
    season = services.season_start(league_id=league.pk, actor=players[0])
    assert Division.objects.filter(season=season).count() == 1
    assert Entry.objects.filter(season=season, division__level=1).count() == n
    games = list(Game.objects.filter(fixture__division__season=season).prefetch_related("seats"))
    assert len(games) == n * (n - 1)
    assert {g.status for g in games} == {GameStatus.ACTIVE} and {g.seats_count for g in games} == {2}
    starts = Counter(tuple(s.user_id for s in sorted(g.seats.all(), key=lambda s: s.index)) for g in games)
    ids = [p.pk for p in players[:n]]
    # Every ordered pair once: each pair meets twice, each of the two starting one of those games.
    assert starts == Counter(itertools.permutations(ids, 2))
    # Nobody plays twice in one round.
    for number in set(Fixture.objects.filter(division__season=season).values_list("round", flat=True)):
        seated = [s.user_id for g in games if g.fixture.round == number for s in g.seats.all()]
        assert len(seated) == len(set(seated))
    (table,) = season_tables(season=season, league=league)
    assert [r.zone for r in table.rows] == [None] * n


def test_the_table_season_end_and_the_next_season_of_three_friends(players):
    a, b, c = players[:3]
    league = friends_with(players, 3)
    season = services.season_start(league_id=league.pk, actor=a)
    fixtures = list(Fixture.objects.filter(division__season=season).select_related("game").order_by("pk"))
    by_pair = {}
    for fixture in fixtures:
        users = tuple(s.user for s in fixture.game.seats.order_by("index"))
        by_pair.setdefault(frozenset(u.pk for u in users), []).append(fixture.game)
    # a beats b twice, b and c draw twice, c beats a once and loses once.
    for game in by_pair[frozenset((a.pk, b.pk))]:
        win(game, a)
    for game in by_pair[frozenset((b.pk, c.pk))]:
        play(game, DRAW)
    first, second = by_pair[frozenset((a.pk, c.pk))]
    win(first, c)
    (table,) = season_tables(season=season, league=league)
    # a and c level on points: c won their game, so c is ahead on head-to-head.
    assert [(r.user.username, r.played, r.won, r.drawn, r.lost, r.points) for r in table.rows] == [
        ("p02", 3, 1, 2, 0, 4), ("p00", 3, 2, 0, 1, 4), ("p01", 4, 0, 2, 2, 2)]
    win(second, a)  # the last game ends the season
    season.refresh_from_db()
    assert season.status == SeasonStatus.FINISHED
    finals = list(Entry.objects.filter(season=season).order_by("final_position").select_related("user"))
    assert [(e.user.username, e.final_position, e.final_points, e.movement) for e in finals] == [
        ("p00", 1, 6, Movement.STAY), ("p02", 2, 4, Movement.STAY), ("p01", 3, 2, Movement.STAY)]
    following = Season.objects.get(league=league, number=2)
    assert following.status == SeasonStatus.REGISTRATION
    assert sorted(following.entries.values_list("user__username", flat=True)) == ["p00", "p01", "p02"]
    services.season_start(league_id=league.pk, actor=a)
    assert Fixture.objects.filter(division__season=following).count() == 6
    assert League.objects.get(pk=league.pk).is_friends
