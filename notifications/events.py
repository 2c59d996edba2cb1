"""What the notifications announce on commit (``core.events``): e-mails to send.  Its own task sends
them (``config/wiring.py``); sending it through the outbox means a broker outage delays the e-mails and
loses none."""

from dataclasses import dataclass, field

from core.events import Event


@dataclass(frozen=True)
class EmailsQueued(Event):
    """Notifications marked to be e-mailed one by one ("each") were stored."""

    notification_ids: list = field(default_factory=list)
