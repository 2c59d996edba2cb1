"""A move's cost in a web process, counted in instructions (callgrind), which a shared machine's
varying speed does not change.

It drives the real ASGI application (``config.asgi`` with the toy engine, as ``asgi_bench.py``) in one
process, with PostgreSQL and Redis as the site uses them, through ``POST /api/games/{id}/moves/`` on
fresh games of the length ``move_submission.py`` plays (16 games, 100 moves each), and runs that twice
under ``valgrind --tool=callgrind``: ``--moves`` moves and ``--moves-short`` moves.  The difference
divided by the difference in moves is the instructions per move, start-up cancelled out.  ``--root``
measures another checkout of the repository (a ``git worktree`` of an older commit) in the same way.

    .venv/bin/python bench/move_instructions.py                       # about 6 minutes
    .venv/bin/python bench/move_instructions.py --root /work/wt-old   # the same for another checkout

Needs valgrind, PostgreSQL at 127.0.0.1:5432 (it recreates ``letterpost_instr``) and Redis (db 1).
Never run by the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import os
import re
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
DB_NAME = "letterpost_instr"
PG = "postgres://postgres@127.0.0.1:5432"


def make_games(root: Path, out: Path) -> None:
    """Users, tokens and 32 never-ending toy games (16 to warm up, 16 to measure) in ``DB_NAME``."""
    sys.path.insert(0, str(root))
    from bench import move_submission as ms

    games = ms.create_fixtures(f"{PG}/{DB_NAME}", [(f"i{uuid.uuid4().hex[:6]}", 1, 32)])
    out.write_text(json.dumps([
        {"id": g.id, "version": g.version, "current": g.current, "tokens": [s.token for s in g.seats]}
        for g in list(games.values())[0][0]
    ]))


def play(root: Path, games_file: Path, moves: int) -> None:
    """``moves`` moves through the ASGI application, after 32 unmeasured ones on other games."""
    os.chdir(root)
    sys.path.insert(0, str(root))
    os.environ.update(DATABASE_URL=f"{PG}/{DB_NAME}", REDIS_URL="redis://127.0.0.1:6379/1", DEBUG="False",
                      SECRET_KEY="bench-only-not-secret", SECURE_SSL_REDIRECT="False", LOG_LEVEL="ERROR",
                      PYTHONWARNINGS="ignore:No directory at")
    from bench.asgi_bench import application

    games = json.loads(games_file.read_text())

    async def post(game: dict) -> None:
        body = json.dumps({"version": game["version"], "move": {"type": "add", "n": 1},
                           "idempotency_key": uuid.uuid4().hex}).encode()
        path = f"/api/games/{game['id']}/moves/"
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
            "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        (b"authorization", f"Token {game['tokens'][game['current']]}".encode())],
            "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000),
        }
        sent = []

        async def receive():
            if not sent:
                sent.append(True)
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.sleep(3600)

        out: list[dict] = []

        async def send(message):
            out.append(message)

        await application(scope, receive, send)
        data = b"".join(m.get("body", b"") for m in out[1:])
        if out[0]["status"] != 200:
            raise SystemExit(f"HTTP {out[0]['status']}: {data[:300]!r}")
        game["version"] = json.loads(data)["version"]
        game["current"] ^= 1

    async def run() -> None:
        # As uvicorn does, each request runs in a task of its own that starts from the server's context, so
        # what one request leaves in its context (Django's and asgiref's locals) is gone for the next.
        loop, base = asyncio.get_running_loop(), contextvars.copy_context()
        for i in range(32 + moves):
            game = games[i % 16] if i < 32 else games[16 + (i - 32) % 16]
            await loop.create_task(post(game), context=base.copy())

    asyncio.run(run())


def count(root: Path, moves: int) -> int:
    """Instructions of a whole run of ``moves`` moves (fresh games), under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        games_file = Path(tmp) / "games.json"
        python = str(root / ".venv" / "bin" / "python")
        me = str(Path(__file__).resolve())
        subprocess.run([python, me, "--make", str(games_file), "--root", str(root)], check=True,
                       stdout=subprocess.DEVNULL)
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", python, me,
             "--play", str(games_file), "--root", str(root), "--moves", str(moves)],
            capture_output=True, text=True, check=True,
        )
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(HERE), help="the checkout to measure (default: this one)")
    parser.add_argument("--moves", type=int, default=250)
    parser.add_argument("--moves-short", type=int, default=50)
    parser.add_argument("--make", help=argparse.SUPPRESS)
    parser.add_argument("--play", help=argparse.SUPPRESS)
    args = parser.parse_args()
    root = Path(args.root).resolve()
    if args.make:
        make_games(root, Path(args.make))
        return 0
    if args.play:
        play(root, Path(args.play), args.moves)
        return 0
    sys.path.insert(0, str(HERE))
    from bench import move_submission as ms

    ms.recreate_database(f"{PG}/postgres", DB_NAME)
    env = dict(os.environ, DATABASE_URL=f"{PG}/{DB_NAME}")
    env.pop("REDIS_URL", None)
    subprocess.run([str(root / ".venv" / "bin" / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
                   cwd=root, env=env, check=True)
    long, short = count(root, args.moves), count(root, args.moves_short)
    per_move = (long - short) / (args.moves - args.moves_short)
    print(f"{root}: {per_move / 1e6:.2f} M instructions per move "
          f"({long:,} for {args.moves} moves, {short:,} for {args.moves_short})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
