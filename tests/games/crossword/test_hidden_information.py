"""No rack leaves the server for anyone else: random games through the real services, and after every
move the HTML page, the API detail and log, the GCG download and the WebSocket message of every seat
and of a spectator, and every e-mail sent, are checked against the engine's secrets."""

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.utils import timezone

from engines.base import leaks, rng_for
from engines.crossword import ENGINE, gcg
from games import services
from games.context import context_for
from games.models import Game
from games.web.consumers import GameConsumer
from tests.helpers import sweep

pytestmark = pytest.mark.django_db

TAG = re.compile(r"<[^>]+>")


def socket_message(game_id, user):
    consumer = GameConsumer()
    consumer.scope = {"user": user}
    consumer.game_id = game_id
    return consumer._message()


def rack_strings(state, seat):
    """Other seats' racks written as strings, as they would appear in text."""
    if state["phase"] == "over":
        return []
    return ["".join(r["tiles"]) for r in state["racks"] if r["seat"] != seat and len(r["tiles"]) >= 4]


def check_html(html, state, seat, where):
    own = state["racks"][seat]["tiles"] if seat is not None else []
    shown = re.findall(r'data-tile="([^"]*)"', html)
    assert shown == own, f"{where}: rack tiles in the page are not the viewer's own"
    text = re.sub(r"\s+", "", TAG.sub("", html))
    for rack in rack_strings(state, seat):
        assert rack not in text and rack not in html, f"{where}: another rack {rack} is in the page"
    bag = "".join(state["bag"])
    if len(bag) >= 4:
        assert bag not in text, f"{where}: the bag order is in the page"


def check_every_view(client, api_for, game, viewers):
    game.refresh_from_db()
    state = game.state
    for seat, user in viewers:
        where = f"seat {seat} at version {game.version}"
        api = api_for(user)
        detail = api.get(f"/api/games/{game.pk}/").json()
        assert leaks(ENGINE, state, seat, detail) == [], where
        if seat is not None:
            log = json.loads(json.dumps(api.get(f"/api/games/{game.pk}/moves/").json()))
            assert leaks(ENGINE, state, seat, log) == [], where
        message = socket_message(game.pk, user)
        assert leaks(ENGINE, state, seat, message["game"]) == [], where
        check_html(message["html"], state, seat, f"socket of {where}")
        client.force_login(user)
        check_html(client.get(f"/games/{game.pk}/").content.decode(), state, seat, f"page of {where}")
        record = client.get(f"/games/{game.pk}/gcg/").content.decode()
        if state["phase"] != "over":
            # A player's record holds their own racks and exchanges only; a spectator's none.
            parsed = gcg.parse(record)
            mine = parsed.players[seat] if seat is not None else None
            others = [t for t in parsed.turns if t.player != mine]
            assert all(t.rack == "" for t in others), where
            assert all(t.tiles.isdigit() for t in others if t.kind == "exchange"), where
            for rack in rack_strings(state, seat):
                assert rack not in record, where
    anonymous = socket_message(game.pk, AnonymousUser())
    assert leaks(ENGINE, state, None, anonymous["game"]) == []
    check_html(anonymous["html"], state, None, "anonymous socket")


def check_mail(state, seat_by_email):
    """Checks the e-mails sent since the last call against the recipient's secrets; returns how many."""
    sent = len(mail.outbox)
    for message in mail.outbox:
        body = message.body + "".join(str(a[0]) for a in getattr(message, "alternatives", []))
        for address in message.to:
            seat = seat_by_email.get(address)
            assert leaks(ENGINE, state, seat, body) == [], f"mail to {address}"
            for rack in rack_strings(state, seat):
                assert rack not in body, f"mail to {address} holds another rack {rack}"
    mail.outbox.clear()
    return sent


@pytest.mark.parametrize("challenge,seed", [("void", 3), ("single", 4), ("double", 5)])
def test_random_games_never_show_a_rack_to_anyone_else(client, api_for, lexicons, alice, bob, carol,
                                                       challenge, seed, django_capture_on_commit_callbacks):
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=seed,
                                options={"challenge": challenge, "min_bag_for_exchange": 7})
    players = {0: alice, 1: bob}
    viewers = [(0, alice), (1, bob), (None, carol)]
    seat_by_email = {user.email: seat for seat, user in players.items()}
    rng = rng_for(seed, "site-random-play")
    moves = mails = 0
    while game.status == "active" and moves < 60:
        seat = next(iter(ENGINE.to_act(game.state)))
        move = ENGINE.random_move(game.state, seat, rng, context_for(game))
        # E-mails ("your move", "game over") are queued on commit: run them as a commit would.
        with django_capture_on_commit_callbacks(execute=True):
            services.game_submit_move(game_id=game.pk, user=players[seat], move=move, version=game.version,
                                      idempotency_key=f"m{moves}")
        # Notices ("your move", reminders) go out from the deadline sweep: run it as the clock would.
        sweep(now=timezone.now() + timedelta(minutes=11))
        moves += 1
        game = Game.objects.get(pk=game.pk)
        mails += check_mail(game.state, seat_by_email)
        if moves % 5 == 0 or game.status != "active":
            check_every_view(client, api_for, game, viewers)
    assert moves >= 10
    assert mails > 0  # the e-mail check is not vacuous
    check_every_view(client, api_for, game, viewers)
