"""Challenges: a game against named players starts only when each of them has accepted.

The challenger's seat accepts by challenging; each challenged player accepts or declines (a decline
ends it for everyone); the challenger may withdraw it; unanswered, it expires after
``settings.CHALLENGE_EXPIRY_DAYS`` (the deadline sweep).  A rematch is such a challenge, to the players
of a finished game, with its settings (``game_rematch``).  A player may refuse challenges from players
they have never played (their profile's ``challenges_from_strangers``).  The game's ``status`` reads
``challenge`` until it starts.  Ending one goes through the Finisher, as an abort with the reason.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.events import publish
from core.ratelimits import rate_limit_consume
from games import store
from games.access import access_seat_for_user
from games.errors import GAME_NOT_FINISHED, MSG_NOT_FINISHED, MSG_NOT_FOUND, NOT_FOUND, RATE_LIMITED, GameError
from games.events import ChallengeAnswered, ChallengeIssued
from games.models import Game, GameStatus, Seat
from games.options import options_chosen
from games.policies import refuse_unless_may_play
from games.services import finisher
from games.services.base import announce, engine_for
from games.services.caps import refuse_over_game_cap
from games.services.creating import game_create, game_start, new_game_checked, new_game_insert

CHALLENGE_NOT_OPEN = "CHALLENGE_NOT_OPEN"
CHALLENGES_REFUSED = "CHALLENGES_REFUSED"
NOT_YOUR_CHALLENGE = "NOT_YOUR_CHALLENGE"
MSG_NOT_OPEN = "This challenge has already been answered, withdrawn or has expired."
# Challenges a player may issue per hour (API and pages together): nobody is flooded with invitations.
CHALLENGE_RATE_LIMIT = 20
CHALLENGE_RATE_WINDOW = 3600


def played_together(a, b) -> bool:
    """Whether two players have had a game together (one that started)."""
    return Seat.objects.filter(
        user=a, game__seats__user=b, game__status__in=[GameStatus.ACTIVE, GameStatus.FINISHED]
    ).exists()


def challenge_create(
    *, creator, kind: str, opponents: list, options: dict | None = None, days_per_move: int | None = None,
    seed: int | None = None, now: datetime | None = None, time_bank_days: int | None = None,
) -> Game:
    """Challenge named players: the game waits for each to accept (checked as ``game_create`` checks)."""
    now = now or timezone.now()
    new = new_game_checked(creator=creator, kind=kind, seats=len(opponents) + 1, options=options,
                           opponents=opponents, days_per_move=days_per_move, seed=seed, now=now, scheduled=False,
                           time_bank_days=time_bank_days)
    for opponent in opponents:
        if not opponent.challenges_from_strangers and not played_together(creator, opponent):
            raise GameError(
                CHALLENGES_REFUSED,
                f"{opponent.public_name} accepts challenges only from players they have played.", 403,
            )
    if not rate_limit_consume(scope="challenge", key=creator.pk, limit=CHALLENGE_RATE_LIMIT,
                              window=CHALLENGE_RATE_WINDOW, now=now.timestamp()):
        raise GameError(
            RATE_LIMITED, f"You have issued {CHALLENGE_RATE_LIMIT} challenges within the hour; wait a while.", 429
        )
    with transaction.atomic():
        refuse_over_game_cap(player=creator, others=opponents)
        game = new_game_insert(new=new, kind=kind, creator=creator, status=GameStatus.CHALLENGE, accepted={0})
        publish(ChallengeIssued(game_id=game.pk, challenger_id=creator.pk, challenged_ids=[o.pk for o in opponents]))
        announce(game, list(game.seats.all()))
    return game


def game_or_challenge_create(
    *, creator, kind: str, opponents: list | None = None, seats: int = 2, options: dict | None = None,
    days_per_move: int | None = None, time_bank_days: int | None = None,
) -> Game:
    """What a player's "new game" makes, from the page and the API alike: against named players a
    challenge they must accept (``challenge_create``); without names an open seek of ``seats`` seats in the
    lobby (``game_create``)."""
    if opponents:
        return challenge_create(creator=creator, kind=kind, opponents=opponents, options=options,
                                days_per_move=days_per_move, time_bank_days=time_bank_days)
    return game_create(creator=creator, kind=kind, seats=seats, options=options, days_per_move=days_per_move,
                       time_bank_days=time_bank_days)


def game_rematch(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Challenge the other players of a finished game to the same game again: the same kind, options
    (those a creator chooses; the server adds its own afresh), days per move and time bank, the asker
    in the first seat and the others in their order.  An ordinary challenge (``challenge_create``): it
    waits for their consent and is refused as any challenge is (the game cap, vacations, "challenges
    from strangers", the hourly limit); a bot accepts it as it accepts any.  Refused with
    ``NOT_YOUR_GAME`` (403) for anyone without a seat, ``GAME_NOT_FINISHED`` (409) before the end."""
    game = Game.objects.filter(pk=game_id).prefetch_related("seats__user").first()
    if game is None:
        raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
    access_seat_for_user(game, user)
    if game.status != GameStatus.FINISHED:
        raise GameError(GAME_NOT_FINISHED, MSG_NOT_FINISHED, 409)
    # A seat whose account is gone leaves None here: the challenge is refused as UNKNOWN_PLAYER.
    opponents = [seat.user for seat in game.seats.all() if seat.user_id != user.pk]
    return challenge_create(
        creator=user, kind=game.kind, opponents=opponents, options=options_chosen(engine_for(game.kind), game.options),
        days_per_move=game.days_per_move, time_bank_days=game.time_bank_days, now=now,
    )


def _open_challenge(game_id: int) -> Game:
    game = store.lock(game_id)
    if game.status != GameStatus.CHALLENGE:
        raise GameError(CHALLENGE_NOT_OPEN, MSG_NOT_OPEN, 409)
    return game


def challenge_accept(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Accept a challenge; the game starts when the last challenged player accepts."""
    now = now or timezone.now()
    refuse_unless_may_play([user])
    with transaction.atomic():
        game = _open_challenge(game_id)
        seat = access_seat_for_user(game, user)
        if not seat.accepted:
            refuse_over_game_cap(player=user)
            seat.accepted = True
            Seat.objects.filter(pk=seat.pk).update(accepted=True)
        started = all(s.accepted for s in game.seats.all())
        if started:
            game_start(game=game, engine=engine_for(game.kind), now=now)
        else:
            announce(game, list(game.seats.all()))
        publish(ChallengeAnswered(game_id=game.pk, user_id=user.pk, accepted=True, started=started))
    return game


def challenge_decline(*, game_id: int, user, now: datetime | None = None) -> Game:
    """Decline a challenge: it ends for everyone, without a result."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _open_challenge(game_id)
        seat = access_seat_for_user(game, user)
        if seat.index == 0:
            raise GameError(NOT_YOUR_CHALLENGE, "You made this challenge: withdraw it instead.", 400)
        _end(game, reason="declined", seat_index=seat.index, by=user, now=now)
        publish(ChallengeAnswered(game_id=game.pk, user_id=user.pk, accepted=False))
    return game


def challenge_withdraw(*, game_id: int, user, now: datetime | None = None) -> Game:
    """The challenger takes a challenge back before it starts."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _open_challenge(game_id)
        if game.created_by_id != user.pk:
            raise GameError(NOT_FOUND, MSG_NOT_FOUND, 404)
        _end(game, reason="withdrawn", seat_index=0, by=user, now=now)
    return game


def challenges_expire(*, now: datetime | None = None) -> int:
    """End every challenge unanswered for ``CHALLENGE_EXPIRY_DAYS`` (the deadline sweep); returns how many."""
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.CHALLENGE_EXPIRY_DAYS)
    expired = 0
    due = Game.objects.filter(status=GameStatus.CHALLENGE, created_at__lte=cutoff).values_list("pk", flat=True)
    for game_id in list(due):
        with transaction.atomic():
            game = store.lock(game_id)
            if game.status == GameStatus.CHALLENGE:
                _end(game, reason="expired", seat_index=0, by=None, now=now)
                expired += 1
    return expired


def _end(game: Game, *, reason: str, seat_index: int, by, now: datetime) -> None:
    finisher.finish(
        game=game, seats=list(game.seats.all()), now=now, result=None, status=GameStatus.ABORTED, source="abort",
        log={"type": "abort", "reason": reason, "seat": seat_index}, seat_index=seat_index, by=by,
    )
