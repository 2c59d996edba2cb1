"""Presence through the real sockets: the per-user socket (every page) and a game page's socket record
that the player is here while they are open, and a turn shown live on the game page counts as seen once
the page says it is in view ("seen"): a push alone marks nothing, since no one may be looking."""

import pytest
from asgiref.sync import sync_to_async

from games import presence, services
from games.clock import Stage
from games.models import Seat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def present(user, game_id=None):
    return sync_to_async(presence.is_present)(user_id=user.pk, game_id=game_id)


@pytest.fixture
def game(alice, bob):
    return services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


async def test_the_user_socket_records_the_site_open_until_it_closes(alice, sockets):
    assert not await present(alice)
    sock = await sockets.open("/ws/me/", alice)
    assert await present(alice)
    await sock.send_json_to({"type": "ping"})  # the heartbeat is answered with nothing
    assert await sock.receive_nothing(timeout=0.2)
    assert await present(alice)
    await sock.disconnect()
    assert not await present(alice)


async def test_the_game_socket_records_that_game_only(game, alice, bob, sockets):
    other = await sync_to_async(services.game_create)(creator=bob, kind="toy", opponents=[alice], seed=6)
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    assert await present(bob, game.pk)
    assert not await present(bob, other.pk) and not await present(bob)
    await sock.disconnect()
    assert not await present(bob, game.pk)


async def test_a_turn_shown_live_on_the_game_page_counts_as_seen(game, alice, bob, sockets):
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    await sync_to_async(services.game_submit_move)(
        game_id=game.pk, user=alice, move={"type": "add", "n": 1}, version=1, idempotency_key="one")
    message = await sock.receive_json_from(timeout=3)
    assert message["game"]["your_move"] is True
    seat = await sync_to_async(Seat.objects.get)(game=game, index=1)
    assert seat.to_act and seat.alert_stage < Stage.TOLD  # pushed, but maybe to a page no one looks at
    await sock.send_json_to({"type": "seen"})
    assert await sock.receive_nothing(timeout=0.3)
    await sync_to_async(seat.refresh_from_db)()
    assert seat.to_act and seat.alert_stage == Stage.TOLD


async def test_seen_from_the_opponent_or_a_spectator_marks_nothing(game, alice, bob, carol, sockets):
    await sync_to_async(services.game_submit_move)(
        game_id=game.pk, user=alice, move={"type": "add", "n": 1}, version=1, idempotency_key="one")
    for user in (alice, carol):  # alice waits; carol has no seat
        sock = await sockets.open(f"/ws/games/{game.pk}/", user)
        await sock.send_json_to({"type": "seen"})
        assert await sock.receive_nothing(timeout=0.3)
        await sock.disconnect()
    seat = await sync_to_async(Seat.objects.get)(game=game, index=1)
    assert seat.to_act and seat.alert_stage < Stage.TOLD
