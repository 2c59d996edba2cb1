"""Reads behind the game pages and API lists, with related rows fetched up front so that the number
of queries does not grow with the number of games or moves."""

from __future__ import annotations

from datetime import UTC, datetime

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from engines import registry
from games import store
from games.models import NON_ENGINE_SOURCES, Game, GameStatus, Move, Seat

# Finished games shown beside the running ones; the full record is on the player's profile.
RECENT_FINISHED = 20
# The lobby lists the newest open seeks only: the page must not grow with the number of seeks.
LOBBY_SEEKS = 50


# What a list of games shows of each seated player (a name, a bot's badge): not the whole account.
LISTED_PLAYER_FIELDS = ("user__username", "user__display_name", "user__is_bot")


def _seats_with_users(*, listed: bool = False) -> Prefetch:
    """A game's seats in order with their players; ``listed``: each player with ``LISTED_PLAYER_FIELDS`` only."""
    seats = Seat.objects.select_related("user").order_by("index")
    if listed:
        seats = seats.only(*(f.attname for f in Seat._meta.concrete_fields), *LISTED_PLAYER_FIELDS)
    return Prefetch("seats", queryset=seats)


def games_for_user(*, user, include_finished: bool = True, with_state: bool = True) -> list[Game]:
    """The user's open and running games, those awaiting their move first (least time left first, bank
    included: ``time_runs_out``), then the rest newest first, then the most recently finished ones.
    Each game carries ``my_seat`` and its seats with their players (of each, the fields of
    ``LISTED_PLAYER_FIELDS``).  Without ``with_state`` the games' states (the bulk of each row, decoded
    into many objects) are not read: a list that shows seats and scores only needs none.  Three queries
    (two without the finished games)."""
    mine = Seat.objects.filter(user=user).select_related("game")
    if not with_state:
        mine = mine.defer("game__state")
    my_seats = list(mine.filter(game__status__in=[GameStatus.CHALLENGE, GameStatus.OPEN, GameStatus.ACTIVE]))
    if include_finished:
        finished = mine.filter(game__status=GameStatus.FINISHED).order_by("-game__finished_at")
        my_seats += finished[:RECENT_FINISHED]
    games = []
    for seat in my_seats:
        game = seat.game
        game.my_seat = seat
        games.append(game)
    # The seats of both lists in one query.
    prefetch_related_objects(games, _seats_with_users(listed=True))
    far = 10**12

    def order(game: Game):
        seat = game.my_seat
        # A challenge waiting for my answer needs me as much as my move does.
        waiting = (game.status == GameStatus.ACTIVE and seat.to_act) or (
            game.status == GameStatus.CHALLENGE and not seat.accepted
        )
        active = game.status != GameStatus.FINISHED
        runs_out = time_runs_out(seat, game) if waiting else None
        deadline = runs_out.timestamp() if runs_out else far
        return (not waiting, not active, deadline, -(game.created_at.timestamp()))

    return sorted(games, key=order)


def challenges_for_user(*, user) -> QuerySet[Game]:
    """Challenges the user made or received that wait for an answer, newest first."""
    return (
        Game.objects.filter(status=GameStatus.CHALLENGE, seats__user=user)
        .prefetch_related(_seats_with_users())
        .order_by("-created_at")
    )


def open_seeks(*, limit: int | None = LOBBY_SEEKS, kind: str | None = None) -> QuerySet[Game]:
    """The newest ``limit`` open seeks (of one ``kind`` when given), or all of them for the API's pages
    (the partial index ``game_open_seeks`` serves the order), each with its seats and their players
    (``LISTED_PLAYER_FIELDS``); not their states (a seek shows none)."""
    found = Game.objects.filter(status=GameStatus.OPEN)
    if kind is not None:
        found = found.filter(kind=kind)
    seeks = (
        found
        .defer("state")
        .prefetch_related(_seats_with_users(listed=True))
        .order_by("-created_at", "-pk")
    )
    return seeks if limit is None else seeks[:limit]


def game_with_seats(*, game_id: int) -> Game | None:
    """The game with its seats in order and their players (``store.read``): where every game page, its
    API and each socket's update start."""
    return store.read(game_id)


def moves_for_game(*, game: Game) -> QuerySet[Move]:
    return Move.objects.filter(game=game).order_by("seq")


def engine_moves_for_game(*, game: Game) -> list[tuple[int, dict]]:
    """The game's engine moves ``(seat, payload)`` in log order (resignations and the like left out):
    what replays the game from its seed."""
    return [(m.seat, m.payload) for m in moves_for_game(game=game) if m.source not in NON_ENGINE_SOURCES]


UNFINISHED = (GameStatus.OPEN, GameStatus.CHALLENGE, GameStatus.ACTIVE)


def awaiting_count(*, user) -> int:
    return Seat.objects.filter(user=user, to_act=True, game__status=GameStatus.ACTIVE).count()


def time_runs_out(seat: Seat, game: Game) -> datetime | None:
    """When the seat's time runs out: its deadline plus what is left of its time bank (None: no clock)."""
    if seat.deadline is None:
        return None
    return seat.deadline + seat.bank_left(game.time_bank_days)


def next_game_for_user(*, user, exclude_game_id: int | None = None) -> tuple[Game | None, int]:
    """The game awaiting the user's move with the least time left (``time_runs_out``, then the oldest
    game), other than ``exclude_game_id``, with ``my_seat``; and how many such games there are.  One
    query; the rows are sorted here, as the time left counts the bank (there are at most a few hundred:
    ``MAX_ACTIVE_GAMES`` and the leagues')."""
    seats = Seat.objects.filter(user=user, to_act=True, resigned=False, game__status=GameStatus.ACTIVE)
    if exclude_game_id is not None:
        seats = seats.exclude(game_id=exclude_game_id)
    seats = list(seats.select_related("game").defer("game__state", "game__options"))
    if not seats:
        return None, 0
    far = datetime.max.replace(tzinfo=UTC)
    first = min(seats, key=lambda s: (time_runs_out(s, s.game) or far, s.game_id))
    first.game.my_seat = first
    return first.game, len(seats)


def log_for_seat(*, game: Game, moves, seat_index: int | None) -> list[dict]:
    """The move log as ``seat_index`` may see it: engine moves pass through the engine's
    ``log_view``; resignations and aborts are public."""
    engine = registry.get(game.kind)
    entries = []
    index = 0  # position among engine moves; resignations and aborts are not engine moves
    for move in moves:
        if move.source in NON_ENGINE_SOURCES:
            shown = move.payload
        else:
            raw = {"seq": move.seq, "index": index, "seat": move.seat, "move": move.payload}
            shown = engine.log_view(game.state, raw, seat_index)["move"]
            index += 1
        entries.append(
            {"seq": move.seq, "seat": move.seat, "source": move.source, "created": move.created_at, "move": shown}
        )
    return entries
