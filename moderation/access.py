"""Who may do what in moderation, checked in one place (``access_*`` helpers raise ``ModerationError``).

Moderators hold the custom permissions of ``ModerationAction`` (the ``moderator`` group,
moderation/groups.py); players reach a game's chat only through their seat in it.
"""

from games.access import seat_for_user
from games.models import Game

from .errors import (
    MSG_NO_CHAT_WITH_BOTS,
    MSG_NOT_FOUND,
    MSG_NOT_MODERATOR,
    MSG_NOT_YOUR_GAME,
    NO_CHAT_WITH_BOTS,
    NOT_FOUND,
    NOT_MODERATOR,
    NOT_YOUR_GAME,
    ModerationError,
)

PERM_MODERATE = "moderation.moderate"
PERM_SUSPEND = "moderation.suspend_player"
PERM_ANNUL = "moderation.annul_game"


def access_moderator(user, perm: str = PERM_MODERATE) -> None:
    if user is None or not user.is_authenticated or not user.has_perm(perm):
        raise ModerationError(NOT_MODERATOR, MSG_NOT_MODERATOR, 403)


def access_any_moderation(user) -> None:
    """Holds at least one moderation power (each action then checks its own)."""
    if not any(user is not None and user.is_authenticated and user.has_perm(p)
               for p in (PERM_MODERATE, PERM_SUSPEND, PERM_ANNUL)):
        raise ModerationError(NOT_MODERATOR, MSG_NOT_MODERATOR, 403)


def access_game_chat_for_player(game_id: int, user) -> Game:
    """The game, if ``user`` has a seat in it: chat belongs to the players, never to spectators."""
    game = Game.objects.filter(pk=game_id).prefetch_related("seats__user").first()
    if game is None:
        raise ModerationError(NOT_FOUND, MSG_NOT_FOUND, 404)
    if seat_for_user(game, user) is None:
        raise ModerationError(NOT_YOUR_GAME, MSG_NOT_YOUR_GAME, 403)
    if not has_human_opponent(game, user):
        raise ModerationError(NO_CHAT_WITH_BOTS, MSG_NO_CHAT_WITH_BOTS)
    return game


def has_human_opponent(game: Game, user) -> bool:
    """Whether someone other than ``user`` and the bots plays ``game``: only then has it a chat."""
    return any(s.user_id and s.user_id != user.pk and not s.user.is_bot for s in game.seats.all())


def is_player(game: Game, user) -> bool:
    return seat_for_user(game, user) is not None
