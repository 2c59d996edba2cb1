"""Reads behind the league pages, the API and the profile: related rows are fetched up front so the
number of queries does not grow with players, games or seasons.  Standings are computed here from
the finished fixtures with the pure ``leagues.standings``.  The league page caches the tables it
draws under a digest of the rows behind them (``division_digests``, ``leagues.fragments``), so a
table is still current the moment a game ends."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Collection
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, Prefetch, Q, QuerySet

from games.engines import registry
from games.models import Game, GameStatus, Seat
from ratings.models import Rating
from ratings.services import rating_key

from . import standings as standings_maths
from .access import current_season, is_organiser
from .models import Division, Entry, Fixture, League, OrganiserAction, Season, SeasonStatus


# ---------------------------------------------------------------------------
# League lists
# ---------------------------------------------------------------------------
def league_list(*, query: str = "", kind: str = "") -> QuerySet[League]:
    """Leagues matching ``query`` (name or description) and ``kind``, with their players this season."""
    leagues = League.objects.all()
    if query:
        leagues = leagues.filter(Q(name__icontains=query) | Q(description__icontains=query))
    if kind:
        leagues = leagues.filter(kind=kind)
    open_now = ~Q(seasons__status=SeasonStatus.FINISHED)
    return leagues.annotate(
        players=Count("seasons__entries", filter=open_now, distinct=True),
        season_number=Count("seasons", distinct=True),
    ).order_by("name", "pk")


def league_detail(*, league_id: int) -> League | None:
    return League.objects.filter(pk=league_id).select_related("creator").prefetch_related("organisers").first()


# ---------------------------------------------------------------------------
# One season: divisions, tables and fixtures
# ---------------------------------------------------------------------------
@dataclass
class DivisionTable:
    division: Division
    rows: list  # standings.Row, each with .entry and .user attached
    fixtures: list[Fixture] = field(default_factory=list)
    single: bool = False  # the season's only division (a friends league): no "Division 1" heading
    finished: bool = False  # the season is over: final places and movements

    @property
    def level(self) -> int:
        return self.division.level


def season_for_page(*, league: League, number: int | None = None) -> Season | None:
    if number is None:
        return current_season(league)
    return Season.objects.filter(league=league, number=number).first()


def season_tables(
    *, season: Season, league: League, division_ids: Collection[int] | None = None, count: int | None = None
) -> list[DivisionTable]:
    """Every division of the season with its standings and fixtures (a fixed number of queries); with
    ``division_ids`` only those, ``count`` then being the season's number of divisions (the zones of
    promotion and relegation depend on it)."""
    chosen = Division.objects.filter(season=season)
    if division_ids is not None:
        chosen = chosen.filter(pk__in=division_ids)
    divisions = list(
        chosen.order_by("level")
        .prefetch_related(
            Prefetch("entries", queryset=Entry.objects.select_related("user").order_by("pk")),
            Prefetch(
                "fixtures",
                # Without the games' states: the tables show results and scores, never a board; and
                # without the seats' users, who are the entrants loaded just above (see below).
                queryset=Fixture.objects.select_related("game").defer("game__state").prefetch_related(
                    Prefetch("game__seats", queryset=Seat.objects.order_by("index"))
                ).order_by("round", "pk"),
            ),
        )
    )
    users = {e.user_id: e.user for d in divisions for e in d.entries.all()}
    user_ids = set(users)
    seats = [seat for d in divisions for f in d.fixtures.all() for seat in f.game.seats.all()]
    missing = {seat.user_id for seat in seats if seat.user_id and seat.user_id not in users}
    if missing:  # a league game's players are its division's entrants; one query for any others
        users.update(get_user_model().objects.in_bulk(missing))
    for seat in seats:
        if seat.user_id:
            seat.user = users[seat.user_id]
    key = rating_key(league.kind, league.options)
    ratings = dict(Rating.objects.filter(key=key, user_id__in=user_ids).values_list("user_id", "rating"))
    cooperative = registry.get(league.kind).cooperative
    bottom = len(divisions) if division_ids is None else count
    tables = []
    for division in divisions:
        entries = [e for e in division.entries.all() if not e.removed]
        fixtures = list(division.fixtures.all())
        for fixture in fixtures:
            _outcome(fixture, cooperative)
        results = [_result(f.game, f.result) for f in fixtures
                   if f.result or (f.game.status == GameStatus.FINISHED and f.game.result)]
        rows = standings_maths.standings(
            [e.user_id for e in entries],
            results,
            ratings=ratings,
            promote=league.promote if division.level > 1 else 0,
            relegate=league.relegate if division.level < bottom else 0,
            cooperative=cooperative,
        )
        by_user = {e.user_id: e for e in entries}
        for row in rows:
            row.entry = by_user[row.player]
            row.user = row.entry.user
            row.rating_value = ratings.get(row.player)
            row.movement = ""
        if season.status == SeasonStatus.FINISHED:
            rows = _final_table(rows)
        tables.append(DivisionTable(division=division, rows=rows, fixtures=fixtures, single=bottom == 1,
                                    finished=season.status == SeasonStatus.FINISHED))
    return tables


def fixtures_for_lines(*, fixture_ids: Collection[int], league: League) -> list[Fixture]:
    """The fixtures ``fixture_ids`` ready for their lines (``fixture_lines``): each game without its
    state, its seats with their players, and who won (``_outcome``), in the page's order.  Two queries."""
    fixtures = list(
        Fixture.objects.filter(pk__in=fixture_ids).select_related("game").defer("game__state")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("user").order_by("index")))
        .order_by("round", "pk")
    )
    cooperative = registry.get(league.kind).cooperative
    for fixture in fixtures:
        _outcome(fixture, cooperative)
    return fixtures


@dataclass(frozen=True)
class FixtureDigest:
    """What one fixture line is drawn from (its fixture, game, seats and the seated players' names), as
    a digest, and the players seated in it (for the viewer's own name)."""

    fixture_id: int
    digest: str
    players: frozenset[int]


@dataclass(frozen=True)
class DivisionDigest:
    """What a division's table is drawn from, as one digest (``digest``: its entries with their names
    and ratings, and of each fixture what the standings read: everything of a game no longer running,
    only the fixture of a running one), the players it names (``players``: the entrants, for the
    viewer's own row), and each fixture line's digest (``fixtures``, in the page's order)."""

    division_id: int
    level: int
    digest: str
    players: frozenset[int]
    fixtures: tuple[FixtureDigest, ...] = ()


def _md5(parts) -> str:
    return hashlib.md5(repr(parts).encode(), usedforsecurity=False).hexdigest()


def division_digests(*, season: Season, league: League) -> list[DivisionDigest]:
    """Each division of the season, by level, with digests of every row its table and fixture lines are
    drawn from.  Two queries, however many divisions and games.  The league page caches what it draws
    under these digests (``leagues.fragments``), so any change to those rows (a move, a result, a
    forfeit, a rename, a rating) is a new key and nothing has to be told to forget the old one; a move
    in a running game changes its own line's digest only."""
    entries, seats = _digest_sql()
    with connection.cursor() as cursor:
        cursor.execute(entries, [rating_key(league.kind, league.options), season.pk])
        entry_rows = cursor.fetchall()
        cursor.execute(seats, [season.pk])
        seat_rows = cursor.fetchall()
    # (division, level, parts of the table, entrants, {fixture: (its rows, its players)})
    divisions: dict[int, tuple[int, list, set, dict]] = {}
    for row in entry_rows:  # (division, level, user, the entry's values as text ...)
        _, parts, entrants, _ = divisions.setdefault(row[0], (row[1], [], set(), {}))
        parts.append(row)
        entrants.add(row[2])
    for row in seat_rows:  # (division, level, user, fixture, game status, fixture's values, the rest ...)
        _, parts, _, fixtures = divisions.setdefault(row[0], (row[1], [], set(), {}))
        # A running game's moves are its line's business: the standings read finished games only.
        parts.append(row[:FIXTURE_COLUMNS] if row[4] == GameStatus.ACTIVE else row)
        rows, players = fixtures.setdefault(row[3], ([], set()))
        rows.append(row)
        if row[2] is not None:
            players.add(row[2])
    return sorted(
        (DivisionDigest(
            division_id=i, level=level, players=frozenset(entrants), digest=_md5(parts),
            fixtures=tuple(FixtureDigest(fixture_id=f, digest=_md5(rows), players=frozenset(players))
                           for f, (rows, players) in fixtures.items()))
         for i, (level, parts, entrants, fixtures) in divisions.items()),
        key=lambda d: d.level,
    )


FIXTURE_COLUMNS = 5 + len(Fixture._meta.concrete_fields)


@functools.cache
def _digest_sql() -> tuple[str, str]:
    """The digest's two queries, written once from the models.  Every column of the entries, fixtures
    and seats (one added later is covered too); of the games, the columns that change with them (the
    version with every move), not the state.  Each value comes as text: nothing to decode but the
    ids, so hashing a season costs little next to drawing it."""
    q = connection.ops.quote_name

    def text(alias: str, model, names=None) -> str:
        names = names or [f.column for f in model._meta.concrete_fields]
        return ", ".join(f"CAST({alias}.{q(name)} AS TEXT)" for name in names)

    table = {m.__name__: q(m._meta.db_table) for m in (Division, Entry, Fixture, Game, Seat, Rating)}
    users = q(get_user_model()._meta.db_table)
    names = "CAST(u.username AS TEXT), CAST(u.display_name AS TEXT)"
    entries = f"""
        SELECT e.division_id, d.level, e.user_id, {text("e", Entry)}, {names},
            (SELECT CAST(r.rating AS TEXT) FROM {table["Rating"]} r WHERE r.user_id = e.user_id AND r.{q("key")} = %s)
        FROM {table["Entry"]} e JOIN {table["Division"]} d ON d.id = e.division_id
        JOIN {users} u ON u.id = e.user_id
        WHERE d.season_id = %s ORDER BY e.division_id, e.id"""
    # The first FIXTURE_COLUMNS columns: division, level, user, fixture, game status, the fixture's values.
    seats = f"""
        SELECT f.division_id, d.level, s.user_id, f.id, g.status, {text("f", Fixture)}, {text("s", Seat)},
            {text("g", Game, ["version", "result", "started_at", "finished_at"])}, {names}
        FROM {table["Seat"]} s JOIN {table["Fixture"]} f ON f.game_id = s.game_id
        JOIN {table["Game"]} g ON g.id = s.game_id JOIN {table["Division"]} d ON d.id = f.division_id
        LEFT JOIN {users} u ON u.id = s.user_id
        WHERE d.season_id = %s ORDER BY f.division_id, f.{q("round")}, f.id, s.{q("index")}"""
    return entries, seats


def _outcome(fixture: Fixture, cooperative: bool) -> None:
    """Who won a fixture, for its line on the page: ``winners`` (users ranked first; empty while it is
    unplayed, and for a cooperative table) and ``drawn`` (everyone shares first place)."""
    result = fixture.result or (fixture.game.result if fixture.game.status == GameStatus.FINISHED else None)
    seats = list(fixture.game.seats.all())
    ranks = (result or {}).get("ranks") or []
    fixture.winners, fixture.drawn = [], False
    if result is None or cooperative or len(ranks) != len(seats):
        return
    fixture.drawn = len(set(ranks)) == 1
    if not fixture.drawn:
        fixture.winners = [seat.user for seat, rank in zip(seats, ranks, strict=True) if rank == 1]


def _final_table(rows: list) -> list:
    """A finished season's table as it was recorded at its end: final places, points and movements
    (a game annulled since changes the counts, not the recorded outcome)."""
    for row in rows:
        entry = row.entry
        if entry.final_position is not None:
            row.position = entry.final_position
            row.points = entry.final_points if entry.final_points is not None else row.points
        row.movement = entry.movement
        row.zone = {"up": standings_maths.PROMOTION, "down": standings_maths.RELEGATION}.get(entry.movement)
    return sorted(rows, key=lambda r: (r.entry.final_position is None, r.position))


def _result(game: Game, league_result: dict | None = None) -> standings_maths.Result:
    """A fixture's result: the game's, or the league's own for an aborted game its rule adjudicated."""
    seats = list(game.seats.all())
    result = league_result or game.result
    return standings_maths.Result(
        players=tuple(s.user_id for s in seats),
        scores=tuple(result.get("scores") or [s.score for s in seats]),
        ranks=tuple(result.get("ranks") or [s.rank or len(seats) for s in seats]),
        team_score=result.get("team_score"),
    )


def registered_entries(*, season: Season) -> list[Entry]:
    return list(Entry.objects.filter(season=season).select_related("user").order_by("pk"))


def season_history(*, league: League) -> list[Season]:
    """Finished seasons, newest first, each with ``champions``: the winners of every division."""
    seasons = list(
        Season.objects.filter(league=league, status=SeasonStatus.FINISHED)
        .order_by("-number")
        .prefetch_related(
            Prefetch(
                "entries",
                queryset=Entry.objects.filter(final_position=1).select_related("user", "division")
                .order_by("division__level"),
                to_attr="champions",
            )
        )
    )
    return seasons


def league_page(*, league_id: int, number: int | None, user, with_tables: bool = True) -> dict | None:
    """Everything the league page shows, in a fixed number of queries.  ``with_tables=False`` leaves
    the season's tables out (``tables`` and ``previous_tables`` empty): the page draws them from its
    cache (``leagues.fragments``)."""
    league = league_detail(league_id=league_id)
    if league is None:
        return None
    season = season_for_page(league=league, number=number)
    if season is None:
        return None
    seasons = list(Season.objects.filter(league=league).order_by("-number").values_list("number", "status"))
    latest = seasons[0][0]
    shown = with_tables and season.status != SeasonStatus.REGISTRATION
    tables = season_tables(season=season, league=league) if shown else []
    registered = registered_entries(season=season) if season.status == SeasonStatus.REGISTRATION else []
    # While a season takes registrations, the one before it stays in view with its final table.
    previous = None
    if season.status == SeasonStatus.REGISTRATION and season.number > 1:
        previous = Season.objects.filter(league=league, number=season.number - 1,
                                         status=SeasonStatus.FINISHED).first()
    mine = None
    if user.is_authenticated:
        if registered:
            mine = next((e for e in registered if e.user_id == user.pk), None)
        else:
            mine = next((row.entry for t in tables for row in t.rows if row.player == user.pk), None)
    return {
        "league": league,
        "season": season,
        "is_current": season.number == latest,
        "seasons": [(n, status, SeasonStatus(status).label) for n, status in seasons],
        "tables": tables,
        "previous_season": previous,
        "previous_tables": season_tables(season=previous, league=league) if previous and with_tables else [],
        "registered": registered,
        "my_entry": mine,
        "history": season_history(league=league),
        "is_organiser": is_organiser(league, user),
        "engine": registry.get(league.kind),
        "rating_key": rating_key(league.kind, league.options),
    }


def organiser_log(*, league: League, limit: int = 100) -> list[OrganiserAction]:
    return list(
        OrganiserAction.objects.filter(league=league).select_related("actor", "target", "season")[:limit]
    )


# ---------------------------------------------------------------------------
# The profile
# ---------------------------------------------------------------------------
def recent_games(*, user, limit: int = 10) -> list[Game]:
    seats = (
        Seat.objects.filter(user=user, game__status=GameStatus.FINISHED)
        .select_related("game").defer("game__state")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("user").order_by("index")))
        .order_by("-game__finished_at", "-game_id")[:limit]
    )
    games = []
    for seat in seats:
        seat.game.my_seat = seat
        games.append(seat.game)
    return games


def league_record(*, user) -> list[Entry]:
    """The user's seasons in leagues, newest first, with division and final place."""
    return list(
        Entry.objects.filter(user=user)
        .exclude(season__status=SeasonStatus.REGISTRATION)
        .select_related("season__league", "division")
        .order_by("-season__starts_at", "-pk")
    )


def profile_panel(*, user) -> dict:
    return {
        "recent_games": recent_games(user=user),
        "league_record": league_record(user=user),
    }
