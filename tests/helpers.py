"""Helpers every test package uses."""

from contextlib import contextmanager
from unittest import mock

from django.test import TestCase

from games.services.deadlines import sweep as _sweep


def committed():
    """Run what the block queues with ``transaction.on_commit`` (events and their handlers: ratings,
    league ends, notifications; broadcasts) at its end, as a real commit would; tests run inside one
    transaction that never commits.  Callbacks queued while these run are run too."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def sweep(**kwargs):
    """One deadline sweep, committed: the notices it publishes are stored (and e-mailed) as in production."""
    with committed():
        return _sweep(**kwargs)


@contextmanager
def broker_down():
    """Inside the block every task sent (``Task.apply_async``, which the outbox's ``core.events._send``
    calls, eager or not) fails as with the broker unreachable: kombu's ``OperationalError``.  Yields the
    list of the task names that were tried."""
    from celery.app.task import Task
    from kombu.exceptions import OperationalError

    tried = []

    def refused(self, *args, **kwargs):
        tried.append(self.name)
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    with mock.patch.object(Task, "apply_async", refused):
        yield tried


def relay_later():
    """The outbox's relay as beat runs it once the broker is back, a minute on (what waits is old enough
    to be relayed), committed: the handlers it sends run as they would after a commit."""
    from datetime import timedelta

    from django.utils import timezone

    from core import events

    with committed():
        return events.relay(now=timezone.now() + timedelta(minutes=1))


def celery_queues() -> list[str]:
    """Every queue a task may be sent to: the default one and each one ``CELERY_TASK_ROUTES`` names.  A
    test's worker consumes them all (``-Q``), so it runs whatever a test sends."""
    from django.conf import settings

    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    return sorted({settings.CELERY_TASK_DEFAULT_QUEUE, *routed})
