"""What the notifications announce on commit (``core.events``): e-mails and pushes to send.  Their own
tasks send them (``config/wiring.py``); sending through the outbox means a broker outage delays the
e-mails and pushes and loses none."""

from dataclasses import dataclass, field

from core.events import Event


@dataclass(frozen=True)
class EmailsQueued(Event):
    """Notifications marked to be e-mailed one by one ("each") were stored."""

    notification_ids: list = field(default_factory=list)


@dataclass(frozen=True)
class PushQueued(Event):
    """Notifications to push to their players' devices (marked "queued") were stored."""

    notification_ids: list = field(default_factory=list)


@dataclass(frozen=True)
class PushTestRequested(Event):
    """A player asked for a test notification on one of their devices."""

    subscription_id: int
