"""What one player sees of a game's chat: the thread as HTML (autoescaped template) and as JSON.

Only players of the game get anything: ``chat_socket_message`` returns None for anyone else, so the
game socket of a spectator never carries a player's words.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from games.models import Game

from .access import is_player
from .selectors import chat_thread


def message_json(message, viewer) -> dict:
    return {
        "id": message.pk,
        "author": message.author.username,
        "name": message.author.public_name,
        "mine": message.author_id == viewer.pk,
        "created": message.created_at.isoformat(),
        "hidden": message.is_hidden,
        "text": "" if message.is_hidden else message.text,
    }


def render_thread(*, game, viewer, messages=None) -> str:
    messages = chat_thread(game=game, viewer=viewer) if messages is None else messages
    return render_to_string("moderation/_chat_thread.html", {"messages": messages, "viewer": viewer})


def chat_payload(*, game, viewer) -> dict:
    messages = chat_thread(game=game, viewer=viewer)
    return {
        "game": game.pk,
        "messages": [message_json(m, viewer) for m in messages],
        "html": render_thread(game=game, viewer=viewer, messages=messages),
    }


def chat_socket_message(*, game_id: int, user) -> dict | None:
    """The thread for one socket's user, or None when they are not a player of the game."""
    if user is None or not user.is_authenticated:
        return None
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None or not is_player(game, user):
        return None
    return {"type": "chat", **chat_payload(game=game, viewer=user)}
