"""Who listens to which event, who answers which policy question and who provides which hook: the one
table.

The lower layers never import the apps above them.  The games core publishes events on commit
(``games/events.py``), asks policies before a write (``games/policies.py``: permissions only) and asks
hooks for the rest (``games/hooks.py``: the chat on its socket, a game's league label, the lobby's
ratings, a page seen); accounts announce a vacation's end; moderation announces a suspension; the
dictionaries ask the games about a reported game through hooks.  This module, at the top of the
dependency graph, connects them; ``core.apps`` registers it all when Django starts (the
``LETTERPOST_WIRING`` setting names this module).

Each handler is an idempotent Celery task taking the event as a dict.  A tuple is a chain, run in
order: a finished game's rating is applied before its league checks whether the season is over (the
next season's placement reads the ratings).

Work an app asks of its own task goes through the same outbox (``AnalysisRequested``,
``LexiconBulkJobQueued``, ``EmailsQueued``, ``PushQueued``, like the games' ``BotToMove``), so that a broker outage
delays it and loses nothing.  Which worker queue a task runs on is ``CELERY_TASK_ROUTES``'s business.
"""

from accounts import policies as account_policies
from accounts.events import VacationEnded
from analysis import tasks as analysis_tasks
from analysis.events import AnalysisRequested
from core.policies import MAY_ACT
from games import answers as game_answers
from games import tasks as game_tasks
from games.events import BotToMove, ChallengeAnswered, ChallengeIssued, GameFinished, GameVoided, SeatsDue
from games.hooks import GAME_LABELS, GAME_SEEN, SEEK_RATINGS, SOCKET_PARTS
from games.policies import MAY_BE_CHALLENGED
from leagues import labels as league_labels
from leagues import tasks as league_tasks
from leagues.events import SeasonStarted
from lexicons import tasks as lexicon_tasks
from lexicons.events import LexiconBulkJobQueued
from lexicons.services import LOOKUP_WITHHELD, REPORT_GAME
from moderation import chat as moderation_chat
from moderation import policies as moderation_policies
from moderation.events import PlayerSuspended
from notifications import services as notification_services
from notifications import tasks as notification_tasks
from notifications.events import EmailsQueued, PushQueued, PushTestRequested
from ratings import selectors as rating_selectors
from ratings import tasks as rating_tasks

# event type -> handlers (Celery tasks; a tuple runs as a chain, in order)
SUBSCRIPTIONS = {
    GameFinished: [
        (rating_tasks.on_game_finished, league_tasks.on_game_ended),
        notification_tasks.on_game_finished,
        lexicon_tasks.on_game_ended,
        analysis_tasks.on_game_finished,
    ],
    GameVoided: [
        (rating_tasks.on_game_voided, league_tasks.on_game_ended),
        lexicon_tasks.on_game_ended,
    ],
    SeatsDue: [notification_tasks.on_seats_due],
    ChallengeIssued: [notification_tasks.on_challenge_issued, game_tasks.bot_challenges],
    BotToMove: [game_tasks.bot_move],
    ChallengeAnswered: [notification_tasks.on_challenge_answered],
    VacationEnded: [game_tasks.on_vacation_ended],
    PlayerSuspended: [league_tasks.on_player_suspended],
    SeasonStarted: [league_tasks.on_season_started],
    AnalysisRequested: [analysis_tasks.on_analysis_requested],
    LexiconBulkJobQueued: [lexicon_tasks.on_bulk_job_queued],
    EmailsQueued: [notification_tasks.on_emails_queued],
    PushQueued: [notification_tasks.on_push_queued],
    PushTestRequested: [notification_tasks.on_push_test_requested],
}

# policy question ("may this write happen?") -> the functions that answer it (core.policies)
POLICIES = {
    MAY_ACT: [moderation_policies.refuse_suspended],
    MAY_BE_CHALLENGED: [account_policies.refuse_on_vacation],
}

# hook -> the functions that provide it (core.hooks)
HOOKS = {
    REPORT_GAME: [game_answers.report_game],
    LOOKUP_WITHHELD: [game_answers.lookup_withheld],
    SOCKET_PARTS: [moderation_chat.chat_socket_message],
    GAME_SEEN: [notification_services.game_notifications_read],
    GAME_LABELS: [league_labels.league_game_labels],
    SEEK_RATINGS: [rating_selectors.seek_ratings],
}
