"""A suspension closes the player's open sockets at once (the game page's and the per-user one), so
their page stops receiving; everyone else's stay open.  Sockets ignore JSON they cannot parse safely."""

import pytest
from asgiref.sync import sync_to_async

from games import services as game_services
from moderation import services
from web.sockets import CLOSE_ACCOUNT_CLOSED

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def moderator(make_user):
    # A superuser holds every permission without the rows an earlier transactional test's flush removed.
    return make_user(username="mod", is_superuser=True)


@pytest.fixture
def game(alice, bob):
    return game_services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


async def test_a_suspension_closes_the_players_sockets_and_no_one_elses(game, alice, bob, moderator, sockets):
    bob_game = await sockets.open(f"/ws/games/{game.pk}/", bob)
    bob_me = await sockets.open("/ws/me/", bob)
    alice_me = await sockets.open("/ws/me/", alice)
    await sync_to_async(services.player_suspend)(moderator=moderator, user=bob, reason="abuse", days=3)
    for socket in (bob_game, bob_me):
        closing = None
        while closing is None or closing.get("type") != "websocket.close":
            closing = await socket.receive_output(timeout=3)
        assert closing["code"] == CLOSE_ACCOUNT_CLOSED
    # Alice's socket is untouched: it was told of the forfeited game, and still answers.
    await alice_me.send_json_to({"type": "refresh"})
    kinds = [(await alice_me.receive_json_from(timeout=3))["type"] for _ in range(2)]
    assert "summary" in kinds


async def test_json_nested_5000_deep_on_a_socket_is_ignored(game, alice, sockets):
    socket = await sockets.open(f"/ws/games/{game.pk}/", alice)
    await socket.send_to(text_data="[" * 5000 + "]" * 5000)
    assert await socket.receive_nothing(timeout=0.5)
    await socket.send_json_to({"type": "refresh"})
    assert (await socket.receive_json_from(timeout=3))["type"] == "game"
