"""Fuzzes the JSON API with schemathesis against a live server; `.ci/run` calls it.

What it does, in order:
1. recreates a dedicated PostgreSQL database (``FUZZ_DATABASE_URL``, default
   ``postgres://postgres@127.0.0.1:5432/letterpost_fuzz``; its name must contain "fuzz": it is dropped),
   migrates it and seeds it (``--seed-data``, run in a child process): a signed-up player and a
   moderator with API tokens, an opponent, a small English lexicon, one game of each kind, a league, a
   chat message and a report, so that small ids in generated paths reach real objects;
2. serves ``config.asgi`` with uvicorn on a free loopback port, with production settings
   (``DEBUG=false``; no HTTPS redirect, since the fuzzer speaks plain HTTP to loopback) and Celery
   eager;
3. runs ``schemathesis run`` on the live ``/api/schema/`` with the player's token (then once more on
   the moderators' endpoints with the moderator's token), a fixed seed (``--seed``,
   schemathesis 4's name for the Hypothesis seed) and a bounded number of examples per operation
   (``--max-examples``), through its example, coverage, fuzzing and stateful phases, failing on any
   5xx, any response that does not match its schema or its documented status codes, and any
   undocumented content type;
4. stops the server and, on failure, prints the server's log (the tracebacks behind any 5xx).

Exit status: schemathesis' own (0 when every check passed).
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/letterpost_fuzz"
CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "response_schema_conformance",
        "content_type_conformance",
    ]
)
FUZZER, OPPONENT, MODERATOR, PASSWORD = "fuzzer", "opal", "mod", "fuzz-quiet-harbour-47"
REVOKE_TOKEN = r"^/api/auth/tokens/\{prefix\}/$"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=int(os.environ.get("FUZZ_MAX_EXAMPLES", "50")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("FUZZ_SEED", "17")))
    parser.add_argument("--seed-data", action="store_true", help="(internal) seed the database and print the token")
    parser.add_argument("extra", nargs="*", help="further arguments for `schemathesis run`")
    args = parser.parse_args()
    if args.seed_data:
        print(seed_data())
        return 0
    return fuzz(args)


def fuzz(args) -> int:
    database = os.environ.get("FUZZ_DATABASE_URL", DEFAULT_DATABASE)
    recreate_database(database)
    env = server_env(database)
    run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], env)
    token, moderator_token, spare_token = (
        run([sys.executable, __file__, "--seed-data"], env).strip().splitlines()[-1].split())

    port = free_port()
    log_path = ROOT / "schemathesis-server.log"
    started = time.monotonic()
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
             "--log-level", "warning", "--lifespan", "off"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_serving(f"{base}/api/schema/", server)
            # Revoking a token is fuzzed last, with a token of its own: the stateful phase revokes the token
            # it lists, and a run that revoked its own would meet nothing but 403 after that.
            status = schemathesis(base, token, args, env, "--exclude-path-regex", REVOKE_TOKEN)
            # The moderators' endpoints answer a player 403 only: fuzz them again as a moderator.
            status = status or schemathesis(
                base, moderator_token, args, env, "--include-path-regex", "^/api/moderation/"
            )
            status = status or schemathesis(base, spare_token, args, env, "--include-path-regex", "^/api/auth/tokens/")
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
    print(f"schemathesis finished with status {status} in {time.monotonic() - started:.0f} s", flush=True)
    if status != 0:
        print("---- server log ----")
        print(log_path.read_text()[-20000:])
    return status


def schemathesis(base: str, token: str, args, env: dict, *options: str) -> int:
    command = [
        str(BIN / "schemathesis"), "--config-file", str(Path(__file__).with_name("schemathesis.toml")),
        "run", f"{base}/api/schema/",
        "--checks", CHECKS,
        "--header", f"Authorization: Token {token}",
        "--seed", str(args.seed),
        "--max-examples", str(args.max_examples),
        "--phases", "examples,coverage,fuzzing,stateful",
        "--workers", "1",
        "--request-timeout", "20",
        "--generation-database", "none",
        "--no-color",
        *options,
        *args.extra,
    ]
    print("$", " ".join(command).replace(token, "<token>"), flush=True)
    return subprocess.run(command, cwd=ROOT, env=env, timeout=900).returncode


def recreate_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if "fuzz" not in name:
        sys.exit(f"refusing to drop {name!r}: the fuzz database's name must contain 'fuzz'")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def server_env(database: str) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CELERY_")}
    env.update(
        DATABASE_URL=database,
        DEBUG="false",
        SECRET_KEY=os.environ.get("FUZZ_SECRET_KEY", "fuzz-only-" + "x" * 50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="false",
        SESSION_COOKIE_SECURE="false",
        CSRF_COOKIE_SECURE="false",
        SECURE_HSTS_SECONDS="0",
        CELERY_TASK_ALWAYS_EAGER="true",
        CELERY_BROKER_URL="memory://",
        EMAIL_URL="consolemail://",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    return env


def run(command: list[str], env: dict) -> str:
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit("the server exited at start; see schemathesis-server.log")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"the server did not answer {url} within 60 s")


def seed_data() -> str:
    """Runs in a child process with the fuzz database's settings; returns the player's and the
    moderator's tokens, and a spare one of the player's for the run that revokes tokens."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from accounts.api_tokens import api_token_issue
    from games import services as games
    from leagues import services as leagues
    from lexicons.services import lexicon_load_words
    from lexicons.term_decks import starter_deck_load
    from moderation import services as moderation
    from moderation.groups import moderator_group_ensure

    def user(username):
        player = get_user_model().objects.create_user(username, f"{username}@example.com", PASSWORD)
        EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
        return player

    fuzzer, opponent, moderator = user(FUZZER), user(OPPONENT), user(MODERATOR)
    moderator.groups.add(moderator_group_ensure())
    words = ["cat", "cats", "act", "tab", "bat", "hello", "word", "words", "quiz", "fish", "shark", "apple"]
    lexicon_load_words(code="en", words=words)
    starter_deck_load(language="en")
    played = [
        games.game_create(creator=fuzzer, kind=kind, opponents=[opponent])
        for kind in ("crossword", "turnspell", "spellcrafter", "spell")
    ]
    games.game_create(creator=opponent, kind="crossword")  # an open seek to accept
    league = leagues.league_create(creator=fuzzer, name="Fuzz league", kind="crossword")
    leagues.league_join(league_id=league.pk, user=opponent)
    message = moderation.chat_post(game_id=played[0].pk, user=opponent, text="good luck")
    moderation.report_file(
        reporter=fuzzer, username=OPPONENT, reason="other", text="seed", game_id=played[0].pk, message_ids=[message.pk]
    )
    return " ".join(api_token_issue(user=who, name=name) for who, name in
                    ((fuzzer, "fuzz"), (moderator, "fuzz"), (fuzzer, "spare")))


if __name__ == "__main__":
    if shutil.which("uvicorn", path=str(BIN)) is None and "--seed-data" not in sys.argv:
        sys.exit("run with the project's virtualenv: .venv/bin/python tests/fuzz/run_schemathesis.py")
    sys.exit(main())
