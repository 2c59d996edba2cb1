"""Events: what a layer announces on commit, delivered to the apps above it as Celery tasks.

A lower layer never imports the apps that react to it.  It ``publish``es a typed event (a frozen
dataclass, e.g. ``games.events.GameFinished``); the subscribers are listed in one table
(``config/wiring.py``: event type -> handlers, each a Celery task taking the event's fields as a dict;
a tuple of tasks runs as a chain, in order).  Every handler must be idempotent: an event may be
delivered more than once.

Delivery survives a broker outage: ``publish`` writes the event to the outbox (``EventRecord``) in the
publisher's transaction, and on commit sends its handlers' tasks and marks it sent.  If the broker is
down the record stays, and ``events_relay`` (beat, every minute) sends it later — so an event is never
lost with a committed change, and never sent for a change that rolled back.

In the embedded setup tasks run eagerly, in the process that sends them.  There a task routed to one of
``EAGER_AFTER_RESPONSE_QUEUES`` (the bots' and the analyses', which take seconds) runs after the
response of the request that published its event (``core.after_response``), not inside it; outside a
request it runs at once, as every eager task does.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from asgiref.sync import sync_to_async
from celery import chain, current_app
from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from core.after_response import after_response
from core.models import EventRecord

logger = logging.getLogger(__name__)

# How long a record may wait for its on-commit delivery before the relay sends it instead.
RELAY_AFTER = timedelta(seconds=30)
# Sent records are kept this long (for looking into a problem), then deleted by the relay.
KEEP_SENT = timedelta(days=2)

Handler = Any  # a Celery task, or a tuple of tasks run as a chain
_subscriptions: dict[str, list[Handler]] = {}


@dataclasses.dataclass(frozen=True)
class Event:
    """Base of every event: its fields must be JSON-serialisable."""

    @classmethod
    def topic(cls) -> str:
        return f"{cls.__module__}.{cls.__qualname__}"

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def subscribe(event_type: type[Event], handlers: Iterable[Handler]) -> None:
    _subscriptions.setdefault(event_type.topic(), []).extend(handlers)


def subscribers(event_type: type[Event]) -> list[Handler]:
    return list(_subscriptions.get(event_type.topic(), ()))


def publish(event: Event) -> None:
    """Announce ``event`` once the current transaction commits (at once outside a transaction).
    Nothing is recorded for an event no one listens to."""
    if not _subscriptions.get(event.topic()):
        return
    record = EventRecord.objects.create(topic=event.topic(), payload=event.as_dict())
    record_id = record.pk
    transaction.on_commit(lambda: deliver([record_id]), robust=True)


def _signature(handler: Handler, payload: dict) -> Any:
    if isinstance(handler, tuple):
        return chain(*(task.si(payload) for task in handler))
    return handler.si(payload)


def _send(signature: Any) -> Any:
    if _runs_after_response(signature) and after_response(_apply_later, signature):
        return None
    return _apply(signature)


def _apply(signature: Any) -> Any:
    # No publish retries and no result: with the broker down this runs inside the request that
    # published, and the relay is the retry. A result subscription would wait ~20 s for the result
    # store (Redis too) and then leave Celery's client unusable until restart; nothing reads these.
    return signature.apply_async(retry=False, ignore_result=True)


def _runs_after_response(signature: Any) -> bool:
    """Whether this task runs eagerly here and belongs to a queue whose tasks wait for the response."""
    if not current_app.conf.task_always_eager:
        return False
    queue = (settings.CELERY_TASK_ROUTES.get(signature.task) or {}).get("queue")
    return queue in settings.EAGER_AFTER_RESPONSE_QUEUES


async def _apply_later(signature: Any) -> None:
    await sync_to_async(_apply_in_thread, thread_sensitive=False)(signature)


def _apply_in_thread(signature: Any) -> None:
    try:
        _apply(signature)
    finally:
        connections.close_all()  # a pooled thread of the event loop's: it keeps no connection


def deliver(record_ids: list[int], send: Callable[[Any], Any] | None = None) -> int:
    """Send the handlers' tasks of these outbox records and mark them sent; returns how many were sent.
    A record another process is sending is skipped; one whose sending fails stays for the relay."""
    send = send or _send
    sent = 0
    for record_id in record_ids:
        with transaction.atomic():
            record = (
                EventRecord.objects.select_for_update(skip_locked=True)
                .filter(pk=record_id, sent_at__isnull=True)
                .first()
            )
            if record is None:
                continue
            try:
                for handler in _subscriptions.get(record.topic, ()):
                    send(_signature(handler, record.payload))
            except Exception:  # the broker is down (or a handler failed eagerly): the relay retries
                logger.exception("event %s (%s) not delivered; the relay will retry", record.pk, record.topic)
                EventRecord.objects.filter(pk=record.pk).update(attempts=record.attempts + 1)
                continue
            EventRecord.objects.filter(pk=record.pk).update(sent_at=timezone.now(), attempts=record.attempts + 1)
            sent += 1
    return sent


def relay(*, now=None, batch: int = 500) -> int:
    """Send what on-commit delivery did not (a broker outage, a crash between commit and send)."""
    now = now or timezone.now()
    waiting = list(
        EventRecord.objects.filter(sent_at__isnull=True, created_at__lte=now - RELAY_AFTER)
        .order_by("pk").values_list("pk", flat=True)[:batch]
    )
    sent = deliver(waiting)
    EventRecord.objects.filter(sent_at__lte=now - KEEP_SENT).delete()
    return sent
