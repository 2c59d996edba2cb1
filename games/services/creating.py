"""Creating games: with every seat named (a league fixture; it starts at once) or an open seek (seats
filled by accepting in the lobby), the checks every new game passes (challenges use them too), and
starting a game once every seat is taken."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from engines.base import Engine, IllegalMove
from games import broadcast
from games.clock import TIME_BANK_DAYS_MAX
from games.errors import (
    ALREADY_SEATED,
    BAD_OPTIONS,
    BAD_REQUEST,
    BOT_CANNOT_CREATE,
    BOT_PLAYS_OTHER_KIND,
    MSG_BAD_TIME_BANK,
    MSG_NOT_FOUND,
    NOT_FOUND,
    SEEK_NOT_OPEN,
    TOO_MANY_SEEKS,
    UNKNOWN_PLAYER,
    GameError,
)
from games.models import Game, GameStatus, Seat
from games.options import options_refuse_undeclared
from games.policies import refuse_unless_may_be_challenged, refuse_unless_may_play
from games.services.base import announce, announce_seeks, engine_for
from games.services.caps import refuse_over_game_cap
from games.services.ending import game_abort
from games.services.moves import clock_start, sync_seats
from lexicons.store import lexicon_exists
from lexicons.term_decks import spell_options_prepare, spell_options_prepare_many


def _validate_options(engine: Engine, seats: int, options: dict, seed: int) -> None:
    if not engine.min_seats <= seats <= engine.max_seats:
        raise GameError(
            BAD_OPTIONS, f"{engine.kind} is played by {engine.min_seats} to {engine.max_seats} players."
        )
    try:
        engine.setup(seats, options, seed)
    except IllegalMove as exc:
        raise GameError(BAD_OPTIONS, exc.message) from None


def _prepare_options(engine: Engine, options: dict, seed: int) -> dict:
    """What the server adds to a new game's options before setup, deterministic from the seed: term
    cards drawn from the site's deck for an engine that ``uses_term_deck`` (Spell; they never leave
    the server)."""
    if engine.uses_term_deck:
        return spell_options_prepare(options, seed)
    return options


def _with_lexicon(engine: Engine, options: dict) -> dict:
    """The options with the engine's default lexicon filled in, refused when the named one is not loaded."""
    options = dict(options)
    default_lexicon = engine.default_lexicon(options)
    if default_lexicon is not None:
        options.setdefault("lexicon", default_lexicon)
    if "lexicon" in options and (not isinstance(options["lexicon"], str) or not lexicon_exists(options["lexicon"])):
        raise GameError(BAD_OPTIONS, f"There is no lexicon {options['lexicon']!r}.")
    return options


def game_options_check(*, kind: str, seats: int, options: dict) -> None:
    """Refuse (GameError) options that could not start a game of ``kind`` at ``seats`` seats,
    exactly as ``game_create`` would; for settings stored ahead of games, such as a league's."""
    engine = engine_for(kind)
    options_refuse_undeclared(engine, options)
    options = _with_lexicon(engine, options)
    _validate_options(engine, seats, _prepare_options(engine, options, 0), 0)


@dataclass(frozen=True)
class NewGame:
    """A game's settings, checked: what ``game_create`` and ``challenge_create`` insert."""

    engine: Engine
    options: dict
    seed: int
    seats: int
    days: int
    players: list  # seat order, None for a free seat
    bank_days: int = 0


# A player's open seeks in the lobby at once: enough for every kind and time control, not a flood.
MAX_OPEN_SEEKS = 10


def _refuse_too_many_seeks(creator) -> None:
    """Inside the seek's transaction: the creator's row is locked first, so two seeks posted at once
    are counted one after the other (PostgreSQL) and the eleventh is refused whatever the timing."""
    get_user_model().objects.select_for_update().filter(pk=creator.pk).values_list("pk", flat=True).first()
    if Game.objects.filter(status=GameStatus.OPEN, created_by=creator).count() >= MAX_OPEN_SEEKS:
        raise GameError(
            TOO_MANY_SEEKS,
            f"You have {MAX_OPEN_SEEKS} open seeks already; withdraw one or wait for it to be taken.", 409,
        )


def time_bank_check(time_bank_days) -> int:
    """A time bank in whole days from 0 to ``TIME_BANK_DAYS_MAX`` (None: none), or ``BAD_OPTIONS``."""
    if time_bank_days is None:
        return 0
    if type(time_bank_days) is not int or not 0 <= time_bank_days <= TIME_BANK_DAYS_MAX:
        raise GameError(BAD_OPTIONS, MSG_BAD_TIME_BANK, option="time_bank_days")
    return time_bank_days


def new_game_checked(
    *, creator, kind: str, seats: int, options: dict | None, opponents: list | None, days_per_move: int | None,
    seed: int | None, now: datetime, scheduled: bool, time_bank_days: int | None = None,
) -> NewGame:
    """Everything a new game must satisfy, refused (GameError or a policy's refusal) before anything is
    written: players who may play, options the engine accepts, a time control (and time bank) we offer, no one seated
    twice, no challenged player on vacation (league fixtures excepted: their clocks wait), and only the
    options the kind declares (``games.options``)."""
    engine = engine_for(kind)
    refuse_unless_may_play([creator, *(o for o in (opponents or []) if o is not None)])
    if creator.is_bot:
        raise GameError(BOT_CANNOT_CREATE, "Bots do not start games; challenge one instead.")
    options = {} if options is None else options
    # A league fixture's options are its league's, checked when the league was made (``game_options_check``):
    # a fixture of a league made before the options were declared still starts.
    if not scheduled:
        options_refuse_undeclared(engine, options)
    options = _with_lexicon(engine, options)
    seed = secrets.randbits(62) if seed is None else seed
    options = _prepare_options(engine, options, seed)
    days = settings.DEFAULT_DAYS_PER_MOVE if days_per_move is None else days_per_move
    if days not in settings.DAYS_PER_MOVE_CHOICES:
        raise GameError(BAD_OPTIONS, f"Days per move must be one of {settings.DAYS_PER_MOVE_CHOICES}.")
    bank_days = time_bank_check(time_bank_days)
    opponents = list(opponents or [])
    if opponents:
        seats = len(opponents) + 1
        if any(o is None for o in opponents):
            raise GameError(UNKNOWN_PLAYER, "No such player.")
        if len({creator.pk, *(o.pk for o in opponents)}) != seats:
            raise GameError(BAD_REQUEST, "A player cannot be seated twice (or challenge themselves).")
        for bot in (o for o in opponents if o.is_bot and o.bot_kind != kind):
            raise GameError(BOT_PLAYS_OTHER_KIND, f"{bot.public_name} plays only {bot.bot_kind.capitalize()}.")
        if not scheduled:
            refuse_unless_may_be_challenged(opponents, now)
    _validate_options(engine, seats, options, seed)
    players = [creator, *opponents] + [None] * (seats - 1 - len(opponents))
    return NewGame(engine=engine, options=options, seed=seed, seats=seats, days=days, players=players,
                   bank_days=bank_days)


def new_game_insert(*, new: NewGame, kind: str, creator, status: str, accepted: set[int] | None = None) -> Game:
    """The game row and its seats (``accepted``: the seat indexes that have accepted a challenge)."""
    game = Game.objects.create(
        kind=kind, options=new.options, seed=new.seed, seats_count=new.seats, days_per_move=new.days,
        time_bank_days=new.bank_days, created_by=creator, status=status,
    )
    Seat.objects.bulk_create(
        Seat(game=game, index=i, user=u, accepted=accepted is None or i in accepted)
        for i, u in enumerate(new.players)
    )
    return game


def game_create(
    *,
    creator,
    kind: str,
    seats: int = 2,
    options: dict | None = None,
    opponents: list | None = None,
    days_per_move: int | None = None,
    seed: int | None = None,
    now: datetime | None = None,
    scheduled: bool = False,
    time_bank_days: int | None = None,
) -> Game:
    """Create a game.  With ``opponents`` every seat is named and the game starts at once (the creator
    takes seat 0): a league fixture (``scheduled``: a player's vacation does not refuse it, their clocks
    simply stand still), or players who have agreed already.  A player's challenge to others waits for
    their consent instead: ``challenges.challenge_create``.  Without opponents it is an open seek that
    others accept in the lobby."""
    now = now or timezone.now()
    new = new_game_checked(creator=creator, kind=kind, seats=seats, options=options, opponents=opponents,
                           days_per_move=days_per_move, seed=seed, now=now, scheduled=scheduled,
                           time_bank_days=time_bank_days)
    with transaction.atomic():
        if not opponents:
            _refuse_too_many_seeks(creator)
        if not scheduled:  # a league fixture is never refused: joining the league was the commitment
            refuse_over_game_cap(player=creator, others=opponents or ())
        game = new_game_insert(new=new, kind=kind, creator=creator, status=GameStatus.OPEN)
        if opponents:
            game_start(game=game, engine=new.engine, now=now)
        else:
            announce_seeks(game.pk)
    return game


def games_create_scheduled(
    *, kind: str, options: dict | None, days_per_move: int, tables: list[list], now: datetime | None = None,
    time_bank_days: int = 0,
) -> list[Game]:
    """Create and start many games at once, one per table of named players in seat order (a league
    season's fixtures): checked as ``game_create`` checks them, but the options, the players and the
    deck once for all, and the rows written in a few statements whatever the number of games."""
    now = now or timezone.now()
    if not tables:
        return []
    engine = engine_for(kind)
    refuse_unless_may_play(list({u.pk: u for table in tables for u in table}.values()))
    options = _with_lexicon(engine, options or {})
    if days_per_move not in settings.DAYS_PER_MOVE_CHOICES:
        raise GameError(BAD_OPTIONS, f"Days per move must be one of {settings.DAYS_PER_MOVE_CHOICES}.")
    time_bank_days = time_bank_check(time_bank_days)
    seeds = [secrets.randbits(62) for _ in tables]
    prepared = spell_options_prepare_many(options, seeds) if engine.uses_term_deck else [options] * len(tables)
    games, states = [], []
    for table, seed, table_options in zip(tables, seeds, prepared, strict=True):
        if len({u.pk for u in table}) != len(table):
            raise GameError(BAD_REQUEST, "A player cannot be seated twice.")
        _validate_options(engine, len(table), table_options, seed)
        state = engine.setup(len(table), table_options, seed)
        states.append(state)
        games.append(Game(
            kind=kind, options=table_options, seed=seed, seats_count=len(table), days_per_move=days_per_move,
            time_bank_days=time_bank_days, created_by=table[0], status=GameStatus.ACTIVE, state=state, version=1,
            turn_id=str(engine.turn_id(state)), turn_version=1, started_at=now,
        ))
    with transaction.atomic():
        games = Game.objects.bulk_create(games)
        seats = []
        for game, table, state in zip(games, tables, states, strict=True):
            to_act, scores = engine.to_act(state), engine.scores(state)
            for index, user in enumerate(table):
                seat = Seat(game=game, index=index, user=user, score=scores[index], to_act=index in to_act)
                if seat.to_act:
                    clock_start(seat, now=now, days=days_per_move)
                seats.append(seat)
        Seat.objects.bulk_create(seats)
        changes = [(g.pk, g.version, [u.pk for u in table]) for g, table in zip(games, tables, strict=True)]
        transaction.on_commit(lambda: broadcast.games_changed(changes=changes))
    return games


def seek_accept(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Take the first free seat of an open seek; the game starts when the last seat is taken."""
    refuse_unless_may_play([user])
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        if game.status != GameStatus.OPEN:
            raise GameError(SEEK_NOT_OPEN, "This seek has already been taken or withdrawn.", 409)
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise GameError(ALREADY_SEATED, "You already have a seat in this game.")
        refuse_over_game_cap(player=user)
        free = next(s for s in seats if s.user_id is None)
        free.user = user
        free.save(update_fields=["user"])
        if all(s.user_id is not None for s in seats):
            game_start(game=game, engine=engine_for(game.kind), now=now)
        announce_seeks(game.pk)  # one seat fewer, or gone from the lobby: it started
    return game


def seek_withdraw(*, game_id: int, user) -> None:
    """The creator takes back an open seek (it ends as aborted, through the Finisher)."""
    game = Game.objects.filter(pk=game_id, created_by=user).first()
    if game is None:
        raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
    if game.status != GameStatus.OPEN or not game_abort(game_id=game.pk, reason="withdrawn"):
        raise GameError(SEEK_NOT_OPEN, "This seek has already been taken or withdrawn.", 409)


def seek_seats_release(*, user) -> int:
    """Give back the seats ``user`` took in others' open seeks (a suspended player); returns how many."""
    taken = Seat.objects.filter(user=user, game__status=GameStatus.OPEN)
    seek_ids = list(taken.values_list("game_id", flat=True))
    released = taken.update(user=None)
    announce_seeks(*seek_ids)
    return released


def game_start(*, game: Game, engine: Engine, now: datetime | None) -> None:
    """Every seat is taken (and has accepted): set the game up and start the clocks."""
    now = now or timezone.now()
    state = engine.setup(game.seats_count, game.options, game.seed)
    game.state = state
    game.status = GameStatus.ACTIVE
    game.started_at = now
    game.version = 1
    game.turn_id = str(engine.turn_id(state))
    game.turn_version = 1
    game.save(update_fields=["state", "status", "started_at", "version", "turn_id", "turn_version"])
    seats = list(game.seats.all())
    sync_seats(game=game, engine=engine, seats=seats, state=state, now=now, turn_changed=True)
    announce(game, seats)
