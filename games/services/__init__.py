"""The only code that writes Game, Seat and Move rows (a test checks that nothing else does).

Every write runs in one transaction under the game-row lock; the sockets' broadcast and the events
for the apps above (``games/events.py``) go out on commit, so a failure there never loses or undoes a
move.  Views, API views, consumers, tasks and the other apps call these functions to change a game.

- ``creating``: games with every seat named, and seeks; the checks every new game passes; starting.
- ``challenges``: a challenge waits for each named player to accept (or decline, or expire); a rematch.
- ``caps``: the cap on games a player has going at once (``MAX_ACTIVE_GAMES``).
- ``moves``: the move path (player and system moves), recording a move, seats and clocks.
- ``ending``: resignation, forfeit, abort, adjudication, annulment.
- ``finisher``: the one function every way of ending a game goes through.
- ``deadlines``: the deadline sweep, and ``seat_mark_seen`` (a player has seen their turn).
"""

from games.services.base import engine_for
from games.services.challenges import (
    challenge_accept,
    challenge_create,
    challenge_decline,
    challenge_withdraw,
    game_or_challenge_create,
    game_rematch,
)
from games.services.creating import (
    game_create,
    game_options_check,
    games_create_scheduled,
    seek_accept,
    seek_seats_release,
    seek_withdraw,
    time_bank_check,
)
from games.services.deadlines import seat_mark_seen
from games.services.ending import game_abort, game_adjudicate, game_annul, game_forfeit, game_resign
from games.services.moves import game_submit_move, game_submit_system_move

__all__ = [
    "challenge_accept",
    "challenge_create",
    "challenge_decline",
    "challenge_withdraw",
    "engine_for",
    "game_abort",
    "game_adjudicate",
    "game_annul",
    "game_create",
    "game_forfeit",
    "game_options_check",
    "game_or_challenge_create",
    "game_rematch",
    "game_resign",
    "games_create_scheduled",
    "game_submit_move",
    "game_submit_system_move",
    "seat_mark_seen",
    "seek_accept",
    "seek_seats_release",
    "seek_withdraw",
    "time_bank_check",
]
