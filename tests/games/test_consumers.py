"""WebSocket consumers: live updates per game and per user, each rendered for its own viewer."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from games import broadcast, services
from games.clock import NOTICE_DELAY
from games.services.deadlines import sweep
from tests.sockets import Sockets, socket_next_of_type

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def game(alice, bob):
    return services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


async def move(game, user, n, version):
    return await sync_to_async(services.game_submit_move)(
        game_id=game.pk, user=user, move={"type": "add", "n": n}, version=version, idempotency_key=f"{version}"
    )


async def test_a_move_reaches_the_other_players_socket_with_their_own_view(game, alice, bob, sockets):
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    await move(game, alice, 2, 1)
    message = await sock.receive_json_from(timeout=3)
    assert message["type"] == "game"
    assert message["game"]["version"] == 2 and message["game"]["seat"] == 1
    assert message["game"]["view"]["my_card"] == game.state["cards"][1]
    assert game.state["cards"][0] not in str(message)
    assert "Your move" in message["html"]


async def test_a_spectators_socket_receives_no_hidden_data(game, alice, carol, sockets):
    sock = await sockets.open(f"/ws/games/{game.pk}/", carol)
    await move(game, alice, 1, 1)
    message = await sock.receive_json_from(timeout=3)
    assert message["game"]["seat"] is None
    for card in game.state["cards"]:
        assert card not in str(message)


async def test_an_anonymous_socket_may_watch_but_sees_no_secrets(game, alice, sockets):
    from django.contrib.auth.models import AnonymousUser

    sock = await sockets.open(f"/ws/games/{game.pk}/", AnonymousUser())
    await move(game, alice, 1, 1)
    message = await sock.receive_json_from(timeout=3)
    assert all(card not in str(message) for card in game.state["cards"])


async def test_group_messages_carry_no_game_state(game, alice):
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(broadcast.game_group(game.pk), channel)
    await move(game, alice, 3, 1)
    message = await layer.receive(channel)
    assert message == {"type": "game.changed", "game": game.pk, "version": 2}


async def test_the_user_socket_says_your_move(game, alice, bob, sockets):
    sock = await sockets.open("/ws/me/", bob)
    await move(game, alice, 1, 1)
    message = await sock.receive_json_from(timeout=3)
    while message["type"] != "games":  # the bell may speak first
        message = await sock.receive_json_from(timeout=3)
    assert message == {"type": "games", "game": game.pk, "status": "active", "your_move": True, "awaiting": 1}


async def test_the_user_socket_refuses_anonymous_users(sockets):
    from django.contrib.auth.models import AnonymousUser

    _, connected, code = await sockets.connect("/ws/me/", AnonymousUser())
    assert not connected and code == 4401


async def test_unknown_game_socket_is_closed(alice, sockets):
    _, connected, code = await sockets.connect("/ws/games/424242/", alice)
    assert not connected and code == 4404


async def test_a_foreign_origin_is_refused(game, bob, sockets):
    _, connected, _ = await sockets.connect(f"/ws/games/{game.pk}/", bob, origin=b"http://evil.example")
    assert not connected


async def test_a_tests_sockets_are_all_closed_when_it_ends_refused_or_not(game, bob):
    # What the ``sockets`` fixture does after each test: an accepted socket the test did not close
    # still runs until the client leaves.
    opened = Sockets()
    refused, connected, _ = await opened.connect(f"/ws/games/{game.pk}/", bob, origin=b"http://evil.example")
    assert not connected
    accepted = await opened.open(f"/ws/games/{game.pk}/", bob)
    closed = await opened.open("/ws/me/", bob)
    await closed.disconnect()
    assert not accepted.future.done()  # (our origin check ends a refused socket's app at once)
    await opened.close_all()
    assert refused.future.done() and accepted.future.done()


async def test_moves_still_commit_when_the_channel_layer_is_down(game, alice, monkeypatch, caplog):
    class Broken:
        async def group_send(self, *args, **kwargs):
            raise ConnectionError("channel layer down")

    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: Broken())
    answer = await move(game, alice, 2, 1)
    assert answer["version"] == 2
    await sync_to_async(game.refresh_from_db)()
    assert game.state["total"] == 2
    assert "broadcast of game" in caplog.text


async def test_a_refresh_after_a_gap_brings_the_game_and_the_chat_missed_meanwhile(game, alice, bob, carol, sockets):
    from moderation import services as chat_services

    # Bob's socket is down while Alice moves and writes: nothing reaches him.
    await move(game, alice, 2, 1)
    await sync_to_async(chat_services.chat_post)(game_id=game.pk, user=alice, text="your turn")
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    assert await sock.receive_nothing(timeout=0.2)

    await sock.send_json_to({"type": "refresh"})
    state = await sock.receive_json_from(timeout=3)
    assert state["type"] == "game" and state["game"]["version"] == 2 and state["game"]["seat"] == 1
    chat = await sock.receive_json_from(timeout=3)
    assert chat["type"] == "chat" and [m["text"] for m in chat["messages"]] == ["your turn"]
    await sock.disconnect()

    # A spectator's refresh brings the game only: the chat is for the players.
    watcher = await sockets.open(f"/ws/games/{game.pk}/", carol)
    await watcher.send_json_to({"type": "refresh"})
    assert (await watcher.receive_json_from(timeout=3))["game"]["seat"] is None
    assert await watcher.receive_nothing(timeout=0.3)


async def test_a_refresh_on_the_user_socket_brings_the_badge_and_the_bell(game, alice, bob, sockets):
    from notifications.selectors import unread_count

    await move(game, alice, 1, 1)  # Bob's move now; the sweep tells him ten minutes later
    await sync_to_async(sweep)(now=timezone.now() + NOTICE_DELAY)
    sock = await sockets.open("/ws/me/", bob)
    await sock.send_json_to({"type": "refresh"})
    message = await sock.receive_json_from(timeout=3)
    unread = await sync_to_async(unread_count)(user=bob)
    assert unread >= 1
    assert message == {"type": "summary", "awaiting": 1, "unread": unread}
    # Anything else a client sends is ignored.
    await sock.send_json_to({"type": "nonsense"})
    await sock.send_json_to(["refresh"])
    assert await sock.receive_nothing(timeout=0.3)


async def test_notices_that_come_while_a_socket_renders_get_one_render_after_it(game, alice, bob, sockets, monkeypatch):
    from games.web.consumers import GameConsumer

    gate, renders, sent = asyncio.Event(), [], []
    render, send = GameConsumer._message, GameConsumer.send

    def counted_render(self):
        renders.append(self.game_id)
        return render(self)

    async def slow_send(self, text_data=None, bytes_data=None, close=False):
        sent.append(json.loads(text_data)["game"]["version"])
        if len(sent) == 1:
            await gate.wait()  # the first update is slow to go out (a slow client, a busy process)
        await send(self, text_data, bytes_data, close)

    monkeypatch.setattr(GameConsumer, "_message", counted_render)
    monkeypatch.setattr(GameConsumer, "send", slow_send)
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    await move(game, alice, 1, 1)
    while not sent:
        await asyncio.sleep(0.01)
    await move(game, bob, 1, 2)
    await move(game, alice, 1, 3)
    await asyncio.sleep(0.3)  # both notices reach the socket while its first update is under way
    gate.set()
    versions = [(await sock.receive_json_from(timeout=5))["game"]["version"] for _ in range(2)]
    assert await sock.receive_nothing(timeout=0.5)
    # Three notices, two renders: the one under way and one more that reads both later moves.
    assert len(renders) == 2 and versions == [2, 4]


async def test_a_profile_change_shows_on_the_sockets_next_render(make_user, sockets):
    alice = await sync_to_async(make_user)(username="zoe", time_zone="Asia/Kathmandu")
    bob = await sync_to_async(make_user)(username="yan")
    game = await sync_to_async(services.game_create)(creator=alice, kind="toy", opponents=[bob], seed=5)
    sock = await sockets.open(f"/ws/games/{game.pk}/", alice)
    await sock.send_json_to({"type": "refresh"})
    assert "+0545" in (await socket_next_of_type(sock, "game"))["parts"]["clocks"]
    alice.time_zone = "Asia/Tokyo"
    await sync_to_async(alice.save)()
    await sock.send_json_to({"type": "refresh"})
    assert "JST" in (await socket_next_of_type(sock, "game"))["parts"]["clocks"]  # Tokyo time


async def test_a_sockets_later_renders_ask_neither_the_viewers_locale_nor_their_games_again(game, bob):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.web.consumers import GameConsumer

    consumer = GameConsumer()
    consumer.scope, consumer.game_id = {"user": bob}, game.pk

    def render_twice():
        with CaptureQueriesContext(connection) as first:
            consumer._message()
        with CaptureQueriesContext(connection) as second:
            consumer._message()
        return [q["sql"] for q in first.captured_queries], [q["sql"] for q in second.captured_queries]

    first, second = await sync_to_async(render_twice)()
    asked_again = [sql for sql in first if sql not in second]
    assert any('"time_zone"' in sql for sql in asked_again)  # the viewer's zone and language
    assert any("COUNT(" in sql for sql in asked_again)  # how many games of the kind they finished
    assert len(second) == len(first) - 2


@pytest.mark.parametrize("shared", [True, False])
async def test_anonymous_spectators_share_one_render_per_version(game, alice, bob, sockets, monkeypatch, settings,
                                                                 shared):
    """A move costs one render for all the anonymous watchers of a game, however many; each still gets
    the new version, and signed-in viewers still get their own. The plain path (the switch off) renders
    for each and shows the same."""
    settings.SHARED_SPECTATOR_RENDER = shared
    from django.contrib.auth.models import AnonymousUser

    from games.web import consumers

    watchers = [await sockets.open(f"/ws/games/{game.pk}/", AnonymousUser()) for _ in range(6)]
    mine = await sockets.open(f"/ws/games/{game.pk}/", bob)
    renders = []
    real = consumers.GameConsumer._message

    def counted(consumer):
        renders.append(consumer.scope["user"].is_authenticated)
        return real(consumer)

    monkeypatch.setattr(consumers.GameConsumer, "_message", counted)
    for version in (1, 2):
        await move(game, alice if version == 1 else bob, 1, version)
        for sock in watchers:
            message = await socket_next_of_type(sock, "game")
            assert message["game"]["version"] == version + 1 and message["game"]["seat"] is None
            assert all(card not in str(message) for card in game.state["cards"])
        assert (await socket_next_of_type(mine, "game"))["game"]["seat"] == 1
    anonymous = 2 if shared else 12  # one anonymous render per move, or one per watcher and move
    assert sorted(renders) == [False] * anonymous + [True, True]  # and one for bob per move
