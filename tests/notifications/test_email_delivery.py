"""Notification e-mails are sent through the outbox: with the broker down the notices are stored, the
e-mails wait in the outbox, and the relay sends them once the broker is back, each once."""

import pytest
from django.core import mail

from core.models import EventRecord
from notifications import services
from notifications.events import EmailsQueued
from notifications.models import EmailState, Notification
from tests.helpers import broker_down, committed, relay_later

pytestmark = pytest.mark.django_db


def challenge_notices(*users):
    return [{"user_id": u.pk, "kind": "challenge", "params": {"game": 1, "game_kind": "toy", "player": "carol"},
             "key": f"challenge:1:{u.pk}"} for u in users]


def test_emails_with_the_broker_down_wait_in_the_outbox_and_the_relay_sends_them_once(alice, bob):
    with broker_down() as tried, committed():
        rows = services.notify_many(challenge_notices(alice, bob))
    assert tried == ["notifications.tasks.on_emails_queued"]
    assert mail.outbox == [] and {n.email for n in Notification.objects.all()} == {EmailState.EACH}
    (record,) = EventRecord.objects.filter(topic=EmailsQueued.topic(), sent_at__isnull=True)
    assert sorted(record.payload["notification_ids"]) == sorted(n.pk for n in rows)
    assert relay_later() == 1
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.com", "bob@example.com"]
    assert {n.email for n in Notification.objects.all()} == {EmailState.SENT}
    assert relay_later() == 0 and len(mail.outbox) == 2


def test_notices_without_an_email_publish_nothing(alice):
    with committed():
        services.notify_many([{"user_id": alice.pk, "kind": "league_news", "params": {"text": "hi"}}])  # digest
    assert Notification.objects.count() == 1 and not EventRecord.objects.exists()
