"""Helpers for game tests: snapshots of everything the move path may write."""

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
