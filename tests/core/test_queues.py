"""Queues by kind of work (``CELERY_TASK_ROUTES``): a notification never waits behind a bot's thinking, an
analysis or a bulk dictionary change.  Notifications go to "interactive", bot moves to "bots", analyses
and bulk jobs to "heavy", the rest to the default queue; the Procfile's workers consume them all."""

import re
import shlex

from django.conf import settings

from config.celery import app
from tests.helpers import celery_queues

BOTS = ["games.tasks.bot_move", "games.tasks.bot_challenges"]
INTERACTIVE = [
    "notifications.tasks.on_game_finished", "notifications.tasks.on_seats_due",
    "notifications.tasks.on_challenge_issued", "notifications.tasks.on_challenge_answered",
    "notifications.tasks.on_emails_queued",
]
HEAVY = [
    "analysis.tasks.on_analysis_requested", "analysis.tasks.on_game_finished",
    "lexicons.tasks.on_bulk_job_queued",
]
DEFAULT = [
    "games.tasks.deadlines_sweep", "core.tasks.events_relay", "ratings.tasks.on_game_finished",
    "leagues.tasks.on_game_ended", "notifications.tasks.digests_send", "games.tasks.games_verify",
    "analysis.tasks.analyses_resend_stalled", "lexicons.tasks.lexicon_bulk_jobs_resend_stalled",
]


def queue_of(task_name: str) -> str:
    return app.amqp.router.route({}, task_name)["queue"].name


def test_notifications_go_to_the_interactive_queue():
    assert {name: queue_of(name) for name in INTERACTIVE} == dict.fromkeys(INTERACTIVE, "interactive")


def test_bot_moves_and_answers_go_to_the_bots_queue():
    assert {name: queue_of(name) for name in BOTS} == dict.fromkeys(BOTS, "bots")


def test_analyses_and_bulk_lexicon_jobs_go_to_the_heavy_queue():
    assert {name: queue_of(name) for name in HEAVY} == dict.fromkeys(HEAVY, "heavy")


def test_sweeps_the_relay_ratings_and_leagues_stay_on_the_default_queue():
    assert {name: queue_of(name) for name in DEFAULT} == dict.fromkeys(DEFAULT, "celery")


def test_every_routed_name_is_a_registered_task():
    app.loader.import_default_modules()  # what a worker does at start
    assert set(settings.CELERY_TASK_ROUTES) - set(app.tasks) == set()


def procfile_workers() -> dict[str, list[str]]:
    text = (settings.BASE_DIR / "Procfile").read_text()
    return {name: shlex.split(command) for name, command in re.findall(r"^(\w+):\s*(.+)$", text, re.M)
            if " worker " in f" {command} "}


def test_the_procfile_workers_consume_every_queue_and_the_heavy_one_takes_one_task_at_a_time():
    workers = procfile_workers()
    queues = {name: set(argv[argv.index("-Q") + 1].split(",")) for name, argv in workers.items()}
    assert queues == {"worker": {"celery", "interactive"}, "worker_bots": {"bots"}, "worker_heavy": {"heavy"}}
    assert set().union(*queues.values()) == set(celery_queues())
    heavy = workers["worker_heavy"]
    assert heavy[heavy.index("--concurrency") + 1] == "1"
    names = [argv[argv.index("-n") + 1] for argv in workers.values()]  # two workers on one host: two names
    assert len(set(names)) == len(names)
