"""Who listens to which event, and who answers which policy question: the one table.

The lower layers never import the apps above them.  The games core publishes events on commit
(``games/events.py``) and asks policies before a write (``games/policies.py``); the dictionaries ask
the games about reported games.  This module, at the top of the dependency graph, connects them.
``core.apps`` registers everything listed here when Django starts.
"""

from games import answers as game_answers
from lexicons.services import REPORT_GAME

# question -> the functions that answer it (core.policies)
POLICIES = {
    REPORT_GAME: [game_answers.report_game],
}
