"""The ASGI handler (``config.asgi.OneHopASGIHandler``): a request's sync work in one pooled thread, and
the sockets' broadcast after the response (``core.after_response``)."""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import HttpCommunicator
from rest_framework.authtoken.models import Token

from config.asgi import django_asgi_app
from games import services
from games.broadcast import game_group
from games.models import Move

pytestmark = pytest.mark.django_db(transaction=True)


def post_move(game, token, key):
    async def run():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(game_group(game.pk), channel)
        body = json.dumps({"version": game.version, "move": {"type": "add", "n": 2}, "idempotency_key": key})
        request = HttpCommunicator(
            django_asgi_app, "POST", f"/api/games/{game.pk}/moves/", body=body.encode(),
            headers=[(b"host", b"testserver"), (b"content-type", b"application/json"),
                     (b"content-length", str(len(body)).encode()),
                     (b"authorization", f"Token {token.key}".encode())],
        )
        response = await request.get_response(timeout=10)
        await request.wait(timeout=10)  # the handler sends the broadcast once the response is out
        message = await asyncio.wait_for(layer.receive(channel), 1)
        return response, message

    return async_to_sync(run)()


def test_a_move_is_answered_then_its_game_group_is_told(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    response, message = post_move(game, Token.objects.create(user=alice), "asgi-1")
    answer = json.loads(response["body"])
    assert response["status"] == 200 and answer["version"] == game.version + 1 and "view" in answer
    assert message == {"type": "game.changed", "game": game.pk, "version": game.version + 1}
    assert Move.objects.filter(game=game, idempotency_key="asgi-1").count() == 1


def test_a_refused_move_tells_no_socket_and_answers_its_error(alice, bob, carol):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    with pytest.raises(asyncio.TimeoutError):  # nothing was committed, so nothing is broadcast
        post_move(game, Token.objects.create(user=carol), "asgi-2")


def test_loading_the_application_leaves_the_importing_context_clean():
    """Every request's context starts as a copy of the server's, and asgiref's thread hop walks each
    variable in it twice per request: loading the handler (which resolves URLs) must leave none there."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import contextvars, config.asgi; "
            "print(sum(var.name == 'asgiref.local' for var in contextvars.copy_context()))")
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"
