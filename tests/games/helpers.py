"""Helpers for game tests: snapshots of everything the move path may write, and racing threads."""

import threading

from django.db import connection

from games.models import Game, Move, Seat


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
    from games.engines.base import SetLexicon
    from lexicons import store as lexicon_store
    from lexicons.models import Lexicon

    names = {"en": "English", "nl": "Nederlands"}
    held = {code: SetLexicon(words, code=code) for code, words in words_by_code.items()}
    for code in held:
        defaults = {"language": code, "name": names.get(code, code), "version": 1}
        Lexicon.objects.get_or_create(code=code, defaults=defaults)
    monkeypatch.setattr(lexicon_store, "lexicon_for_code", lambda code: held[code])
    return held
