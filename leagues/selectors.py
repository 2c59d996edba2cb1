"""Reads behind the league pages, the API and the profile: related rows are fetched up front so the
number of queries does not grow with players, games or seasons.  Standings are computed here from
the finished fixtures with the pure ``leagues.standings``.  The league page caches the tables it
draws under a digest of the rows behind them (``division_digests``, ``leagues.fragments``), so a
table is still current the moment a game ends."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.utils.dateparse import parse_duration

from engines import registry
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
    *, season: Season, league: League, division_ids: Collection[int] | None = None, count: int | None = None,
) -> list[DivisionTable]:
    """Every division of the season with its standings and fixtures (five queries however many
    divisions and games); with ``division_ids`` only those, ``count`` then being the season's number
    of divisions (the zones of promotion and relegation depend on it).  The standings read the
    finished games as plain values (``_division_results``).  The league page draws its tables from its
    digest's rows instead (``tables_from_digests``); the API and the season's end read these."""
    chosen = Division.objects.filter(season=season)
    if division_ids is not None:
        chosen = chosen.filter(pk__in=division_ids)
    divisions = list(chosen.order_by("level"))
    ids = [d.pk for d in divisions]
    key = rating_key(league.kind, league.options)
    rating = Rating.objects.filter(user_id=OuterRef("user_id"), key=key).values("rating")[:1]
    entries: dict[int, list[Entry]] = {}
    for entry in (Entry.objects.filter(division_id__in=ids, removed=False).select_related("user")
                  .annotate(rating_value=Subquery(rating)).order_by("pk")):
        entries.setdefault(entry.division_id, []).append(entry)
    results = _division_results(ids)
    fixtures: dict[int, list[Fixture]] = {}
    for fixture in _fixtures(Q(division_id__in=ids), league):
        fixtures.setdefault(fixture.division_id, []).append(fixture)
    bottom = len(divisions) if division_ids is None else count
    tables = []
    for division in divisions:
        mine = entries.get(division.pk, [])
        ratings = {e.user_id: e.rating_value for e in mine if e.rating_value is not None}
        table = _table(season, league, division, bottom, mine, {e.user_id: e.user for e in mine}, ratings,
                       results.get(division.pk, []))
        table.fixtures = fixtures.get(division.pk, [])
        tables.append(table)
    return tables


def _table(season: Season, league: League, division: Division, count: int, entries: list, users: dict,
           ratings: dict, results: list[standings_maths.Result]) -> DivisionTable:
    """A division's table from its entrants (each with ``user_id`` and the final place, points and
    movement), their users and ratings, and its results; ``count`` is the season's number of divisions."""
    rows = standings_maths.standings(
        [e.user_id for e in entries],
        results,
        ratings=ratings,
        promote=league.promote if division.level > 1 else 0,
        relegate=league.relegate if division.level < count else 0,
        cooperative=registry.get(league.kind).cooperative,
    )
    by_user = {e.user_id: e for e in entries}
    for row in rows:
        row.entry = by_user[row.player]
        row.user = users[row.player]
        row.rating_value = ratings.get(row.player)
        row.movement = ""
    finished = season.status == SeasonStatus.FINISHED
    if finished:
        rows = _final_table(rows)
    return DivisionTable(division=division, rows=rows, single=count == 1, finished=finished)


def _division_results(division_ids: Collection[int]) -> dict[int, list[standings_maths.Result]]:
    """Each division's results, for its standings: of every fixture with a result (a finished game, or
    the league's own for an aborted game its rule adjudicated), the players in seat order with their
    scores and ranks.  One query of plain values."""
    played = (
        Seat.objects.filter(game__fixture__division_id__in=division_ids)
        .filter(Q(game__status=GameStatus.FINISHED) | Q(game__fixture__result__isnull=False))
        .order_by("game__fixture__division_id", "game_id", "index")
        .values_list("game__fixture__division_id", "game_id", "game__fixture__result", "game__status",
                     "game__result", "user_id", "score", "rank")
    )
    games: dict[int, tuple[int, dict | None, list]] = {}
    for division, game, league_result, status, game_result, user, score, rank in played:
        result = league_result or (game_result if status == GameStatus.FINISHED else None)
        if result:
            games.setdefault(game, (division, result, []))[2].append((user, score, rank))
    results: dict[int, list[standings_maths.Result]] = {}
    for division, result, seats in games.values():
        results.setdefault(division, []).append(_result(seats, result))
    return results


def _fixtures(where: Q, league: League) -> list[Fixture]:
    """Fixtures ready for their lines (``fixture_lines``): each game without its state, its ``seats``
    with their players, and who won (``_outcome``), in the page's order.  Two queries."""
    fixtures = list(
        Fixture.objects.filter(where).select_related("game").defer("game__state")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("user").order_by("index")))
        .order_by("round", "pk")
    )
    cooperative = registry.get(league.kind).cooperative
    for fixture in fixtures:
        fixture.seats = list(fixture.game.seats.all())
        _outcome(fixture, cooperative)
    return fixtures


@dataclass(frozen=True)
class FixtureDigest:
    """What one fixture line is drawn from (its fixture, game, seats and the seated players' names), as
    a digest, and the players seated in it (for the viewer's own name)."""

    fixture_id: int
    digest: str
    players: frozenset[int]
    # Its seats' rows, as text: a line missing from the cache is drawn from them (``fixtures_from_digests``).
    rows: tuple = field(default=(), repr=False, compare=False)


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
    # The rows read, as text: a table missing from the cache is drawn from them (``tables_from_digests``).
    entry_rows: tuple = field(default=(), repr=False, compare=False)
    seat_rows: tuple = field(default=(), repr=False, compare=False)


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
    # (division, level, parts of the table, entrants, {fixture: (its rows, its players)}, entries, seats)
    divisions: dict[int, tuple[int, list, set, dict, list, list]] = {}
    for row in entry_rows:  # (division, level, user, the entry's values as text ...)
        _, parts, entrants, _, entries, _ = divisions.setdefault(row[0], (row[1], [], set(), {}, [], []))
        parts.append(row)
        entrants.add(row[2])
        entries.append(row)
    for row in seat_rows:  # (division, level, user, fixture, game status, fixture's values, the rest ...)
        _, parts, _, fixtures, _, seats = divisions.setdefault(row[0], (row[1], [], set(), {}, [], []))
        # A running game's moves are its line's business: the standings read finished games only.
        parts.append(row[:FIXTURE_COLUMNS] if row[4] == GameStatus.ACTIVE else row)
        seats.append(row)
        rows, players = fixtures.setdefault(row[3], ([], set()))
        rows.append(row)
        if row[2] is not None:
            players.add(row[2])
    return sorted(
        (DivisionDigest(
            division_id=i, level=level, players=frozenset(entrants), digest=_md5(parts),
            fixtures=tuple(FixtureDigest(fixture_id=f, digest=_md5(rows), players=frozenset(players), rows=tuple(rows))
                           for f, (rows, players) in fixtures.items()),
            entry_rows=tuple(entries), seat_rows=tuple(seats))
         for i, (level, parts, entrants, fixtures, entries, seats) in divisions.items()),
        key=lambda d: d.level,
    )


@dataclass(frozen=True)
class _EntryValues:
    """The little of an entry a table row reads (its final place, points and movement)."""

    user_id: int
    final_position: int | None
    final_points: int | None
    movement: str


def _int(text: str | None) -> int | None:
    return None if text is None else int(text)


def _bool(text: str | None) -> bool:
    return text in ("true", "t", "1")  # PostgreSQL's text of a boolean, and SQLite's


def _json(text: str | None):
    return None if text is None else json.loads(text)


def _moment(text: str | None) -> datetime | None:
    """A timestamp's text: PostgreSQL's carries its offset (UTC, Django's connection time zone);
    SQLite's is naive UTC, as Django stores it there."""
    if text is None:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _duration(text: str | None) -> timedelta:
    """A duration's text: SQLite stores microseconds, PostgreSQL an interval ("1 day 02:00:00")."""
    if not text:
        return timedelta(0)
    return timedelta(microseconds=int(text)) if text.lstrip("-").isdigit() else parse_duration(text) or timedelta(0)


@dataclass(slots=True)
class _Named:
    """A seated player, as a fixture line names them."""

    pk: int
    public_name: str


@dataclass(slots=True)
class _LineGame:
    pk: int
    status: str
    result: dict | None
    time_bank_days: int = 0


@dataclass(slots=True)
class _LineSeat:
    index: int
    user_id: int | None
    user: _Named | None
    score: int
    to_act: bool
    deadline: datetime | None
    bank_used: timedelta = timedelta(0)


@dataclass(slots=True)
class FixtureLine:
    """What a fixture line shows, as plain values: the fields ``fixture_lines`` reads of a ``Fixture``
    made ready by ``_fixtures`` (its game, its ``seats`` with their players, ``winners`` and ``drawn``).
    Drawing 660 lines from model instances (a Fixture, a Game, the Seats and their Users, each with its
    state, and a QuerySet per game for its seats) cost more than the lines themselves."""

    pk: int
    round: int
    result: dict | None
    aborted_games: list
    game: _LineGame
    seats: list[_LineSeat]
    winners: list = field(default_factory=list)
    drawn: bool = False


def fixtures_from_digests(*, fixtures: Collection[FixtureDigest], league: League) -> list[FixtureLine]:
    """``fixtures`` ready for their lines (``fixture_lines``), from the rows their digests read (no
    query): each fixture with its game's status and result and its seats with their players' names,
    and who won (``_outcome``), as ``season_tables`` gives them.  What the league page draws when
    a line is missing from its cache (a move, a result, a rename, a cold cache)."""
    at = _digest_columns()
    cooperative = registry.get(league.kind).cooperative
    made = []
    for digest in fixtures:
        first = digest.rows[0]
        game = _LineGame(pk=int(first[at["f.game_id"]]), status=first[4], result=_json(first[at["g.result"]]),
                         time_bank_days=_int(first[at["g.time_bank_days"]]) or 0)
        seats = []
        for row in digest.rows:
            user = _int(row[at["s.user_id"]])
            seats.append(_LineSeat(
                index=int(row[at["s.index"]]), user_id=user,
                user=None if user is None else _Named(pk=user, public_name=row[-1] or row[-2]),
                score=int(row[at["s.score"]]), to_act=_bool(row[at["s.to_act"]]),
                deadline=_moment(row[at["s.deadline"]]), bank_used=_duration(row[at["s.bank_used"]])))
        fixture = FixtureLine(pk=digest.fixture_id, round=int(first[at["f.round"]]),
                              result=_json(first[at["f.result"]]), aborted_games=_json(first[at["f.aborted_games"]]),
                              game=game, seats=seats)
        _outcome(fixture, cooperative)
        made.append(fixture)
    return sorted(made, key=lambda f: (f.round, f.pk))


def tables_from_digests(*, season: Season, league: League, digests: Collection[DivisionDigest],
                        count: int) -> list[DivisionTable]:
    """The tables of ``digests``'s divisions, from the rows their digests read (no query): what the
    league page draws when a table is missing from its cache (a result, a rename, a cold cache).
    The rows are those of ``season_tables`` (the same standings, the entrants' names and ratings and
    the final places); ``count`` is the season's number of divisions.  Without fixtures."""
    at = _digest_columns()
    user_model = get_user_model()
    tables = []
    for digest in sorted(digests, key=lambda d: d.level):
        entries, names, ratings = [], {}, {}
        for row in digest.entry_rows:
            if _bool(row[at["e.removed"]]):
                continue
            user = int(row[at["e.user_id"]])
            entries.append(_EntryValues(user_id=user, final_position=_int(row[at["e.final_position"]]),
                                        final_points=_int(row[at["e.final_points"]]), movement=row[at["e.movement"]]))
            names[user] = user_model(id=user, username=row[-3], display_name=row[-2] or "")
            if row[-1] is not None:
                ratings[user] = row[-1]
        games: dict[str, tuple[dict, list]] = {}
        for row in digest.seat_rows:
            game_result = _json(row[at["g.result"]])
            result = _json(row[at["f.result"]]) or (game_result if row[4] == GameStatus.FINISHED else None)
            if result:
                games.setdefault(row[3], (result, []))[1].append(
                    (_int(row[at["s.user_id"]]), int(row[at["s.score"]]), _int(row[at["s.rank"]])))
        division = Division(pk=digest.division_id, season_id=season.pk, level=digest.level)
        tables.append(_table(season, league, division, count, entries, names, ratings,
                             [_result(seats, result) for result, seats in games.values()]))
    return tables


FIXTURE_COLUMNS = 5 + len(Fixture._meta.concrete_fields)


@functools.cache
def _digest_columns() -> dict[str, int]:
    """Where each value sits in the digest's rows (``_digest_sql`` writes them in this order): an entry
    row's ``e.<attname>`` from its fourth column on; a seat row's fixture (``f.``) from its sixth, then
    its seat (``s.``), then its game's version and ``g.result``."""
    at = {f"e.{f.attname}": 3 + i for i, f in enumerate(Entry._meta.concrete_fields)}
    at.update({f"f.{f.attname}": 5 + i for i, f in enumerate(Fixture._meta.concrete_fields)})
    at.update({f"s.{f.attname}": FIXTURE_COLUMNS + i for i, f in enumerate(Seat._meta.concrete_fields)})
    at["g.result"] = FIXTURE_COLUMNS + len(Seat._meta.concrete_fields) + 1
    at["g.time_bank_days"] = FIXTURE_COLUMNS + len(Seat._meta.concrete_fields) + 4
    return at


@functools.cache
def _digest_sql() -> tuple[str, str]:
    """The digest's two queries, written once from the models.  Every column of the entries, fixtures
    and seats (one added later is covered too); of the games, the columns that change with them (the
    version with every move), not the state.  Each value comes as text (but a rating, whose text
    SQLite cuts to 15 digits): nothing to decode but the ids, so hashing a season costs little next
    to drawing it."""
    q = connection.ops.quote_name

    def text(alias: str, model, names=None) -> str:
        names = names or [f.column for f in model._meta.concrete_fields]
        return ", ".join(f"CAST({alias}.{q(name)} AS TEXT)" for name in names)

    table = {m.__name__: q(m._meta.db_table) for m in (Division, Entry, Fixture, Game, Seat, Rating)}
    users = q(get_user_model()._meta.db_table)
    names = "CAST(u.username AS TEXT), CAST(u.display_name AS TEXT)"
    entries = f"""
        SELECT e.division_id, d.level, e.user_id, {text("e", Entry)}, {names},
            (SELECT r.rating FROM {table["Rating"]} r WHERE r.user_id = e.user_id AND r.{q("key")} = %s)
        FROM {table["Entry"]} e JOIN {table["Division"]} d ON d.id = e.division_id
        JOIN {users} u ON u.id = e.user_id
        WHERE d.season_id = %s ORDER BY e.division_id, e.id"""
    # The first FIXTURE_COLUMNS columns: division, level, user, fixture, game status, the fixture's values.
    seats = f"""
        SELECT f.division_id, d.level, s.user_id, f.id, g.status, {text("f", Fixture)}, {text("s", Seat)},
            {text("g", Game, ["version", "result", "started_at", "finished_at", "time_bank_days"])}, {names}
        FROM {table["Seat"]} s JOIN {table["Fixture"]} f ON f.game_id = s.game_id
        JOIN {table["Game"]} g ON g.id = s.game_id JOIN {table["Division"]} d ON d.id = f.division_id
        LEFT JOIN {users} u ON u.id = s.user_id
        WHERE d.season_id = %s ORDER BY f.division_id, f.{q("round")}, f.id, s.{q("index")}"""
    return entries, seats


def _outcome(fixture: Fixture | FixtureLine, cooperative: bool) -> None:
    """Who won a fixture (its ``seats`` in order), for its line on the page: ``winners`` (users ranked
    first; empty while it is unplayed, and for a cooperative table) and ``drawn`` (everyone shares
    first place)."""
    result = fixture.result or (fixture.game.result if fixture.game.status == GameStatus.FINISHED else None)
    seats = fixture.seats
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


def _result(seats: list[tuple], result: dict) -> standings_maths.Result:
    """A fixture's result from its seats (user, score, rank) and the game's result, or the league's own
    for an aborted game its rule adjudicated."""
    return standings_maths.Result(
        players=tuple(user for user, _, _ in seats),
        scores=tuple(result.get("scores") or [score for _, score, _ in seats]),
        ranks=tuple(result.get("ranks") or [rank or len(seats) for _, _, rank in seats]),
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
