"""Permission checks for games, in one place: fetch and check together (``access_*_for_*``)."""

from games.errors import MSG_NOT_YOUR_GAME, NOT_YOUR_GAME, GameError
from games.models import Game, Seat


def seat_for_user(game: Game, user) -> Seat | None:
    """The user's seat in ``game`` using the prefetched seats (no query when prefetched)."""
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat
    return None


def access_seat_for_user(game: Game, user) -> Seat:
    seat = seat_for_user(game, user)
    if seat is None:
        raise GameError(NOT_YOUR_GAME, MSG_NOT_YOUR_GAME, 403)
    return seat
