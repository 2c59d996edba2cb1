"""Helpers for league tests: toy games (options {"target": 3}) played to their end through the real
move service.  Seats move in turn; ``play(game, [3])`` ends at once with seat 0 ahead,
``[1, 2]`` gives seat 1 the win, ``[2, 2]`` is a draw."""

from games import services as game_services
from games.models import Game, GameStatus
from leagues import selectors
from leagues.templatetags.leagues import fixture_lines
from tests.helpers import committed  # noqa: F401  (the league tests import it from here)

SEAT0_WINS = [3]
SEAT1_WINS = [1, 2]
DRAW = [2, 2]


def play(game: Game, amounts: list[int]) -> Game:
    game.refresh_from_db()
    seats = {s.index: s.user for s in game.seats.all()}
    for turn, n in enumerate(amounts):
        game.refresh_from_db()
        with committed():
            game_services.game_submit_move(
                game_id=game.pk, user=seats[turn % game.seats_count], move={"type": "add", "n": n},
                version=game.version, idempotency_key=f"t-{game.pk}-{game.version}",
            )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def win(game: Game, user) -> Game:
    """Finish a two-player toy game with ``user`` winning."""
    seat = next(s.index for s in game.seats.all() if s.user_id == user.pk)
    return play(game, SEAT0_WINS if seat == 0 else SEAT1_WINS)


def assert_page_tables_agree(season, league) -> None:
    """The league page's tables and fixture lines (``tables_from_digests``, ``fixtures_from_digests``, from
    the digest's text rows) are exactly what ``season_tables`` reads from the models: every row's place,
    counts, zone, movement, name and rating, and every line byte for byte."""
    def shown(tables):
        return [(t.division.pk, t.level, t.single, t.finished,
                 [(r.player, r.position, r.played, r.won, r.drawn, r.lost, r.points, r.difference, r.zone,
                   r.movement, r.rating_value, r.user.username, r.user.public_name, r.entry.final_position,
                   r.entry.final_points) for r in t.rows]) for t in tables]

    digests = selectors.division_digests(season=season, league=league)
    drawn = selectors.tables_from_digests(season=season, league=league, digests=digests, count=len(digests))
    models = selectors.season_tables(season=season, league=league)
    assert shown(drawn) == shown(models)
    assert any(t.rows for t in drawn)
    # And every fixture line, for an entrant and for a visitor, as drawn from the models' fixtures.
    from_rows = selectors.fixtures_from_digests(fixtures=[f for d in digests for f in d.fixtures], league=league)
    from_models = sorted((f for t in models for f in t.fixtures), key=lambda f: (f.round, f.pk))
    assert [f.pk for f in from_rows] == [f.pk for f in from_models] and from_rows
    for me in (next(iter(digests[0].players)), None):
        assert fixture_lines(from_rows, me=me, marks=True) == fixture_lines(from_models, me=me, marks=True)
        assert fixture_lines(from_rows, me=me) == fixture_lines(from_models, me=me)
