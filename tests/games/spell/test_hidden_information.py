"""The question mark never receives the secret term or a declared clue word before the round ends, and a
clue-giver never receives another's declared word before its board closes: random games through the
real services, and after every move the page HTML, the API detail and log, the WebSocket message of
every seat and of a spectator, and any e-mail, are checked against the engine's secrets.

JSON is checked with ``base.leaks`` (the engine's own rule).  HTML is text, so a secret is looked for
as a whole word: declared clue words are upper case and looked for exactly; terms are looked for in
any case, except the few that are also words of the page's own template text ("table")."""

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.utils import timezone

from engines.base import leaks, rng_for
from engines.spell import ENGINE
from games import services
from games.context import context_for
from games.models import Game
from games.web.consumers import GameConsumer
from tests.helpers import sweep

pytestmark = pytest.mark.django_db

def template_words() -> set[str]:
    """Every word of the page's own text — our templates, and the lines the board's view-model and the
    game page's parts write (the first-game hints, the banner): a secret that is also one ("table",
    "card") cannot be told apart."""
    base = Path(settings.BASE_DIR)
    paths = [*(base / "templates").rglob("*.html"), *(base / "games" / "web" / "kinds").rglob("*.html"),
             *(base / "games" / "web" / "kinds").rglob("*.py"),
             base / "games" / "web" / "presenters.py"]
    words: set[str] = set()
    for path in paths:
        words |= {w.lower() for w in re.findall(r"[A-Za-z]+", path.read_text())}
    return words


STATIC_WORDS = template_words()


def socket_message(game_id, user):
    consumer = GameConsumer()
    consumer.scope = {"user": user}
    consumer.game_id = game_id
    return consumer._message()


# Random tokens in a page (CSRF tokens, CSP nonces) can hold a short word between digits by chance.
RANDOM_TOKENS = re.compile(r'(name="csrfmiddlewaretoken" value|nonce)="[^"]*"')


def html_leaks(html: str, secrets: list, names: set[str]) -> list[str]:
    html = RANDOM_TOKENS.sub("", html)
    found = []
    for secret in secrets:
        if not isinstance(secret, str):
            continue
        if secret.isupper():  # a declared clue word: the page writes clue words in capitals
            if re.search(rf"(?<![A-Za-z]){re.escape(secret)}(?![A-Za-z])", html):
                found.append(secret)
        elif secret.lower() not in STATIC_WORDS and secret.lower() not in names:
            if re.search(rf"(?<![A-Za-z]){re.escape(secret)}(?![A-Za-z])", html, re.IGNORECASE):
                found.append(secret)
    return found


def spelled_out(state) -> set[str]:
    """What the boards of the round spell and the words of closed boards, in capitals as the page
    writes them: public, even when one is the whole clue word."""
    rnd = state["round"]
    if not rnd:
        return set()
    spelled = {"".join(b["letters"]).upper() for b in rnd["boards"]}
    return spelled | {b["word"].upper() for b in rnd["boards"] if b["word"]}


def check_every_view(client, api_for, game, viewers, names):
    game = Game.objects.get(pk=game.pk)
    state = game.state
    for seat, user in viewers:
        where = f"seat {seat} at version {game.version} ({state['phase']})"
        secrets = [s for s in ENGINE.hidden_from(state, seat) if s not in spelled_out(state)]
        api = api_for(user)
        detail = api.get(f"/api/games/{game.pk}/").json()
        assert "cards" not in detail["options"], where
        assert leaks(ENGINE, state, seat, detail) == [], where
        if seat is not None:
            log = json.loads(json.dumps(api.get(f"/api/games/{game.pk}/moves/").json()))
            assert leaks(ENGINE, state, seat, log) == [], where
        message = socket_message(game.pk, user)
        assert leaks(ENGINE, state, seat, message["game"]) == [], where
        for part in ("html", "log_html"):
            if part in message:
                assert html_leaks(message[part], secrets, names) == [], f"socket {part} of {where}"
        client.force_login(user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert html_leaks(page, secrets, names) == [], f"page of {where}"
    anonymous = socket_message(game.pk, AnonymousUser())
    assert leaks(ENGINE, state, None, anonymous["game"]) == []
    public = spelled_out(state)
    assert html_leaks(anonymous["html"], [s for s in ENGINE.hidden_from(state, None) if s not in public], names) == []


def check_mail(game, users_by_email):
    """Checks the e-mails sent since the last call; returns how many there were."""
    state = Game.objects.get(pk=game.pk).state
    sent = len(mail.outbox)
    for message in mail.outbox:
        for address in message.to:
            seat = users_by_email.get(address)
            body = message.body + "".join(str(a[0]) for a in getattr(message, "alternatives", []))
            assert leaks(ENGINE, state, seat, body) == [], f"mail to {address}"
    mail.outbox.clear()
    return sent


def next_move(state, seat, rng, ctx):
    """A random legal move, but a table that finds the term sooner than the engine's random player
    (which guesses it a third of the time), so that five rounds take tens of moves, not hundreds."""
    if state["phase"] == "guess_term" and rng.random() < 0.4:
        return {"type": "guess_term", "word": state["round"]["term"]}
    writes = [a for a in state["round"]["boards"][-1]["actions"] if a["type"] == "write"] if state["round"] else []
    if state["phase"] == "guess_clue" and writes and rng.random() < 0.25:
        return {"type": "guess_clue", "word": writes[-1]["clue"]}
    return ENGINE.random_move(state, seat, rng, ctx)


# Two seats are the engine tests' and selfplay's everyday case; three and four add clue-givers who
# must not see each other's words.
@pytest.mark.parametrize("seats,seed", [(3, 12), (4, 13)])
def test_random_games_keep_the_term_and_clue_words_secret(client, api_for, deck, make_user, seats, seed,
                                                        django_capture_on_commit_callbacks):
    players = [make_user(username=f"p{seed}x{i}") for i in range(seats)]
    spectator = make_user(username=f"watcher{seed}")
    game = services.game_create(creator=players[0], kind="spell", opponents=players[1:], seed=seed)
    viewers = [*enumerate(players), (None, spectator)]
    names = {u.username.lower() for u in [*players, spectator]} | {u.public_name.lower() for u in [*players, spectator]}
    users_by_email = {u.email: i for i, u in enumerate(players)}
    rng = rng_for(seed, "site-random-play")
    moves = mails = 0
    check_every_view(client, api_for, game, viewers, names)
    while game.status == "active":
        seat = next(iter(ENGINE.to_act(game.state)))
        move = next_move(game.state, seat, rng, context_for(game))
        # The e-mails ("your move", "game over") are queued on commit: run them as a commit would.
        with django_capture_on_commit_callbacks(execute=True):
            services.game_submit_move(game_id=game.pk, user=players[seat], move=move, version=game.version,
                                      idempotency_key=f"m{moves}")
        # Notices ("your move", reminders) go out from the deadline sweep: run it as the clock would.
        sweep(now=timezone.now() + timedelta(minutes=11))
        moves += 1
        game = Game.objects.get(pk=game.pk)
        check_every_view(client, api_for, game, viewers, names)
        mails += check_mail(game, users_by_email)
    assert game.status == "finished"
    assert mails > 0  # the e-mail check above is not vacuous
    assert game.result["team_score"] == sum(game.state["round_scores"])
    assert moves >= 5 * 3  # five rounds: at least a pick, a letter and a guess each


def test_the_checks_catch_a_term_shown_to_the_question_mark(client, api_for, deck, alice, bob, carol, monkeypatch):
    """The checks above are not vacuous: a view that tells the question mark the term fails them."""
    game = services.game_create(creator=alice, kind="spell", opponents=[bob], seed=5)
    services.game_submit_move(game_id=game.pk, user=alice, move={"type": "pick", "number": 3},
                              version=game.version, idempotency_key="pick")
    game = Game.objects.get(pk=game.pk)
    term = game.state["round"]["term"]
    assert html_leaks(f"<b>{term}</b>", [term], set()) == [term]
    assert html_leaks("<p>bob wrote F for FISH</p>", ["FISH"], set()) == ["FISH"]
    assert html_leaks("<p>fishing</p>", ["FISH", "fish"], set()) == []
    real = type(ENGINE)._round_view

    def leaky(self, state, rnd, seat):
        shown = real(self, state, rnd, seat)
        shown["term"] = rnd["term"]
        return shown

    monkeypatch.setattr(type(ENGINE), "_round_view", leaky)
    with pytest.raises(AssertionError):
        check_every_view(client, api_for, game, [(0, alice)], {"alice"})
