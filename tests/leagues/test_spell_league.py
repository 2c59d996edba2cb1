"""A Spell league: creating it checks its options like a game would, the season seats the players at
cooperative tables, nothing is rated, and the table ranks players by their tables' team scores —
adjudicated games included, on the team's score so far."""

import pytest

from engines.base import rng_for
from engines.spell import ENGINE
from games import services as game_services
from games.context import context_for
from games.models import Game, GameStatus
from leagues import services
from leagues.errors import BAD_OPTIONS, LeagueError
from leagues.models import League
from leagues.selectors import season_tables
from lexicons.term_decks import starter_deck_load
from ratings.models import Rating, RatingChange
from tests.games.spell.test_hidden_information import next_move
from tests.leagues.helpers import assert_page_tables_agree, committed

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(db):
    """The starter English deck, as ``load_starter_data`` loads it."""
    return starter_deck_load(language="en")


def spell_league(creator, **overrides):
    settings = {"creator": creator, "name": "Spellers", "kind": "spell", "table_size": 3, "division_min": 6,
                "division_max": 12, "promote": 1, "relegate": 1}
    return services.league_create(**(settings | overrides))


def play_spell(game, rng, *, until_points=False, until_all_moved=False):
    """Random legal moves through the real service: to the end, or (``until_points``) until the
    team has scored and the game is still running (``until_all_moved``: and every seat has moved)."""
    players = {s.index: s.user for s in game.seats.all()}
    moves = 0
    moved = set()
    while game.status == GameStatus.ACTIVE:
        everyone = not until_all_moved or len(moved) == game.seats_count
        if until_points and sum(game.state["round_scores"]) > 0 and everyone:
            return game
        seat = next(iter(ENGINE.to_act(game.state)))
        with committed():
            game_services.game_submit_move(
                game_id=game.pk, user=players[seat], move=next_move(game.state, seat, rng, context_for(game)),
                version=game.version, idempotency_key=f"s-{game.pk}-{moves}",
            )
        moves += 1
        moved.add(seat)
        game = Game.objects.get(pk=game.pk)
    return game


def test_a_spell_league_is_created_without_cards_in_its_options(deck, alice):
    league = spell_league(alice)
    assert league.options == {}


def test_a_spell_league_refuses_options_a_spell_game_would_refuse(deck, alice):
    cards = [{"id": n, "sides": [["a1", "a2", "a3", "a4", "a5"], ["b1", "b2", "b3", "b4", "b5"]]} for n in range(5)]
    for options in ({"cards": cards}, {"language": "xx"}):
        with pytest.raises(LeagueError) as exc:
            spell_league(alice, options=options)
        assert exc.value.code == BAD_OPTIONS
    assert not League.objects.exists()


def test_spell_tables_are_unrated_and_ranked_by_team_score(deck, make_user):
    players = [make_user(username=f"s{i}") for i in range(6)]
    league = spell_league(players[0])
    for player in players:
        services.league_join(league_id=league.pk, user=player)
    season = services.season_start(league_id=league.pk, actor=players[0])
    games = list(Game.objects.filter(fixture__division__season=season).order_by("pk"))
    assert games and {g.seats_count for g in games} == {3} and {g.kind for g in games} == {"spell"}
    assert all("cards" in g.options for g in games)  # each table draws its own cards

    rng = rng_for(5, "spell-league")
    finished = play_spell(games[0], rng)
    assert finished.status == GameStatus.FINISHED
    partial = play_spell(games[1], rng, until_points=True)
    so_far = sum(partial.state["round_scores"])
    with committed():
        services.season_end(league_id=league.pk, actor=players[0])
    partial.refresh_from_db()
    assert partial.result["reason"] == "adjudicated" and partial.result["team_score"] == so_far

    team_points = {p.pk: 0 for p in players}
    for game in Game.objects.filter(pk__in=[g.pk for g in games]).prefetch_related("seats"):
        for seat in game.seats.all():
            team_points[seat.user_id] += game.result["team_score"]
    rows = season_tables(season=season, league=league)[0].rows
    assert {r.player: r.points for r in rows} == team_points
    assert [r.points for r in rows] == sorted(team_points.values(), reverse=True)
    season.refresh_from_db()
    assert_page_tables_agree(season, league)  # cooperative, finished
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_a_resigned_spell_table_counts_with_the_teams_score_at_the_end(deck, make_user):
    players = [make_user(username=f"r{i}") for i in range(6)]
    league = spell_league(players[0])
    for player in players:
        services.league_join(league_id=league.pk, user=player)
    season = services.season_start(league_id=league.pk, actor=players[0])
    game = Game.objects.filter(fixture__division__season=season).order_by("pk").first()
    game = play_spell(game, rng_for(7, "spell-resign"), until_points=True, until_all_moved=True)
    so_far = sum(game.state["round_scores"])
    assert so_far > 0
    quitter = game.seats.order_by("index").first().user
    with committed():
        game_services.game_resign(game_id=game.pk, user=quitter)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.result["reason"] == "resignation"
    assert game.result["team_score"] == so_far  # not 0: what the team had scored when it ended
    rows = {r.player: r.points for r in season_tables(season=season, league=league)[0].rows}
    assert all(rows[s.user_id] == so_far for s in game.seats.all())
