"""Turnspell over WebSockets: other seats and spectators learn *that* a player has chosen, live,
never *what*; the chooser's own socket shows it."""

from datetime import UTC, datetime

import pytest
from asgiref.sync import sync_to_async

from engines.turnspell import ENGINE
from games import services

# In the future, so that no deadline sweep finds these deadlines due.
T0 = datetime(2100, 3, 1, 12, 0, tzinfo=UTC)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

CHOICES = [
    {"type": "place", "take": 0, "row": 1, "col": 2},
    {"type": "place", "take": 3, "row": 3, "col": 3},
]


def normalised(message):
    """The message without the game's id, the one thing that differs between twin games (also in the
    addresses of the parts beside the board)."""
    game_id = message["game"].pop("id")
    message["parts"] = {k: v.replace(f"/{game_id}/", "/ID/") for k, v in message["parts"].items()}
    return message


async def test_other_sockets_hear_that_a_player_chose_but_not_what(start, alice, bob, make_user, sockets):
    watcher = await sync_to_async(make_user)(username="watcher")
    received = {"bob": [], "watcher": [], "alice": []}
    for i, move in enumerate(CHOICES):
        # Twin games: same seed and clock, alice chooses differently in each.
        game = await sync_to_async(start)(3, seed=21, now=T0)
        viewers = {"bob": bob, "watcher": watcher, "alice": alice}
        socks = {name: await sockets.open(f"/ws/games/{game.pk}/", user) for name, user in viewers.items()}
        await sync_to_async(services.game_submit_move)(
            game_id=game.pk, user=alice, move=move, version=game.version, idempotency_key=f"k{i}", now=T0
        )
        for name, sock in socks.items():
            message = await sock.receive_json_from(timeout=3)
            received[name].append(normalised(message))
            await sock.disconnect()

    for name in ("bob", "watcher"):
        first, second = received[name]
        assert first == second  # nothing in it depends on what alice chose
        assert first["game"]["view"]["chosen"] == [True, False, False]
        assert first["game"]["view"]["my_choice"] is None
        assert 'data-seat="0" data-chosen="1"' in first["html"]
        assert "Waiting for" in first["html"] or "Your choice" in first["html"]
    mine = received["alice"]
    assert [m["game"]["view"]["my_choice"]["choice"] for m in mine] == CHOICES
    assert "Waiting for 2 players" in mine[0]["html"]


async def test_the_resolved_turn_reaches_every_socket(start, alice, bob, sockets):
    game = await sync_to_async(start)(2, seed=21)
    sock = await sockets.open(f"/ws/games/{game.pk}/", bob)
    for user, seat in ((alice, 0), (bob, 1)):
        await sync_to_async(game.refresh_from_db)()
        await sync_to_async(services.game_submit_move)(
            game_id=game.pk, user=user, move=ENGINE.timeout_move(game.state, seat), version=game.version,
            idempotency_key=f"s{seat}",
        )
    await sock.receive_json_from(timeout=3)
    message = await sock.receive_json_from(timeout=3)
    assert message["game"]["view"]["turn"] == 2
    assert 'class="ts-ring" data-turn="2"' in message["html"]
    assert "the board turned one arm clockwise" in message["html"]
