"""Fault: a deploy stops the web process (SIGTERM) after it has served a thousand game sockets, with some
still open and page requests arriving.  It must exit within seconds, answering every request it had
begun; a socket's consumer must not outlive its connection."""

import asyncio
import http.client
import os
import signal
import threading
import time

import pytest
import websockets

from games import services

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

CYCLES = 1000  # sockets opened and closed before the stop
AT_ONCE = 50
LEFT_OPEN = 20
EXIT_WITHIN = 10.0  # seconds


def _rss_mib(pid: int) -> float:
    """The process's and its children's resident memory (the workers are its children)."""
    pids = [pid, *(int(p) for p in open(f"/proc/{pid}/task/{pid}/children").read().split())]
    total = 0
    for one in pids:
        for line in open(f"/proc/{one}/status"):
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


async def _socket_cycles(url: str, origin: str, pid: int, rss: list) -> list:
    """Open and close ``CYCLES`` sockets, ``AT_ONCE`` at a time, noting the server's memory every 250;
    then open ``LEFT_OPEN`` and return them."""

    async def one() -> None:
        async with websockets.connect(url, origin=origin, open_timeout=30) as sock:
            await sock.send('{"type": "refresh"}')
            await asyncio.wait_for(sock.recv(), 30)

    for batch in range(CYCLES // AT_ONCE):
        await asyncio.gather(*(one() for _ in range(AT_ONCE)))
        if (batch + 1) * AT_ONCE % 250 == 0:
            rss.append(round(_rss_mib(pid)))
    left = [await websockets.connect(url, origin=origin, open_timeout=30) for _ in range(LEFT_OPEN)]
    for sock in left:
        await sock.send('{"type": "refresh"}')
        await asyncio.wait_for(sock.recv(), 30)
    return left


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_after_a_thousand_sockets_exits_within_seconds(start_web, fault_env, private_redis, alice, bob,
                                                               workers):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    server = start_web(fault_env(REDIS_URL=private_redis.url(0), CELERY_BROKER_URL=private_redis.url(1)),
                       workers=workers)
    host, port = "127.0.0.1", server.port
    origin = f"http://{host}:{port}"
    loop = asyncio.new_event_loop()
    rss: list[int] = []  # MiB, printed: memory is measured, not asserted
    left_open = loop.run_until_complete(
        _socket_cycles(f"ws://{host}:{port}/ws/games/{game.pk}/", origin, server.process.pid, rss))

    # Page requests keep coming while the process is told to stop. Uvicorn answers in full every request
    # it has begun; a connection it had not begun reading (still in the listen queue, or accepted with
    # no request yet) is closed, and once it has stopped listening one is refused: the client sees no
    # answer at all and sends again, as the game page does. An answer cut short after its status line
    # is a dropped request.
    outcomes = {"answered": 0, "answered after SIGTERM": 0, "not taken": 0, "cut": []}
    stop = threading.Event()
    sigterm_at = [float("inf")]

    def ask_pages() -> None:
        while not stop.is_set():
            connection = http.client.HTTPConnection(host, port, timeout=30)
            try:
                connection.request("GET", f"/games/{game.pk}/")
                answer = connection.getresponse()
            except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected):
                outcomes["not taken"] += 1
                connection.close()
                time.sleep(0.05)
                continue
            try:
                body = answer.read()
                assert answer.status == 200 and b"</html>" in body, answer.status
                outcomes["answered"] += 1
                if time.monotonic() > sigterm_at[0]:
                    outcomes["answered after SIGTERM"] += 1
            except (http.client.HTTPException, OSError) as failure:
                outcomes["cut"].append(repr(failure))
            finally:
                connection.close()

    askers = [threading.Thread(target=ask_pages) for _ in range(2)]
    for asker in askers:
        asker.start()
    time.sleep(1)
    started = sigterm_at[0] = time.monotonic()
    os.killpg(server.process.pid, signal.SIGTERM)
    try:
        server.process.wait(EXIT_WITHIN + 20)
    except Exception:
        pass
    took = time.monotonic() - started
    stop.set()
    for asker in askers:
        asker.join(60)
    for sock in left_open:
        loop.run_until_complete(sock.close())
    loop.close()

    assert server.process.poll() is not None and took <= EXIT_WITHIN, (
        f"the web process took {took:.1f} s to stop after SIGTERM (log: {server.tail()})")
    assert outcomes["answered"] > 0
    assert outcomes["answered after SIGTERM"] > 0  # the requests in flight at the signal were finished
    assert outcomes["cut"] == [], f"requests cut short by the stop: {outcomes['cut']}"
    print(f"\nSIGTERM after {CYCLES} sockets ({LEFT_OPEN} open): exit in {took:.2f} s; {outcomes['answered']} "
          f"pages answered ({outcomes['answered after SIGTERM']} after the signal), {outcomes['not taken']} not taken; "
          f"{workers} worker(s), memory after each 250 sockets: {rss} MiB")
