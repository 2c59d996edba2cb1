"""Celery tasks of the core: the event relay (beat, every minute; see ``core.events``)."""

from celery import shared_task

from core import events


@shared_task
def events_relay() -> int:
    return events.relay()
