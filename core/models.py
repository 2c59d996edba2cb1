"""The event outbox (see ``core.events``): each published event until its handlers' tasks are sent."""

from django.db import models
from django.utils import timezone


class EventRecord(models.Model):
    topic = models.CharField(max_length=200)
    payload = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["created_at"], condition=models.Q(sent_at__isnull=True), name="event_unsent"),
            models.Index(fields=["sent_at"], name="event_sent_at"),
        ]

    def __str__(self) -> str:
        return f"{self.topic} #{self.pk}"
