"""The games app's models: a Game, its Seats and the append-only Move log (``game``)."""

from games.models.game import NON_ENGINE_SOURCES, Game, GameStatus, Move, Seat

__all__ = ["NON_ENGINE_SOURCES", "Game", "GameStatus", "Move", "Seat"]
