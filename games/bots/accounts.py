"""Bot accounts and what they do on the site: accept challenges at once and play their seats.

The choosing is pure (``engines.bots``, from each engine's declared bots); the move service asks it
through ``games.services.base.bot_choose``.  This module holds the accounts.  A bot is a real
``User`` with ``is_bot`` set, its game kind and level (each kind's spec names them, ``KindSpec.bots``;
``bots_ensure`` creates them, from ``manage.py ensure_bots`` and ``load_starter_data``).  It has an
unusable password, so it cannot log in, and no e-mail address.

A bot never moves inside a player's request.  When a game changes and a bot's seat is to act, the
move path publishes ``BotToMove`` on commit (``services.base.announce``), and its handler, the Celery
task ``games.tasks.bot_move`` on the bots' own queue, calls ``games.bots.play.bot_move_play``: it takes
the most urgent bot turn waiting, lets the bot choose from its seat's own view and submits the move
through ``game_submit_move`` with a key made of the game, the version and the seat, so a task run twice
plays once.  The deadline sweep wakes a bot's seat too
(within a minute), should that task be lost.

In games of three or more, a seat that resigned or forfeited is played by the bot of the level its
engine names (``Engine.auto_play_level``: Turnspell's and Spellcrafter's Club bot) rather than by the
random timeout move, so the others finish a real game.
"""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy, pgettext_lazy

from games import registry
from games.registry import BotAccount

logger = logging.getLogger(__name__)


def bot_accounts() -> list[tuple[str, BotAccount]]:
    """Every kind's bot accounts with their kind, in the order the site lists the kinds (``KindSpec.bots``)."""
    return [(spec.kind, bot) for spec in registry.specs() for bot in spec.bots]


# A level as a player reads it (the stored ``bot_level`` is a code).
LEVEL_NAMES = {
    "beginner": gettext_lazy("Beginner"),
    "casual": pgettext_lazy("bot level", "Casual"),  # not the unrated game
    "club": gettext_lazy("Club"),
    "expert": gettext_lazy("Expert"),
    "master": gettext_lazy("Master"),
}


def level_name(level: str) -> str:
    return str(LEVEL_NAMES.get(level, level))


def bots_ensure() -> list:
    """Create or update the bot accounts (idempotent); returns them."""
    User = get_user_model()
    users = []
    with transaction.atomic():
        for kind, bot in bot_accounts():
            user = User.objects.filter(username=bot.username).first() or User(username=bot.username)
            user.display_name = bot.display_name
            user.is_bot = True
            user.bot_kind = kind
            user.bot_level = bot.level
            user.email = ""
            user.challenges_from_strangers = True
            user.set_unusable_password()
            user.save()
            users.append(user)
    return users


def bots_list(kind: str | None = None):
    """The bot accounts, in the order of ``bot_accounts`` (a selector for pages and the API)."""
    order = {bot.username: number for number, (_kind, bot) in enumerate(bot_accounts())}
    bots = get_user_model().objects.filter(is_bot=True)
    if kind:
        bots = bots.filter(bot_kind=kind)
    return sorted(bots, key=lambda user: (order.get(user.username, len(order)), user.username))


def bot_key(game_id: int, version: int, seat_index: int) -> str:
    return f"bot:{game_id}:{version}:{seat_index}"
