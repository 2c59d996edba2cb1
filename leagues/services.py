"""Writes for leagues and ratings.  ``game_result_recorded`` is called (through the
``games.tasks.game_finished`` task) whenever a game ends."""


def game_result_recorded(*, game_id: int) -> None:
    """Update ratings and league standings for a finished game (filled in by the leagues issue)."""
