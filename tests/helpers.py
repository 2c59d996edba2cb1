"""Helpers every test package uses."""

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
