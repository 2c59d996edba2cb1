"""Bots on the site: real accounts that accept challenges at once and answer through the move service
from a Celery task after the player's move commits; Club bots play resigned seats of Turnspell and
Spellcrafter games of three or more."""

import asyncio
import contextvars
import json
import threading
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import HttpCommunicator
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone

from accounts.api_tokens import api_token_issue
from config import asgi
from engines import registry
from engines.base import rng_for
from games import services
from games.bots import play
from games.bots.accounts import bot_accounts, bots_ensure
from games.bots.play import bot_move_play, claim_key
from games.broadcast import game_group
from games.clock import BOT_WAKE_DELAY
from games.context import context_for
from games.models import Game, GameStatus, Move, Seat
from games.replay import replay_state, verify_game
from games.services.base import bot_choose
from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
from tests.games.crossword.conftest import WORDS as CROSSWORD_WORDS
from tests.games.helpers import every_seat_moves, stand_in_lexicons
from tests.helpers import committed, sweep

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def lexicons(db, monkeypatch):
    return stand_in_lexicons(monkeypatch, {"en": sorted({*CROSSWORD_WORDS["en"], *TURNSPELL_WORDS})})


@pytest.fixture
def bots(db):
    return {user.username: user for user in bots_ensure()}


def challenge_bot(human, bot, kind="crossword", **kwargs):
    with committed():
        game = services.challenge_create(creator=human, kind=kind, opponents=[bot], seed=7, **kwargs)
    game.refresh_from_db()
    return game


def human_move(game, human, key="m1"):
    engine = registry.get(game.kind)
    seat = game.seats.get(user=human)
    move = engine.random_move(game.state, seat.index, rng_for(1, key), context_for(game))
    return services.game_submit_move(game_id=game.pk, user=human, move=move, version=game.version,
                                     idempotency_key=key)


def test_ensure_bots_makes_one_account_per_kind_and_level_that_cannot_log_in(bots):
    assert sorted((u.bot_kind, u.bot_level) for u in bots.values()) == [
        ("crossword", "beginner"), ("crossword", "casual"), ("crossword", "club"), ("crossword", "expert"),
        ("crossword", "master"), ("spellcrafter", "club"), ("turnspell", "club"),
    ]
    assert all(u.is_bot and not u.has_usable_password() and not u.email for u in bots.values())
    assert not any(u.bot_kind == "spell" for u in bots.values())
    call_command("ensure_bots")  # idempotent
    from django.contrib.auth import get_user_model

    assert get_user_model().objects.filter(is_bot=True).count() == len(bot_accounts()) == 7


def test_a_bot_accepts_a_challenge_at_once_and_the_game_starts(alice, bots):
    game = challenge_bot(alice, bots["crossword-club"])
    assert game.status == GameStatus.ACTIVE
    assert all(s.accepted for s in game.seats.all())
    assert verify_game(game).ok


def test_the_bot_answers_a_move_from_the_task_after_the_commit_not_inside_it(alice, bots):
    bot = bots["crossword-club"]
    game = challenge_bot(alice, bot)
    human = game.seats.get(user=alice)
    assert human.to_act  # had the bot drawn the first turn, it has played it already
    before = Move.objects.filter(game=game, user=bot).count()
    with committed():
        human_move(game, alice)
        # Still inside the player's transaction: the bot has not moved.
        assert Move.objects.filter(game=game, user=bot).count() == before
    game.refresh_from_db()
    bot_moves = Move.objects.filter(game=game, user=bot)
    assert bot_moves.count() == before + 1 and bot_moves.last().source == "player"
    assert game.seats.get(user=alice).to_act and not game.seats.get(user=bot).to_act
    assert verify_game(game).ok


@pytest.mark.django_db(transaction=True)
def test_in_the_embedded_setup_the_player_is_answered_before_the_bot_thinks(alice, bots, monkeypatch):
    """Tasks run eagerly here, as under ``make run``: the bot's turn is played after the response to the
    player's move, by the same process, and both moves reach the game's sockets."""
    handler = (asgi.django_asgi_app if isinstance(asgi.django_asgi_app, asgi.OneHopASGIHandler)
               else contextvars.Context().run(asgi.OneHopASGIHandler))
    bot = bots["crossword-club"]
    game = challenge_bot(alice, bot)
    go_on = threading.Event()
    play_seats = play._play_seats

    def slow_bot(game_id):
        assert go_on.wait(20), "the response never came: the bot was thinking inside the request"
        return play_seats(game_id)

    monkeypatch.setattr(play, "_play_seats", slow_bot)
    seat = game.seats.get(user=alice)
    move = registry.get("crossword").random_move(game.state, seat.index, rng_for(1, "asgi"), context_for(game))
    body = json.dumps({"version": game.version, "move": move, "idempotency_key": "asgi-bot"}).encode()
    bot_moves = Move.objects.filter(game=game, user=bot)
    before = bot_moves.count()
    token = api_token_issue(user=alice)

    async def run():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(game_group(game.pk), channel)
        request = HttpCommunicator(handler, "POST", f"/api/games/{game.pk}/moves/", body=body, headers=[
            (b"host", b"testserver"), (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"authorization", f"Token {token}".encode())])
        response = await request.get_response(timeout=15)
        moved_by_then = await sync_to_async(bot_moves.count)()
        # The player's move reaches the sockets while the bot still thinks; the bot's, once it has played.
        told = [(await asyncio.wait_for(layer.receive(channel), 5))["version"]]
        go_on.set()
        await request.wait(timeout=30)
        told.append((await asyncio.wait_for(layer.receive(channel), 5))["version"])
        return response, moved_by_then, told

    response, moved_by_then, told = async_to_sync(run)()
    assert response["status"] == 200 and moved_by_then == before
    assert bot_moves.count() == before + 1
    assert told == [game.version + 1, game.version + 2]


def test_a_bot_move_task_run_twice_plays_once(alice, bots):
    bot = bots["crossword-expert"]
    game = challenge_bot(alice, bot)
    before = Move.objects.filter(game=game, user=bot).count()
    human_move(game, alice)  # not committed: the bot's task has not run
    assert bot_move_play(game_id=game.pk) == 1
    assert bot_move_play(game_id=game.pk) == 0  # nothing to act on any more
    assert Move.objects.filter(game=game, user=bot).count() == before + 1


def bots_to_move_with_deadlines(alice, bot, hours):
    """Games against ``bot`` where the bot is to move (its tasks not delivered), its seat's deadline
    ``hours`` from now (None: no clock)."""
    games = [challenge_bot(alice, bot) for _ in hours]
    for i, (game, h) in enumerate(zip(games, hours, strict=True)):
        human_move(game, alice, key=f"u{i}")  # not committed: the bot's task has not run
        deadline = None if h is None else timezone.now() + timedelta(hours=h)
        Seat.objects.filter(game=game, user=bot).update(deadline=deadline)
    return games


def bot_moved(game, bot, before) -> bool:
    return Move.objects.filter(game=game, user=bot).count() > before[game.pk]


def test_a_bot_task_plays_the_turn_with_the_least_time_left_first(alice, bots):
    bot = bots["crossword-club"]
    far, unclocked, near, middle = bots_to_move_with_deadlines(alice, bot, [72, None, 2, 24])
    before = {g.pk: Move.objects.filter(game=g, user=bot).count() for g in (far, unclocked, near, middle)}
    order = []
    for _ in range(4):
        assert bot_move_play(game_id=far.pk) == 1  # whichever game's task it is
        order.append(next(g for g in (far, unclocked, near, middle) if g not in order and bot_moved(g, bot, before)))
    assert order == [near, middle, far, unclocked]
    assert bot_move_play(game_id=far.pk) == 0


def test_a_turn_another_worker_is_thinking_about_is_left_to_it(alice, bots):
    bot = bots["crossword-club"]
    near, far = bots_to_move_with_deadlines(alice, bot, [2, 72])
    before = {g.pk: Move.objects.filter(game=g, user=bot).count() for g in (near, far)}
    near.refresh_from_db()
    cache.add(claim_key(near.pk, near.version), True)
    assert bot_move_play(game_id=near.pk) == 1
    assert bot_moved(far, bot, before) and not bot_moved(near, bot, before)
    assert bot_move_play(game_id=near.pk) == 0  # still claimed
    cache.delete(claim_key(near.pk, near.version))  # that worker died: its claim lapses
    assert bot_move_play(game_id=near.pk) == 1 and bot_moved(near, bot, before)


def test_a_turn_that_fails_does_not_hold_up_the_others(alice, bots, monkeypatch, caplog):
    bot = bots["crossword-club"]
    near, far = bots_to_move_with_deadlines(alice, bot, [2, 72])
    before = {g.pk: Move.objects.filter(game=g, user=bot).count() for g in (near, far)}
    near.refresh_from_db()
    choose = play.bot_choose

    def broken_in_near(game, *args, **kwargs):
        if game.pk == near.pk:
            raise RuntimeError("a bug in this position")
        return choose(game, *args, **kwargs)

    monkeypatch.setattr(play, "bot_choose", broken_in_near)
    assert bot_move_play(game_id=near.pk) == 1  # the failing turn first, then the next one
    assert bot_moved(far, bot, before) and not bot_moved(near, bot, before)
    assert "bot turn in game" in caplog.text
    assert not cache.add(claim_key(near.pk, near.version), True)  # kept until it lapses


def test_the_bot_plays_what_its_level_chooses_from_its_own_view(alice, bots):
    bot = bots["crossword-club"]
    game = challenge_bot(alice, bot)
    human_move(game, alice)
    game.refresh_from_db()
    seat = game.seats.get(user=bot).index
    expected = bot_choose(game, registry.get("crossword"), seat, "club")
    bot_move_play(game_id=game.pk)
    assert Move.objects.filter(game=game, user=bot).last().payload == expected


def test_in_simultaneous_turnspell_the_bot_moves_whenever_its_seat_is_to_act(alice, bots):
    bot = bots["turnspell-bot"]
    game = challenge_bot(alice, bot, kind="turnspell")
    engine = registry.get("turnspell")
    for turn in range(3):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        assert game.seats.get(user=bot).index not in engine.to_act(game.state)  # the bot never keeps the human waiting
        with committed():
            human_move(game, alice, key=f"t{turn}")
    assert Move.objects.filter(game=game, user=bot).count() >= 2
    assert verify_game(Game.objects.get(pk=game.pk)).ok


def test_the_deadline_sweep_wakes_a_bot_whose_task_was_lost(alice, bots):
    bot = bots["crossword-beginner"]
    game = challenge_bot(alice, bot)
    before = Move.objects.filter(game=game, user=bot).count()
    human_move(game, alice)  # its BotToMove is never delivered (no commit)
    assert Move.objects.filter(game=game, user=bot).count() == before
    sweep()  # the bot may still be thinking: no second think
    assert Move.objects.filter(game=game, user=bot).count() == before
    sweep(now=timezone.now() + BOT_WAKE_DELAY + timedelta(seconds=1))
    assert Move.objects.filter(game=game, user=bot).count() == before + 1


def test_no_notice_is_stored_for_a_bot_to_move(alice, bots):
    from notifications.models import Notification

    bot = bots["crossword-club"]
    game = challenge_bot(alice, bot)
    human_move(game, alice)
    sweep()
    assert not Notification.objects.filter(user=bot, kind="your_move").exists()


@pytest.mark.parametrize("kind", ["turnspell", "spellcrafter"])
def test_a_resigned_seat_of_three_is_played_by_the_club_bot(alice, bob, carol, kind):
    game = services.game_create(creator=alice, kind=kind, opponents=[bob, carol], seed=11)
    game = every_seat_moves(game)
    engine = registry.get(kind)
    with committed():
        services.game_resign(game_id=game.pk, user=carol)
    for turn in range(6):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            break
        for seat in game.seats.filter(resigned=False).order_by("index"):
            game.refresh_from_db()
            if game.status == GameStatus.ACTIVE and seat.index in engine.to_act(game.state):
                human_move(game, seat.user, key=f"r{turn}-{seat.index}")
    autos = list(Move.objects.filter(game=game, source="auto").order_by("seq"))
    assert autos, "the resigned seat was never played"
    timeout_moves = 0
    for auto in autos:
        before = Game(pk=game.pk, kind=kind, seed=game.seed, options=game.options, seats_count=3,
                      state=_state_before(game, auto.seq), version=auto.seq - 1)
        assert auto.payload == bot_choose(before, engine, auto.seat, "club", salt="auto")
        timeout_moves += auto.payload == engine.timeout_move(before.state, auto.seat)
    assert timeout_moves < len(autos)  # the bot chose, not the random timeout move
    assert verify_game(Game.objects.get(pk=game.pk)).ok


def _state_before(game, seq):
    return replay_state(game, list(Move.objects.filter(game=game, seq__lt=seq).order_by("seq")))
