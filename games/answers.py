"""What the games answer when a lower layer asks about a game (registered in ``config/wiring.py``)."""

from lexicons.services import ReportGame

from .models import Game


def report_game(*, game_id) -> ReportGame | None:
    """A word report names a game: the game, or None when there is none."""
    if not Game.objects.filter(pk=game_id).exists():
        return None
    return ReportGame(game_id=game_id)
