"""Bot accounts and what they do on the site: accept challenges at once and play their seats.

The choosing is pure (``engines.bots``); this module is the Django side.  A bot is a real
``User`` with ``is_bot`` set, its game kind and level (``BOTS`` names them; ``bots_ensure`` creates
them, from ``manage.py ensure_bots`` and ``load_starter_data``).  It has an unusable password, so it
cannot log in, and no e-mail address.

A bot never moves inside a player's request.  When a game changes and a bot's seat is to act, the
move path publishes ``BotToMove`` on commit (``services.base.announce``), and its handler, the Celery
task ``games.tasks.bot_move``, calls ``services.bot_play.bot_move_play``: it reads the game, lets the
bot choose from its seat's own view and submits the move through ``game_submit_move`` with a key made of the game, the
version and the seat, so a task run twice plays once.  The deadline sweep wakes a bot's seat too
(within a minute), should that task be lost.

In games of three or more, a seat that resigned or forfeited is played by the bot of the level its
engine names (``Engine.auto_play_level``: Turnspell's and Spellcrafter's Club bot) rather than by the
random timeout move, so the others finish a real game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy, gettext_noop

from engines import bots as engine_bots
from engines.base import Engine, rng_for

from .common_words import common_word_predicate
from .context import context_for
from .models import Game

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class BotAccount:
    username: str
    kind: str
    level: str
    display_name: str


# Spell has no bot: its clues need word association we do not have.
BOTS: tuple[BotAccount, ...] = (
    BotAccount("crossword-beginner", "crossword", "beginner", gettext_noop("Crossword Beginner Bot")),
    BotAccount("crossword-club", "crossword", "club", gettext_noop("Crossword Club Bot")),
    BotAccount("crossword-expert", "crossword", "expert", gettext_noop("Crossword Expert Bot")),
    BotAccount("turnspell-bot", "turnspell", "club", gettext_noop("Turnspell Bot")),
    BotAccount("spellcrafter-bot", "spellcrafter", "club", gettext_noop("Spellcrafter Bot")),
)

# A level as a player reads it (the stored ``bot_level`` is a code).
LEVEL_NAMES = {
    "beginner": gettext_lazy("Beginner"),
    "club": gettext_lazy("Club"),
    "expert": gettext_lazy("Expert"),
}


def level_name(level: str) -> str:
    return str(LEVEL_NAMES.get(level, level))


def bots_ensure() -> list:
    """Create or update the bot accounts (idempotent); returns them."""
    User = get_user_model()
    users = []
    with transaction.atomic():
        for bot in BOTS:
            user = User.objects.filter(username=bot.username).first() or User(username=bot.username)
            user.display_name = bot.display_name
            user.is_bot = True
            user.bot_kind = bot.kind
            user.bot_level = bot.level
            user.email = ""
            user.challenges_from_strangers = True
            user.set_unusable_password()
            user.save()
            users.append(user)
    return users


def bots_list(kind: str | None = None):
    """The bot accounts, in the order of ``BOTS`` (a selector for pages and the API)."""
    order = {bot.username: number for number, bot in enumerate(BOTS)}
    bots = get_user_model().objects.filter(is_bot=True)
    if kind:
        bots = bots.filter(bot_kind=kind)
    return sorted(bots, key=lambda user: (order.get(user.username, len(order)), user.username))


def _common_word(game: Game, kind: str, level: str):
    if kind != "crossword" or level != "beginner":
        return None
    language = ((game.options or {}).get("tile_set") or "en").split("-")[0]
    return common_word_predicate(language)


def bot_choose(game: Game, engine: Engine, seat_index: int, level: str, *, salt: str = "bot") -> dict:
    """The ``level`` bot's move for ``seat_index`` in ``game`` now (its randomness from the game's seed)."""
    rng = rng_for(game.seed, salt, game.version, seat_index)
    return engine_bots.choose_move(game.kind, game.state, seat_index, context_for(game), level, rng,
                                   common_word=_common_word(game, game.kind, level))


def auto_move(game: Game, engine: Engine, seat_index: int) -> dict:
    """The move for a resigned or forfeited seat: the bot's of the engine's ``auto_play_level``, else
    (or when the bot has nothing to offer) the engine's timeout move."""
    if engine.auto_play_level:
        try:
            return bot_choose(game, engine, seat_index, engine.auto_play_level, salt="auto")
        except engine_bots.NoBot:
            logger.warning("no bot move for game %s seat %s; playing the timeout move", game.pk, seat_index)
    return engine.timeout_move(game.state, seat_index)


def bot_key(game_id: int, version: int, seat_index: int) -> str:
    return f"bot:{game_id}:{version}:{seat_index}"
