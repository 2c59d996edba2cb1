"""What the games answer when a lower layer asks about a game (registered in ``config/wiring.py``)."""

from games.models import Game, GameStatus
from lexicons.services import ReportGame

# Challenge modes in which a word is played on the honour system and only a challenge tests it.
HONOUR_MODES = ("single", "double")


def _hides_validity(game: Game) -> bool:
    return game.status == GameStatus.ACTIVE and (game.options or {}).get("challenge") in HONOUR_MODES


def report_game(*, game_id) -> ReportGame | None:
    """A word report names a game: the game, whether it hides word validity now, or None."""
    game = Game.objects.filter(pk=game_id).only("pk", "status", "options").first()
    if game is None:
        return None
    return ReportGame(game_id=game.pk, hides_validity=_hides_validity(game))


def lookup_withheld(*, user, code: str) -> int | None:
    """A running single- or double-challenge game of ``user`` with lexicon ``code``: the id of the
    first, during which the site answers no word lookup in that lexicon; None when there is none."""
    return (
        Game.objects.filter(
            status=GameStatus.ACTIVE, seats__user=user, options__lexicon=code, options__challenge__in=HONOUR_MODES
        )
        .order_by("pk").values_list("pk", flat=True).first()
    )
