"""The one table of who listens to which event and who answers which policy question, and the
outbox that delivers events even when the broker is down at commit time."""

import contextvars
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from django.utils import timezone

from accounts.events import VacationEnded
from analysis.events import AnalysisRequested
from config import wiring
from config.celery import app
from core import events
from core.after_response import open_request, run_pending
from core.events import Event, publish
from core.hooks import hook_providers
from core.models import EventRecord
from core.policies import MAY_ACT, policy_answers
from games.events import BotToMove, ChallengeAnswered, ChallengeIssued, GameFinished, GameVoided, SeatsDue
from games.hooks import GAME_LABELS, GAME_SEEN, SEEK_RATINGS, SOCKET_PARTS
from games.policies import MAY_BE_CHALLENGED
from leagues.events import SeasonStarted
from lexicons.events import LexiconBulkJobQueued
from lexicons.services import LOOKUP_WITHHELD, REPORT_GAME
from moderation.events import PlayerSuspended
from notifications.events import EmailsQueued, PushQueued, PushTestRequested
from tests.helpers import committed


def names(handlers):
    return [tuple(t.name for t in h) if isinstance(h, tuple) else h.name for h in handlers]


def test_the_subscription_table():
    assert {event: names(handlers) for event, handlers in wiring.SUBSCRIPTIONS.items()} == {
        GameFinished: [("ratings.tasks.on_game_finished", "leagues.tasks.on_game_ended"),
                       "notifications.tasks.on_game_finished", "lexicons.tasks.on_game_ended",
                       "analysis.tasks.on_game_finished"],
        GameVoided: [("ratings.tasks.on_game_voided", "leagues.tasks.on_game_ended"), "lexicons.tasks.on_game_ended"],
        SeatsDue: ["notifications.tasks.on_seats_due"],
        ChallengeIssued: ["notifications.tasks.on_challenge_issued", "games.tasks.bot_challenges"],
        BotToMove: ["games.tasks.bot_move"],
        ChallengeAnswered: ["notifications.tasks.on_challenge_answered"],
        VacationEnded: ["games.tasks.on_vacation_ended"],
        PlayerSuspended: ["leagues.tasks.on_player_suspended"],
        SeasonStarted: ["leagues.tasks.on_season_started"],
        AnalysisRequested: ["analysis.tasks.on_analysis_requested"],
        LexiconBulkJobQueued: ["lexicons.tasks.on_bulk_job_queued"],
        EmailsQueued: ["notifications.tasks.on_emails_queued"],
        PushQueued: ["notifications.tasks.on_push_queued"],
        PushTestRequested: ["notifications.tasks.on_push_test_requested"],
    }
    # The order that matters: a finished game's rating is applied before its league looks at the
    # season's end (the next season's placement reads the ratings) — one chain, ratings first.
    first, *_ = wiring.SUBSCRIPTIONS[GameFinished]
    assert [t.name.split(".")[0] for t in first] == ["ratings", "leagues"]
    # What the running site registered is that table, handler for handler.
    for event, handlers in wiring.SUBSCRIPTIONS.items():
        assert names(events.subscribers(event)) == names(handlers)


def test_the_policy_table_is_what_the_core_asks():
    assert {q: [f"{a.__module__}.{a.__name__}" for a in answers] for q, answers in wiring.POLICIES.items()} == {
        MAY_ACT: ["moderation.policies.refuse_suspended"],
        MAY_BE_CHALLENGED: ["accounts.policies.refuse_on_vacation"],
    }
    for question, answers in wiring.POLICIES.items():
        assert policy_answers(question) == answers


def test_the_hook_table_is_what_the_lower_layers_ask():
    assert {h: [f"{p.__module__}.{p.__name__}" for p in providers] for h, providers in wiring.HOOKS.items()} == {
        REPORT_GAME: ["games.answers.report_game"],
        LOOKUP_WITHHELD: ["games.answers.lookup_withheld"],
        SOCKET_PARTS: ["moderation.chat.chat_socket_message"],
        GAME_SEEN: ["notifications.services.game_notifications_read"],
        GAME_LABELS: ["leagues.labels.league_game_labels"],
        SEEK_RATINGS: ["ratings.selectors.seek_ratings"],
    }
    for name, providers in wiring.HOOKS.items():
        assert hook_providers(name) == providers


def test_every_handler_and_every_scheduled_task_is_a_registered_task():
    app.loader.import_default_modules()  # what a worker does at start: every app's tasks module
    registered = set(app.tasks)
    for handlers in wiring.SUBSCRIPTIONS.values():
        for handler in handlers:
            for task in handler if isinstance(handler, tuple) else (handler,):
                assert task.name in registered
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in registered


@pytest.mark.django_db
def test_an_event_is_recorded_with_the_change_and_sent_once_on_commit():
    with committed():
        publish(GameFinished(game_id=123456, reason="test"))  # no such game: every handler does nothing
    record = EventRecord.objects.get()
    assert record.sent_at is not None and record.attempts == 1
    assert events.deliver([record.pk]) == 0  # sent already: not again


@pytest.mark.django_db
def test_an_event_the_broker_refused_is_sent_later_by_the_relay(monkeypatch):
    sent = []

    def broker_down(signature):
        raise ConnectionError("broker down")

    record = EventRecord.objects.create(topic=GameFinished.topic(), payload={"game_id": 1, "reason": "x"})
    assert events.deliver([record.pk], send=broker_down) == 0
    record.refresh_from_db()
    assert record.sent_at is None and record.attempts == 1
    # Too fresh for the relay: its own on-commit delivery may still be under way.
    assert events.relay(now=record.created_at) == 0
    monkeypatch.setattr(events, "deliver", lambda ids: sent.extend(ids) or len(ids))
    assert events.relay(now=record.created_at + timedelta(minutes=1)) == 1 and sent == [record.pk]


@pytest.mark.django_db
def test_an_event_nobody_listens_to_leaves_no_record():
    class Unheard(Event):
        pass

    with committed():
        publish(Unheard())
    assert not EventRecord.objects.exists()


@pytest.mark.django_db
def test_the_relay_forgets_sent_records_after_two_days():
    old = EventRecord.objects.create(topic="x", payload={}, sent_at=timezone.now() - timedelta(days=3))
    events.relay()
    assert not EventRecord.objects.filter(pk=old.pk).exists()


def test_in_the_embedded_setup_a_bots_task_runs_after_the_response_and_the_others_at_once(monkeypatch):
    from games.tasks import bot_move
    from notifications.tasks import on_game_finished

    applied = []
    monkeypatch.setattr(events, "_apply", lambda signature: applied.append(signature.task))
    assert app.conf.task_always_eager and "bots" in settings.EAGER_AFTER_RESPONSE_QUEUES  # as under make run

    def in_a_request():
        pending = open_request()
        events._send(bot_move.si({"game_id": 1, "version": 1}))
        events._send(on_game_finished.si({"game_id": 1, "reason": "x"}))
        assert applied == ["notifications.tasks.on_game_finished"]  # the bot's waits for the response
        async_to_sync(run_pending)(pending)
        assert applied == ["notifications.tasks.on_game_finished", "games.tasks.bot_move"]

    contextvars.copy_context().run(in_a_request)
    applied.clear()
    events._send(bot_move.si({"game_id": 1, "version": 1}))  # no request to wait for: at once
    assert applied == ["games.tasks.bot_move"]


def test_with_a_broker_a_bots_task_goes_to_it_at_once(monkeypatch):
    from games.tasks import bot_move

    applied = []
    monkeypatch.setattr(events, "_apply", lambda signature: applied.append(signature.task))

    def in_a_request():
        open_request()
        events._send(bot_move.si({"game_id": 1, "version": 1}))
        assert applied == ["games.tasks.bot_move"]

    before = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        contextvars.copy_context().run(in_a_request)
    finally:
        app.conf.task_always_eager = before
