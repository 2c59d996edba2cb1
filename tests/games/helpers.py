"""Helpers for game tests: snapshots of everything the move path may write, and racing threads."""

import threading

from django.db import connection

from engines import registry
from engines.base import rng_for
from games import services
from games.context import context_for
from games.models import Game, GameStatus, Move, Seat
from tests.helpers import committed


def snapshot(game_id: int):
    """Every row the move service may touch for one game, for "nothing was written" assertions."""
    game = Game.objects.get(pk=game_id)
    return (
        (game.state, game.version, game.turn_id, game.turn_version, game.status, game.result),
        list(
            Seat.objects.filter(game_id=game_id).values_list("index", "score", "to_act", "deadline", "rank", "resigned")
        ),
        list(Move.objects.filter(game_id=game_id).values_list("seq", "seat", "payload", "idempotency_key")),
    )


def race(n, work):
    """Run ``work(i)`` in ``n`` threads released at the same instant; collect answers or errors."""
    barrier = threading.Barrier(n)
    results = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as exc:  # collected and asserted on by the caller
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def stand_in_lexicons(monkeypatch, words_by_code: dict) -> dict:
    """Small in-memory word lists in place of the imported lexicons (their rows exist, as creating
    a game checks): ``{"en": [...]}`` -> the SetLexicon per code that games will check words in."""
    from engines.base import SetLexicon
    from lexicons import store as lexicon_store
    from lexicons.models import Lexicon

    names = {"en": "English", "nl": "Nederlands"}
    held = {code: SetLexicon(words, code=code) for code, words in words_by_code.items()}
    for code in held:
        defaults = {"language": code, "name": names.get(code, code), "version": 1}
        Lexicon.objects.get_or_create(code=code, defaults=defaults)
    monkeypatch.setattr(lexicon_store, "lexicon_for_code", lambda code: held[code])
    return held


def every_seat_moves(game: Game, seed: int = 0) -> Game:
    """Each seat makes one move of its own (a random legal one, through the move service), so that a
    resignation or a forfeit afterwards is a result rather than an abort."""
    engine = registry.get(game.kind)
    moved: set[int] = set()
    for turn in range(200):
        game.refresh_from_db()
        if game.status != "active" or len(moved) == game.seats_count:
            break
        seats = {s.index: s for s in game.seats.all()}
        waiting = sorted(engine.to_act(game.state) - moved) or sorted(engine.to_act(game.state))
        index = waiting[0]
        move = engine.random_move(game.state, index, rng_for(seed, "every-seat-moves", turn), context_for(game))
        services.game_submit_move(game_id=game.pk, user=seats[index].user, move=move, version=game.version,
                                  idempotency_key=f"every-seat-moves-{turn}")
        moved.add(index)
    game.refresh_from_db()
    return game


def play_out(game: Game, seed: int = 0, max_turns: int = 600) -> Game:
    """Play the game to its end with random legal moves through the move service (each seat's own
    player moves); the game's record then replays from its seed, as a real game's does."""
    engine = registry.get(game.kind)
    for turn in range(max_turns):
        game.refresh_from_db()
        if game.status != "active":
            break
        seats = {s.index: s for s in game.seats.all()}
        index = sorted(engine.to_act(game.state))[0]
        move = engine.random_move(game.state, index, rng_for(seed, "play-out", turn), context_for(game))
        services.game_submit_move(game_id=game.pk, user=seats[index].user, move=move, version=game.version,
                                  idempotency_key=f"play-out-{turn}")
    game.refresh_from_db()
    return game


# Toy games to a target of 3 (``options={"target": 3}``): seat 0 adds 3 and wins; 1 then 2 lets seat 1
# win; 2 and 2 end level.
SEAT0_WINS = [3]
SEAT1_WINS = [1, 2]
DRAW = [2, 2]


def play_toy(game: Game, amounts: list[int]) -> Game:
    """Play a toy game to its end: the seats take turns adding ``amounts``, each move committed."""
    game.refresh_from_db()
    seats = {s.index: s.user for s in game.seats.all()}
    for turn, n in enumerate(amounts):
        game.refresh_from_db()
        with committed():
            services.game_submit_move(
                game_id=game.pk, user=seats[turn % game.seats_count], move={"type": "add", "n": n},
                version=game.version, idempotency_key=f"t-{game.pk}-{game.version}",
            )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game
