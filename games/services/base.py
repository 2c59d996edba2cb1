"""What every game service shares: the engine for a kind, the game-row lock, request hashes, and
what is announced on commit after a change (the sockets' "game N is at version V", the lobby's "seek N
changed" and the events)."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

from django.db import transaction

from core.events import Event, publish
from engines import bots as engine_bots
from engines import registry
from engines.base import Engine, rng_for
from games import broadcast
from games.context import context_for
from games.errors import UNKNOWN_KIND, GameError
from games.events import BotToMove
from games.models import Game, GameStatus, Seat
from lexicons.common_words import common_word_predicate
from lexicons.store import lexicon_language

logger = logging.getLogger(__name__)


def engine_for(kind: str) -> Engine:
    """The engine of a kind the site offers (registered); ``UNKNOWN_KIND`` for any other."""
    if not isinstance(kind, str) or not registry.is_registered(kind):
        raise GameError(UNKNOWN_KIND, f"Unknown game kind {kind!r}.")
    return registry.get(kind)


def _common_word(game: Game):
    """Which words are common in the game's language, loaded on the first word asked about."""
    code = (game.options or {}).get("lexicon")
    language = lexicon_language(code) if code else "en"
    return lambda word: common_word_predicate(language)(word)


def bot_choose(game: Game, engine: Engine, seat_index: int, level: str, *, salt: str = "bot") -> dict:
    """The ``level`` bot's move for ``seat_index`` in ``game`` now (its randomness from the game's seed);
    raises ``engines.bots.NoBot`` when it has none to offer."""
    rng = rng_for(game.seed, salt, game.version, seat_index)
    return engine_bots.choose_move(game.kind, game.started_state, seat_index, context_for(game), level, rng,
                                   common_word=_common_word(game))


def auto_move(game: Game, engine: Engine, seat_index: int) -> dict:
    """The move for a resigned or forfeited seat: the bot's of the engine's ``auto_play_level``, else
    (or when the bot has nothing to offer) the engine's timeout move."""
    if engine.auto_play_level:
        try:
            return bot_choose(game, engine, seat_index, engine.auto_play_level, salt="auto")
        except engine_bots.NoBot:
            logger.warning("no bot move for game %s seat %s; playing the timeout move", game.pk, seat_index)
    return engine.timeout_move(game.started_state, seat_index)


def request_hash(move: Any, version: int | None) -> str:
    blob = json.dumps({"move": move, "version": version}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def announce(game: Game, seats: list[Seat], *events: Event) -> None:
    """On commit: tell the open sockets (players and spectators re-read their own view), and publish
    the events to the apps that listen (ratings, leagues, notifications) -- and ``BotToMove`` when a
    bot's seat is to act, so a Celery task plays it after this transaction, never inside it."""
    game_id, version = game.pk, game.version
    user_ids = [s.user_id for s in seats if s.user_id]
    transaction.on_commit(lambda: broadcast.game_changed(game_id=game_id, version=version, user_ids=user_ids))
    for event in events:
        publish(event)
    if game.status == GameStatus.ACTIVE and any(bot_to_act(s) for s in seats):
        publish(BotToMove(game_id=game_id, version=version))


def announce_seeks(*seek_ids: int) -> None:
    """On commit: tell the open lobbies that these seeks changed (``broadcast.seeks_changed``)."""
    ids = list(seek_ids)
    if ids:
        transaction.on_commit(lambda: broadcast.seeks_changed(seek_ids=ids))


def bot_to_act(seat: Seat) -> bool:
    """A bot's seat that is to act.  Only seats read with their user (the move path's lock reads them
    so) are looked at: no query here; the deadline sweep wakes any other within a minute."""
    if not seat.to_act or seat.resigned or not seat.user_id or not Seat.user.is_cached(seat):
        return False
    user = seat.user
    return user is not None and user.is_bot
