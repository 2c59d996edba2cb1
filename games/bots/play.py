"""What bots do through the services: accept the challenges they are sent, and play their seats.

Called from Celery tasks (``games.tasks.bot_move``, ``games.tasks.bot_challenges_accept``), never from
a player's request; see ``games/bots/accounts.py`` for the accounts and how a move is chosen.
"""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import F

from engines import bots as engine_bots
from games.bots.accounts import bot_key
from games.errors import GameError
from games.models import Game, GameStatus, Seat
from games.services.base import bot_choose, engine_for
from games.services.challenges import challenge_accept
from games.services.moves import game_submit_move

logger = logging.getLogger(__name__)


def bot_challenges_accept(*, game_id: int, challenged_ids: list[int]) -> int:
    """The bots among ``challenged_ids`` accept the challenge at once; returns how many accepted.
    A challenge already answered, withdrawn or expired is left alone (a task run twice does nothing)."""
    bots = list(get_user_model().objects.filter(pk__in=challenged_ids, is_bot=True))
    accepted = 0
    for bot in bots:
        if not Game.objects.filter(pk=game_id, status=GameStatus.CHALLENGE).exists():
            break
        try:
            challenge_accept(game_id=game_id, user=bot)
        except GameError as exc:
            logger.info("bot %s could not accept challenge %s: %s", bot.username, game_id, exc.code)
            continue
        accepted += 1
    return accepted


# Bot turns looked at per task when choosing the most urgent; a claim outlasts any bot's think, and lapses
# before the deadline sweep wakes the turn again.
URGENT_LOOKAHEAD = 50
CLAIM_SECONDS = 5 * 60


def bot_move_play(*, game_id: int) -> int:
    """Play the most urgent bot turn waiting: of the active games where a bot's seat is to act, the one whose
    deadline is nearest (games without a clock last, ties by game; ``game_id``'s own is always considered);
    returns how many moves it made.

    Each ``BotToMove`` is one task on the bots' queue, and each task plays one game's turn, so a burst of
    bot games is worked off with the least time left first whatever order the tasks arrive in.  A turn is
    claimed in the shared cache while the bot thinks, so two workers never think about the same one; the
    claim of a killed worker lapses, and the deadline sweep announces the turn again.  A turn whose play
    fails keeps its claim until it lapses, and the task plays the next one."""
    for candidate in _urgent_games(game_id):
        version = Game.objects.filter(pk=candidate, status=GameStatus.ACTIVE).values_list("version", flat=True).first()
        claim = claim_key(candidate, version)
        if version is None or not cache.add(claim, True, timeout=CLAIM_SECONDS):
            continue
        try:
            played = _play_seats(candidate)
        except Exception:
            # Its claim stays until it lapses: a turn that fails every time must not stop the queue, as
            # it would if every task took it first again.
            logger.exception("bot turn in game %s failed; the next urgent turn is played instead", candidate)
            continue
        cache.delete(claim)
        return played
    return 0


def claim_key(game_id: int, version: int | None) -> str:
    """The cache key a worker adds while its bot thinks about this version of the game."""
    return f"bot-turn:{game_id}:{version}"


def _urgent_games(announced: int) -> list[int]:
    """Games with a bot's seat to act, the nearest deadline first; the announced game is always among them."""
    seats = (Seat.objects.filter(to_act=True, resigned=False, user__is_bot=True, game__status=GameStatus.ACTIVE)
             .order_by(F("deadline").asc(nulls_last=True), "game_id")
             .values_list("game_id", flat=True)[:URGENT_LOOKAHEAD])
    games = list(dict.fromkeys(seats))
    return games if announced in games else [*games, announced]


def _play_seats(game_id: int) -> int:
    """Play every bot seat of the game that is to act now, one move each; returns how many moved.

    Reads without a lock and submits through the move path, which checks the version and the key
    (game, version, seat): a task run twice plays once, and a game that moved on under us refuses the
    move (``STALE_VERSION``) -- the change that moved it announces the bot's turn again."""
    game = Game.objects.filter(pk=game_id, status=GameStatus.ACTIVE).first()
    if game is None:
        return 0
    seats = list(Seat.objects.filter(game=game, to_act=True, resigned=False, user__is_bot=True).select_related("user"))
    engine = engine_for(game.kind)
    played = 0
    for seat in seats:
        if seat.index not in engine.to_act(game.started_state):
            continue
        bot = seat.user
        assert bot is not None  # the query above read only the seats of bots
        try:
            move = bot_choose(game, engine, seat.index, bot.bot_level)
        except engine_bots.NoBot:
            logger.warning("bot %s has no move in game %s seat %s", bot.username, game.pk, seat.index)
            continue
        try:
            game_submit_move(game_id=game.pk, user=seat.user, move=move, version=game.version,
                             idempotency_key=bot_key(game.pk, game.version, seat.index))
        except GameError as exc:
            logger.info("bot move in game %s refused: %s", game.pk, exc.code)
            return played
        played += 1
        game.refresh_from_db(fields=["state", "version", "status"])
        if game.status != GameStatus.ACTIVE:
            break
    return played
