"""Chat over the game socket: players get their own thread, spectators get nothing."""

import pytest
from asgiref.sync import sync_to_async

from games import services as game_services
from moderation import broadcast, services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def game(alice, bob):
    return game_services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


async def test_a_message_reaches_the_opponent_but_not_a_spectator(game, alice, bob, carol, sockets):
    player = await sockets.open(f"/ws/games/{game.pk}/", bob)
    spectator = await sockets.open(f"/ws/games/{game.pk}/", carol)
    await sync_to_async(services.chat_post)(game_id=game.pk, user=alice, text="gl hf")
    message = await player.receive_json_from(timeout=3)
    assert message["type"] == "chat" and [m["text"] for m in message["messages"]] == ["gl hf"]
    assert await spectator.receive_nothing(timeout=0.5)


async def test_the_group_message_carries_no_text(game, alice, monkeypatch):
    sent = []

    class Layer:
        async def group_send(self, group, message):
            sent.append((group, message))

    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: Layer())
    await sync_to_async(broadcast.chat_changed)(game_id=game.pk)
    assert sent == [(f"game-{game.pk}", {"type": "parts.changed", "game": game.pk})]


async def test_a_muted_authors_message_is_not_in_the_muting_players_thread(game, alice, bob, sockets):
    await sync_to_async(services.chat_mute)(user=bob, username="alice")
    player = await sockets.open(f"/ws/games/{game.pk}/", bob)
    await sync_to_async(services.chat_post)(game_id=game.pk, user=alice, text="muted words")
    message = await player.receive_json_from(timeout=3)
    assert "muted words" not in str(message)
