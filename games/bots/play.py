"""What bots do through the services: accept the challenges they are sent, and play their seats.

Called from Celery tasks (``games.tasks.bot_move``, ``games.tasks.bot_challenges_accept``), never from
a player's request; see ``games/bots/accounts.py`` for the accounts and how a move is chosen.
"""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model

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


def bot_move_play(*, game_id: int) -> int:
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
