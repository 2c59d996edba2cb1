"""Writes for leagues: creating and joining leagues, starting and ending seasons, organiser tools,
what happens when a league game ends (``fixture_ended``, the handler of the games' events), and telling
the players a season has started (``season_start_announce``, the handler of ``SeasonStarted``).

Every function validates before it writes: a refusal raises ``LeagueError`` with a stable code and
leaves the database as it was.  Games are created, forfeited, aborted and adjudicated through
``games.services``; nothing here writes a game row.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import AppError
from core.events import publish
from core.policies import MAY_ACT, policy_check
from engines import registry
from games import services as game_services
from games.models import Game, GameStatus, Move, Seat
from notifications.models import Kind
from notifications.services import notify_many
from ratings import elo
from ratings.models import Rating
from ratings.services import rating_key

from . import pairing, placement
from .access import access_league_for_organiser, current_season, is_organiser, league_or_404
from .errors import (
    ALREADY_JOINED,
    BAD_DIVISION,
    BAD_DIVISION_SIZE,
    BAD_LEAGUE,
    BAD_OPTIONS,
    BAD_PROMOTION,
    BAD_TABLE_SIZE,
    BOTS_NOT_IN_LEAGUES,
    INVITE_REQUIRED,
    LEAGUE_CLOSED,
    LEAGUE_FULL,
    MSG_ALREADY,
    MSG_CLOSED,
    MSG_FULL,
    MSG_INVITE,
    MSG_NO_BOTS,
    MSG_NOT_JOINED,
    MSG_NOT_OPEN,
    MSG_NOT_RUNNING,
    MSG_STARTED,
    NOT_A_FIXTURE,
    NOT_ENOUGH_PLAYERS,
    NOT_JOINED,
    SEASON_NOT_OPEN,
    SEASON_NOT_RUNNING,
    SEASON_STARTED,
    UNKNOWN_KIND,
    UNKNOWN_PLAYER,
    LeagueError,
)
from .events import SeasonStarted
from .models import (
    DESCRIPTION_MAX_LENGTH,
    NAME_MAX_LENGTH,
    AbortRule,
    ActionKind,
    Division,
    Entry,
    Fixture,
    League,
    LeagueFormat,
    Movement,
    OrganiserAction,
    Season,
    SeasonStatus,
    Visibility,
)
from .selectors import season_tables

logger = logging.getLogger(__name__)

LARGEST_DIVISION = 40
SEASON_DAYS = (7, 365)
# A friends league: one group of 2 to 5 players, two-player games, everyone meets everyone twice.
FRIENDS_PLAYERS = (2, 5)
# A league's player limit (0: none); far above any real league, well inside the column's range.
MAX_LEAGUE_PLAYERS = 100_000
# Aborts the league's rule settles: a seat resigned or ran out of time before every seat had moved.
# Other aborts (a player moved to another division, a suspension) are decisions already taken.
RULED_ABORTS = ("resignation", "timeout")
# A fixture is replayed at most this often; aborted again it is adjudicated (no endless no-shows).
MAX_REPLAYS = 1


# ---------------------------------------------------------------------------
# Small shared facts
# ---------------------------------------------------------------------------
def table_size_choices(engine, table_size: int) -> list[int]:
    """Table sizes a league of ``table_size``-player games may use when a division does not split
    evenly: one either side, within the engine's limits and never fewer than three."""
    if table_size <= 2:
        return [2]
    low = max(3, engine.min_seats)
    return [s for s in (table_size - 1, table_size, table_size + 1) if low <= s <= engine.max_seats]


def _log(league, season, actor, action, target=None, now=None, **details) -> None:
    OrganiserAction.objects.create(
        league=league, season=season, actor=actor, action=action, target=target, details=details,
        created_at=now or timezone.now(),
    )


# ---------------------------------------------------------------------------
# Creating, joining and leaving
# ---------------------------------------------------------------------------
def league_create(
    *,
    creator,
    name: str,
    kind: str,
    options: dict | None = None,
    days_per_move: int | None = None,
    time_bank_days: int = 0,
    visibility: str = Visibility.PUBLIC,
    description: str = "",
    table_size: int = 2,
    double_round_robin: bool = False,
    division_min: int = 6,
    division_max: int = 12,
    promote: int = 2,
    relegate: int = 2,
    season_days: int = 60,
    max_players: int = 0,
    format: str = LeagueFormat.DIVISIONS,
    abort_rule: str = AbortRule.REPLAY,
    creator_plays: bool = False,
) -> League:
    """Create a league with its first season open for registration.  The creator organises it, and
    with ``creator_plays`` is registered for that season too, under the rules of ``league_join`` (a bot
    or a player who may not play is refused, and nothing is written).  The new-league form and the API
    ask it of the creator, ticked by default; calls from code say it.

    ``format`` "friends" sets the divisions itself: one group of 2 to 5 players (``max_players``, 0
    meaning 5), two-player games, a double round robin, nobody promoted or relegated; the division
    settings given are then ignored."""
    name = (name or "").strip()
    if not 1 <= len(name) <= NAME_MAX_LENGTH:
        raise LeagueError(BAD_LEAGUE, f"A league needs a name of 1 to {NAME_MAX_LENGTH} characters.")
    description = description or ""
    if not isinstance(description, str) or len(description) > DESCRIPTION_MAX_LENGTH:
        raise LeagueError(BAD_LEAGUE, _("A league's description has at most %(limit)s characters.")
                          % {"limit": DESCRIPTION_MAX_LENGTH})
    if visibility not in Visibility.values:
        raise LeagueError(BAD_LEAGUE, "Visibility must be 'public' or 'invite'.")
    if format not in LeagueFormat.values:
        raise LeagueError(BAD_LEAGUE, _("The format must be 'friends' or 'divisions'."))
    if abort_rule not in AbortRule.values:
        raise LeagueError(BAD_LEAGUE, _("The rule for aborted games must be 'replay' or 'adjudicate'."))
    if format == LeagueFormat.FRIENDS:
        low, high = FRIENDS_PLAYERS
        if table_size != 2:
            raise LeagueError(BAD_TABLE_SIZE, _("A friends league plays two-player games."))
        max_players = max_players or high
        if not low <= max_players <= high:
            raise LeagueError(BAD_DIVISION_SIZE, _("A friends league has %(low)s to %(high)s players.")
                              % {"low": low, "high": high})
        division_min, division_max, promote, relegate, double_round_robin = low, high, 0, 0, True
    try:
        engine = registry.get(kind)
    except KeyError:
        raise LeagueError(UNKNOWN_KIND, f"Unknown game kind {kind!r}.") from None
    if not isinstance(options, (dict, type(None))):
        raise LeagueError(BAD_OPTIONS, "Options must be an object.")
    days = settings.DEFAULT_DAYS_PER_MOVE if days_per_move is None else days_per_move
    if days not in settings.DAYS_PER_MOVE_CHOICES:
        raise LeagueError(BAD_OPTIONS, f"Days per move must be one of {settings.DAYS_PER_MOVE_CHOICES}.")
    try:
        time_bank_days = game_services.time_bank_check(time_bank_days)
    except AppError as exc:
        raise LeagueError(exc.code, exc.message, **exc.details) from None
    if not engine.min_seats <= table_size <= engine.max_seats:
        raise LeagueError(
            BAD_TABLE_SIZE, f"{kind} is played by {engine.min_seats} to {engine.max_seats} players per game."
        )
    try:  # every option declared and as declared ("rated" a true or false), as a new game's are
        game_services.game_options_check(kind=kind, seats=table_size, options=options or {})
    except AppError as exc:  # a refusal of the games core or of the term decks
        raise LeagueError(BAD_OPTIONS, exc.message, **exc.details) from None
    options = {k: v for k, v in (options or {}).items() if k != "rated"}  # league games are always rated
    _validate_divisions(engine, table_size, division_min, division_max)
    if promote < 0 or relegate < 0 or promote + relegate > division_min:
        raise LeagueError(
            BAD_PROMOTION,
            f"Promoted plus relegated players ({promote} + {relegate}) must not exceed the smallest "
            f"division ({division_min}).",
        )
    if not SEASON_DAYS[0] <= season_days <= SEASON_DAYS[1]:
        raise LeagueError(BAD_LEAGUE, f"A season lasts {SEASON_DAYS[0]} to {SEASON_DAYS[1]} days.")
    if max_players and max_players < division_min:
        raise LeagueError(BAD_DIVISION_SIZE, "The player limit is below the smallest division.")
    if not 0 <= (max_players or 0) <= MAX_LEAGUE_PLAYERS:
        raise LeagueError(BAD_DIVISION_SIZE, f"The player limit is at most {MAX_LEAGUE_PLAYERS}.")
    if creator_plays:
        _refuse_unless_may_register(creator)
    with transaction.atomic():
        league = League.objects.create(
            name=name, description=description, kind=kind, options=options, days_per_move=days,
            time_bank_days=time_bank_days, visibility=visibility, invite_token=secrets.token_urlsafe(16),
            table_size=table_size, double_round_robin=bool(double_round_robin), division_min=division_min,
            division_max=division_max, promote=promote, relegate=relegate, season_days=season_days,
            max_players=max_players or 0, creator=creator, format=format, abort_rule=abort_rule,
        )
        season = Season.objects.create(league=league, number=1)
        if creator_plays:  # an empty season with room for a division: no other rule of joining applies
            Entry.objects.create(season=season, user=creator)
    return league


def _validate_divisions(engine, table_size: int, smallest: int, largest: int) -> None:
    if not 2 <= smallest <= largest <= LARGEST_DIVISION:
        raise LeagueError(
            BAD_DIVISION_SIZE, f"Division sizes must satisfy 2 ≤ smallest ≤ largest ≤ {LARGEST_DIVISION}."
        )
    if smallest < table_size:
        raise LeagueError(BAD_DIVISION_SIZE, "A division must hold at least one full game.")
    # Any number of players from the smallest division up must split into divisions within the range.
    if largest < 2 * smallest - 1:
        raise LeagueError(
            BAD_DIVISION_SIZE,
            f"The largest division must be at least {2 * smallest - 1} (twice the smallest, less one).",
        )
    sizes = table_size_choices(engine, table_size)
    if table_size > 2:
        for n in range(smallest, 2 * largest + 1):
            if pairing.table_sizes(n, sizes, table_size) is None:
                raise LeagueError(
                    BAD_DIVISION_SIZE, f"A division of {n} players cannot sit at tables of {sizes} players."
                )


def league_join(*, league_id: int, user, token: str | None = None) -> Entry:
    """Register for the league's open season (never a bot: leagues are for people)."""
    _refuse_unless_may_register(user)
    with transaction.atomic():
        league = league_or_404(league_id, lock=True)  # serialises joins, so the player limit holds
        season = current_season(league)
        if season is None or season.status != SeasonStatus.REGISTRATION:
            raise LeagueError(LEAGUE_CLOSED, MSG_CLOSED)
        # Compared as bytes: compare_digest refuses non-ASCII str, and any token may arrive.
        invited = token is not None and secrets.compare_digest(str(token).encode(), league.invite_token.encode())
        if not league.is_public and not invited and not is_organiser(league, user):
            raise LeagueError(INVITE_REQUIRED, MSG_INVITE, 403)
        if Entry.objects.filter(season=season, user=user).exists():
            raise LeagueError(ALREADY_JOINED, MSG_ALREADY)
        if league.max_players and Entry.objects.filter(season=season).count() >= league.max_players:
            raise LeagueError(LEAGUE_FULL, MSG_FULL)
        return Entry.objects.create(season=season, user=user)


def _refuse_unless_may_register(user) -> None:
    """Who may be in a league at all: a player who may play (not suspended), never a bot."""
    policy_check(MAY_ACT, user=user)
    if getattr(user, "is_bot", False):
        raise LeagueError(BOTS_NOT_IN_LEAGUES, MSG_NO_BOTS, 403)


def league_leave(*, league_id: int, user) -> None:
    with transaction.atomic():
        league = league_or_404(league_id, lock=True)
        season = current_season(league)
        entry = Entry.objects.filter(season=season, user=user).first() if season else None
        if entry is None:
            raise LeagueError(NOT_JOINED, MSG_NOT_JOINED)
        if season.status != SeasonStatus.REGISTRATION:
            raise LeagueError(SEASON_STARTED, MSG_STARTED)
        entry.delete()


def organiser_add(*, league_id: int, actor, user) -> None:
    with transaction.atomic():
        league = access_league_for_organiser(league_id, actor, lock=True)
        if user is None or user.is_bot:
            raise LeagueError(UNKNOWN_PLAYER, "No such player.")
        if is_organiser(league, user):
            raise LeagueError(BAD_LEAGUE, "That player already organises this league.")
        league.organisers.add(user)
        _log(league, current_season(league), actor, ActionKind.ADD_ORGANISER, target=user)


# ---------------------------------------------------------------------------
# Seasons
# ---------------------------------------------------------------------------
def season_start(*, league_id: int, actor=None, now: datetime | None = None) -> Season:
    """Place the registered players into divisions and create every fixture of the season as a game.

    ``actor`` None is the system; otherwise an organiser.
    """
    now = now or timezone.now()
    with transaction.atomic():
        league = (access_league_for_organiser(league_id, actor, lock=True) if actor
                  else league_or_404(league_id, lock=True))
        season = current_season(league, lock=True)
        if season is None or season.status != SeasonStatus.REGISTRATION:
            raise LeagueError(SEASON_NOT_OPEN, MSG_NOT_OPEN)
        entries = list(Entry.objects.filter(season=season).select_related("user").order_by("pk"))
        if len(entries) < league.division_min:
            raise LeagueError(
                NOT_ENOUGH_PLAYERS, f"A season needs at least {league.division_min} players; {len(entries)} joined."
            )
        groups = _placement(league, season, entries)
        by_user = {e.user_id: e for e in entries}
        divisions = Division.objects.bulk_create(Division(season=season, level=i + 1) for i in range(len(groups)))
        for division, players in zip(divisions, groups, strict=True):
            for user_id in players:
                by_user[user_id].division = division
        Entry.objects.bulk_update(entries, ["division"])
        planned = []
        for division, players in zip(divisions, groups, strict=True):
            planned += _fixtures_planned(league, division, [by_user[u].user for u in players], season_seed=season.pk)
        _fixtures_create(league, planned, now)
        season.status = SeasonStatus.RUNNING
        season.starts_at = now
        season.ends_at = now + timedelta(days=league.season_days)
        season.save(update_fields=["status", "starts_at", "ends_at"])
        if actor:
            _log(league, season, actor, ActionKind.SEASON_START, now=now, players=len(entries), divisions=len(groups))
        # Through the outbox: the players are told once the season has surely started.
        publish(SeasonStarted(league_id=league.pk, season_id=season.pk))
    return season


def season_start_announce(*, season_id: int, now: datetime | None = None) -> int:
    """Tell everyone placed in a running season that it has started: one league-news notice per player
    and season (not one per fixture; the games' own "your move" notices follow from the deadline
    sweep, one e-mail per player), by the bell and e-mail as each prefers.  Its key makes a second run
    store nothing.  Returns how many notices were stored."""
    season = Season.objects.filter(pk=season_id, status=SeasonStatus.RUNNING).select_related("league").first()
    if season is None:
        return 0
    league = season.league
    players = (Entry.objects.filter(season=season, removed=False, division__isnull=False)
               .order_by("pk").values_list("user_id", flat=True))
    params = {"event": "season_start", "league": league.name, "league_id": league.pk, "season": season.number,
              "url": reverse("leagues:detail", args=[league.pk])}
    return len(notify_many([
        {"user_id": user_id, "kind": Kind.LEAGUE_NEWS, "game_id": None, "params": params,
         "key": f"season_start:{season.pk}:{user_id}"}
        for user_id in players
    ], now=now))


def _placement(league: League, season: Season, entries: list[Entry]) -> list[list[int]]:
    previous = Season.objects.filter(league=league, number=season.number - 1).first()
    last = {}
    if previous is not None:
        moved = {Movement.UP: -1, Movement.STAY: 0, Movement.DOWN: 1}
        for old in Entry.objects.filter(season=previous, removed=False).exclude(division=None).select_related(
            "division"
        ):
            last[old.user_id] = placement.Returning(
                player=old.user_id, level=old.division.level, position=old.final_position or 999,
                movement=moved.get(old.movement, 0),
            )
    returning = [last[e.user_id] for e in entries if e.user_id in last]
    fresh = [e.user_id for e in entries if e.user_id not in last]
    key = rating_key(league.kind, league.options)
    ratings = dict(Rating.objects.filter(key=key, user_id__in=fresh).values_list("user_id", "rating"))
    newcomers = [(u, ratings.get(u, elo.START)) for u in fresh]
    order = placement.placement_order(returning, newcomers)
    if league.is_friends:  # one group, whatever the sizes say (joining is capped at five)
        return [order]
    return placement.place(order, league.division_min, league.division_max)


def _rounds_for(league: League, engine, players: list, seed: int) -> list:
    if league.table_size <= 2:
        return pairing.round_robin(players, double=league.double_round_robin)
    sizes = table_size_choices(engine, league.table_size)
    rounds = pairing.default_table_rounds(len(players), league.table_size, double=league.double_round_robin)
    return pairing.table_rounds(players, rounds=rounds, sizes=sizes, preferred=league.table_size, seed=seed)


def _fixtures_planned(league, division, users, *, season_seed: int, first_round: int = 1) -> list[tuple]:
    """Every fixture of a division as (division, round, players in seat order)."""
    engine = registry.get(league.kind)
    by_id = {u.pk: u for u in users}
    rounds = _rounds_for(league, engine, [u.pk for u in users], seed=season_seed * 1000 + division.level)
    return [
        (division, number, [by_id[u] for u in seats])
        for number, games in enumerate(rounds, start=first_round)
        for seats in games
    ]


def _fixtures_create(league: League, planned: list[tuple], now) -> None:
    """The games of the planned fixtures, all at once (a few statements whatever their number)."""
    games = game_services.games_create_scheduled(
        kind=league.kind, options=dict(league.options), days_per_move=league.days_per_move,
        time_bank_days=league.time_bank_days, tables=[players for _division, _round, players in planned], now=now,
    )
    Fixture.objects.bulk_create(
        Fixture(division=division, round=number, game=game)
        for (division, number, _players), game in zip(planned, games, strict=True)
    )


def _fixture_game(league: League, players: list, now) -> Game:
    return game_services.game_create(
        creator=players[0], kind=league.kind, options=dict(league.options), opponents=players[1:],
        days_per_move=league.days_per_move, time_bank_days=league.time_bank_days, now=now, scheduled=True,
    )


def season_end(*, league_id: int, actor=None, now: datetime | None = None) -> Season:
    """End the running season: adjudicate unfinished games, record final places and movements,
    and open the next season (its returning players registered) for registration.

    Adjudication rule: an unfinished game ends on its current scores — the highest score wins,
    equal scores share the place (a draw); a cooperative game ends on its current scores too.
    """
    now = now or timezone.now()
    with transaction.atomic():
        league = (access_league_for_organiser(league_id, actor, lock=True) if actor
                  else league_or_404(league_id, lock=True))
        season = current_season(league, lock=True)
        if season is None or season.status != SeasonStatus.RUNNING:
            raise LeagueError(SEASON_NOT_RUNNING, MSG_NOT_RUNNING)
        unfinished = list(
            Game.objects.filter(fixture__division__season=season, status=GameStatus.ACTIVE).values_list("pk", flat=True)
        )
        for game_id in unfinished:
            game_services.game_adjudicate(game_id=game_id, now=now)
        # An aborted fixture whose rule has not been applied yet (its event still on the way): no
        # time is left for a replay, so whoever left loses, as under the adjudicate rule.
        unsettled = Fixture.objects.select_for_update(of=("self",)).filter(
            division__season=season, game__status=GameStatus.ABORTED, result__isnull=True
        ).select_related("game").order_by("pk")
        for fixture in unsettled:
            _abort_settle(league, season, fixture, now=now, replay=False)
        entries = []
        for table in season_tables(season=season, league=league):  # the tables the pages show
            for row in table.rows:
                entry = row.entry
                entry.final_position = row.position
                entry.final_points = row.points
                entry.movement = {"promotion": Movement.UP, "relegation": Movement.DOWN}.get(row.zone, Movement.STAY)
                entries.append(entry)
        Entry.objects.bulk_update(entries, ["final_position", "final_points", "movement"])
        season.status = SeasonStatus.FINISHED
        season.finished_at = now
        season.save(update_fields=["status", "finished_at"])
        following = Season.objects.create(league=league, number=season.number + 1)
        Entry.objects.bulk_create(
            Entry(season=following, user_id=e.user_id)
            for e in Entry.objects.filter(season=season, removed=False).order_by("pk")
        )
        _log(league, season, actor, ActionKind.SEASON_END, now=now, adjudicated=unfinished)
    return season


def seasons_end_due(*, now: datetime | None = None) -> list[int]:
    """End every running season past its end date (the beat task); returns the league ids."""
    now = now or timezone.now()
    due = list(
        Season.objects.filter(status=SeasonStatus.RUNNING, ends_at__lte=now).values_list("league_id", flat=True)
    )
    ended = []
    for league_id in due:
        try:
            season_end(league_id=league_id, now=now)
        except LeagueError:  # ended meanwhile by an organiser
            continue
        ended.append(league_id)
    return ended


# ---------------------------------------------------------------------------
# Organiser tools
# ---------------------------------------------------------------------------
def _running_entry(league: League, user) -> tuple[Season, Entry]:
    season = current_season(league, lock=True)
    if season is None or season.status != SeasonStatus.RUNNING:
        raise LeagueError(SEASON_NOT_RUNNING, MSG_NOT_RUNNING)
    entry = Entry.objects.filter(season=season, user=user, removed=False).select_related("division").first()
    if user is None or entry is None:
        raise LeagueError(NOT_JOINED, "That player is not in the running season.")
    return season, entry


def _forfeit_games(game_ids, user, now) -> None:
    """The organiser's award: ``user`` loses these games, whatever was played so far."""
    seats = Seat.objects.filter(game_id__in=game_ids, user=user).values_list("game_id", "index")
    for game_id, index in sorted(seats):
        game_services.game_forfeit(game_id=game_id, seat_index=index, reason="forfeit", awarded=True, now=now)


def _open_games(season: Season, user, division=None) -> list[int]:
    games = Game.objects.filter(
        fixture__division__season=season, status=GameStatus.ACTIVE, seats__user=user, seats__resigned=False
    )
    if division is not None:
        games = games.filter(fixture__division=division)
    return list(games.order_by("pk").values_list("pk", flat=True))


def fixture_forfeit(*, league_id: int, actor, game_id: int, loser, now: datetime | None = None) -> None:
    """Award a fixture against ``loser`` (who resigns it): in a two-player game the opponent wins."""
    now = now or timezone.now()
    with transaction.atomic():
        league = access_league_for_organiser(league_id, actor, lock=True)
        season, _entry = _running_entry(league, loser)
        if game_id not in _open_games(season, loser):
            raise LeagueError(NOT_A_FIXTURE, "That is not an unfinished game of this player in the running season.")
        _forfeit_games([game_id], loser, now)
        _log(league, season, actor, ActionKind.FORFEIT, target=loser, now=now, game=game_id)


def entry_remove(*, league_id: int, actor, user, now: datetime | None = None) -> None:
    """Remove a player: from registration they simply leave; from a running season their remaining
    games are forfeited and they are not carried into the next season."""
    now = now or timezone.now()
    with transaction.atomic():
        league = access_league_for_organiser(league_id, actor, lock=True)
        season = current_season(league, lock=True)
        entry = Entry.objects.filter(season=season, user=user, removed=False).first() if user else None
        if entry is None:
            raise LeagueError(NOT_JOINED, "That player is not in the current season.")
        _entry_withdraw(league, season, entry, user, actor, now)


def _entry_withdraw(league: League, season: Season, entry: Entry, user, actor, now, **details) -> None:
    """Take ``user``'s ``entry`` out of the current season, logged: during registration it is deleted; in a
    running season the player's remaining games are forfeited and the entry kept, marked removed."""
    forfeited = []
    if season.status == SeasonStatus.REGISTRATION:
        entry.delete()
    else:
        forfeited = _open_games(season, user)
        _forfeit_games(forfeited, user, now)
        entry.removed = True
        entry.save(update_fields=["removed"])
    _log(league, season, actor, ActionKind.REMOVE_PLAYER, target=user, now=now, forfeited=forfeited,
         **details)


def entries_remove_for_suspension(
    *, user_id: int, actor_id: int | None = None, now: datetime | None = None
) -> list[int]:
    """A moderator suspended a player: remove them from every league's current season as an organiser's
    removal would (remaining games forfeited, not carried on), logged with the moderator as actor, who
    need not organise the league.  Idempotent (a removed entry is left alone).  Returns the league ids."""
    now = now or timezone.now()
    users = get_user_model().objects.in_bulk([u for u in (user_id, actor_id) if u is not None])
    user, actor = users[user_id], users.get(actor_id)
    league_ids = sorted(set(
        Entry.objects.filter(user=user, removed=False)
        .exclude(season__status=SeasonStatus.FINISHED)
        .values_list("season__league_id", flat=True)
    ))
    removed = []
    for league_id in league_ids:
        with transaction.atomic():
            league = league_or_404(league_id, lock=True)
            season = current_season(league, lock=True)
            entry = Entry.objects.filter(season=season, user=user, removed=False).first()
            if entry is None:
                continue
            _entry_withdraw(league, season, entry, user, actor, now, reason="suspended")
            removed.append(league_id)
    return removed


def entry_move(*, league_id: int, actor, user, level: int, now: datetime | None = None) -> None:
    """Move a player to another division of the running season: their unfinished games in the old
    division are aborted (finished ones keep counting there) and new games are created against
    everyone in the new division (at tables of the league's size for multi-player games)."""
    now = now or timezone.now()
    with transaction.atomic():
        league = access_league_for_organiser(league_id, actor, lock=True)
        season, entry = _running_entry(league, user)
        target = Division.objects.filter(season=season, level=level).first()
        if target is None or target.pk == entry.division_id:
            raise LeagueError(BAD_DIVISION, "Choose another division of this season.")
        old = entry.division
        aborted = _open_games(season, user, division=old)
        _games_abort(aborted, now)
        entry.division = target
        entry.save(update_fields=["division"])
        entries = Entry.objects.filter(division=target, removed=False).exclude(user=user).select_related("user")
        others = [e.user for e in entries.order_by("pk")]
        last_round = Fixture.objects.filter(division=target).order_by("-round").values_list("round", flat=True).first()
        _fixtures_create(league, [
            (target, (last_round or 0) + 1 + i, group) for i, group in enumerate(_groups_with(user, others, league))
        ], now)
        _log(league, season, actor, ActionKind.MOVE_PLAYER, target=user, now=now,
             **{"from": old.level, "to": level, "aborted": aborted})


def _groups_with(user, others: list, league: League) -> list[list]:
    """The games a moved player plays in their new division, seat order included (starts alternate)."""
    if league.table_size <= 2:
        games = [[user, o] if i % 2 == 0 else [o, user] for i, o in enumerate(others)]
        if league.double_round_robin:
            games += [list(reversed(g)) for g in games]
        return games
    size = league.table_size - 1
    return [[user, *others[i:i + size]] for i in range(0, len(others), size)]


def _games_abort(game_ids, now) -> None:
    for game_id in game_ids:
        game_services.game_abort(game_id=game_id, reason="player moved to another division", now=now)


# ---------------------------------------------------------------------------
# When a game ends: an aborted fixture under the league's rule, and the season's end once its last
# game is over
# ---------------------------------------------------------------------------
def fixture_ended(*, game_id: int, now: datetime | None = None) -> None:
    """A game finished or was voided (the game's rating change is applied before this, see
    config/wiring.py): if a player left it before every seat had moved, apply the league's abort rule;
    then end its season if no game is left to play.  Idempotent: an event delivered twice finds the
    fixture settled (or no longer holding the game, once replayed) and changes nothing."""
    fixture = Fixture.objects.filter(game_id=game_id).select_related("division__season", "game").first()
    if fixture is None:
        return
    season = fixture.division.season
    if season.status != SeasonStatus.RUNNING:
        return
    if fixture.game.status == GameStatus.ABORTED and fixture.result is None:
        now = now or timezone.now()
        with transaction.atomic():
            league = league_or_404(season.league_id, lock=True)  # the order every league write locks in
            season = current_season(league, lock=True)
            fixture = Fixture.objects.select_for_update(of=("self",)).filter(
                game_id=game_id, division__season=season, result__isnull=True
            ).select_related("game").first()
            if fixture is not None and season.status == SeasonStatus.RUNNING:
                _abort_settle(league, season, fixture, now=now, replay=league.abort_rule == AbortRule.REPLAY)
    if not Game.objects.filter(fixture__division__season=season, status=GameStatus.ACTIVE).exists():
        try:
            season_end(league_id=season.league_id)
        except LeagueError:  # another worker ended it first
            pass


def _abort_of(game_id: int) -> dict:
    """The abort's record in the game's log: {"type": "abort", "reason", "seat"?} (empty if none)."""
    payload = (Move.objects.filter(game_id=game_id, source="abort").order_by("-seq")
               .values_list("payload", flat=True).first())
    return payload or {}


def _abort_settle(league: League, season: Season, fixture: Fixture, *, now, replay: bool) -> None:
    """Apply the abort rule to ``fixture`` (locked, with its game aborted and no result yet): replay it
    with the same players in the same seats, or adjudicate it — whoever left loses.  Only aborts
    caused by a seat resigning or timing out before every seat had moved are settled; a fixture is
    replayed at most ``MAX_REPLAYS`` times, and when a replay cannot be made (a player has left the
    season or may not play) it is adjudicated instead."""
    game = fixture.game
    if game.status != GameStatus.ABORTED or fixture.result is not None:
        return
    abort = _abort_of(game.pk)
    left = abort.get("seat")
    if abort.get("reason") not in RULED_ABORTS or not isinstance(left, int):
        return
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    leaver = next((s.user for s in seats if s.index == left), None)
    if replay and len(fixture.aborted_games) < MAX_REPLAYS:
        new = _replay(league, season, seats, now)
        if new is not None:
            fixture.aborted_games = [*fixture.aborted_games, game.pk]
            fixture.game = new
            fixture.save(update_fields=["aborted_games", "game"])
            _log(league, season, None, ActionKind.REPLAY, target=leaver, now=now, game=game.pk, replay=new.pk,
                 reason=abort["reason"])
            return
    scores = [s.score for s in seats]
    fixture.result = {
        "scores": scores,
        # Whoever left ranks last; everyone else shares first place.
        "ranks": [len(seats) if s.index == left else 1 for s in seats],
        "reason": "abort",
        "left": left,
        # A cooperative table has no loser: it counts the team's score at the abort.
        "team_score": max(scores, default=0) if registry.get(league.kind).cooperative else None,
    }
    fixture.save(update_fields=["result"])
    _log(league, season, None, ActionKind.ADJUDICATE_ABORT, target=leaver, now=now, game=game.pk,
         reason=abort["reason"])


def _replay(league: League, season: Season, seats: list[Seat], now) -> Game | None:
    """A new game for the same players in the same seat order, or None when one of them has left the
    season or may not play now (then the fixture is adjudicated)."""
    players = [s.user for s in seats]
    staying = Entry.objects.filter(season=season, removed=False, user__in=players).count()
    if any(p is None for p in players) or staying != len(players):
        return None
    try:
        with transaction.atomic():
            return _fixture_game(league, players, now)
    except AppError:  # e.g. a suspended player (refused by the games' policy)
        return None
