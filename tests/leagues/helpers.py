"""Helpers for league tests: toy games (options {"target": 3}) played to their end through the real
move service.  Seats move in turn; ``play(game, [3])`` ends at once with seat 0 ahead,
``[1, 2]`` gives seat 1 the win, ``[2, 2]`` is a draw."""

from games.models import Game
from leagues import selectors
from leagues.templatetags.leagues import fixture_lines
from tests.games.helpers import DRAW, SEAT0_WINS, SEAT1_WINS  # noqa: F401  (the league tests import them from here)
from tests.games.helpers import play_toy as play
from tests.helpers import committed  # noqa: F401  (the league tests import it from here)


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
