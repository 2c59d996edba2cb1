"""Idle Redis connections survive a server that closes them.

A Redis server started for this test with ``timeout 1`` drops every client connection idle for a
second, as a proxy, a NAT or a restart would. The real settings module (``REDIS_URL`` pointing at it)
then uses the cache, the channel layer and Celery's broker and result connections after they sat idle:
each must reconnect and answer, not raise ``ConnectionError``. Needs the ``redis-server`` binary:
skipped without it, failing in CI.
"""

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import require_service

ROOT = Path(__file__).resolve().parent.parent

# Runs in a fresh process so that config.settings is built from REDIS_URL, as in production.
USE_AFTER_IDLE = """
import asyncio, os, time
import django
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
django.setup()
from channels.layers import get_channel_layer
from django.core.cache import cache
from config.celery import app

cache.set("idle-check", 1)
layer = get_channel_layer()

async def layer_round_trip(pause):
    channel = await layer.new_channel()
    await layer.group_add("idle", channel)
    await asyncio.sleep(pause)
    await layer.group_send("idle", {"type": "ping"})
    return await asyncio.wait_for(layer.receive(channel), 5)

async def layer_twice():
    await layer_round_trip(0)
    return await layer_round_trip(2.5)

app.backend.store_result("idle-task", 42, "SUCCESS")
with app.producer_or_acquire() as producer:
    producer.publish({"n": 1}, routing_key="idle-check", declare=[])
time.sleep(2.5)  # every connection above is now closed by the server
assert cache.get("idle-check") == 1
assert app.backend.get_task_meta("idle-task")["result"] == 42
with app.producer_or_acquire() as producer:
    producer.publish({"n": 2}, routing_key="idle-check", declare=[])
assert asyncio.run(layer_twice()) == {"type": "ping"}
print("ALL-OK")
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def strict_redis(tmp_path):
    """A private redis-server that closes connections idle for one second."""
    binary = shutil.which("redis-server")
    require_service(binary is not None, "the redis-server binary")
    port = free_port()
    options = f"--port {port} --bind 127.0.0.1 --timeout 1 --appendonly no --dir {tmp_path}".split()
    process = subprocess.Popen([binary, *options, "--save", ""], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("the private redis-server did not start")
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    process.terminate()
    process.wait(10)


def test_cache_channel_layer_and_celery_reconnect_after_the_server_drops_idle_connections(strict_redis):
    env = {key: value for key, value in os.environ.items() if key not in {"CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"}}
    env.update(REDIS_URL=strict_redis, DATABASE_URL="sqlite:///:memory:")
    result = subprocess.run(
        [sys.executable, "-c", USE_AFTER_IDLE], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "ALL-OK" in result.stdout
    # Both messages reached the broker: the second was published on a connection the server had closed.
    count = subprocess.run(
        ["redis-cli", "-u", strict_redis, "llen", "idle-check"], capture_output=True, text=True, check=True
    )
    assert count.stdout.strip() == "2"
