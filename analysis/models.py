"""One stored analysis: of a finished game (at most one per game) or of an uploaded GCG record."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class AnalysisStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class AnalysisMethod(models.TextChoices):
    STATIC = "static", _("Static equity")
    SIMULATION = "simulation", _("The Master's simulation")


class Analysis(models.Model):
    """``result`` is ``engines.crossword.analysis.analyse``'s report (turns and summary), each turn
    with the board before it; filled once by the task.  An upload keeps its record in ``gcg`` and
    belongs to ``owner``; a game's analysis has ``game`` and no owner.  ``queued_at``: when its task was
    last asked for (on creation, and again by the sweep that re-sends a pending one whose task was lost).
    ``method``: how the task ranks the plays; a game's static analysis asked again with the Master's
    simulation is pending once more and keeps its static ``result`` until the new one replaces it.
    ``master_by``/``master_at``: who asked for the simulation and when (their daily quota counts these).
    ``started_at``: when a worker took the pending analysis to compute it (``running.analysis_run``);
    cleared whenever it is asked for again, so only the latest taker's result is stored."""

    game = models.OneToOneField("games.Game", null=True, blank=True, on_delete=models.CASCADE,
                                related_name="analysis")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                              related_name="analyses")
    gcg = models.TextField(blank=True)
    lexicon = models.CharField(max_length=32)
    tile_set = models.CharField(max_length=8, default="en")
    status = models.CharField(max_length=16, choices=AnalysisStatus.choices, default=AnalysisStatus.PENDING)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    method = models.CharField(max_length=16, choices=AnalysisMethod.choices, default=AnalysisMethod.STATIC)
    master_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="master_analyses")
    master_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "analyses"
        constraints = [
            models.CheckConstraint(condition=models.Q(game__isnull=False) | models.Q(owner__isnull=False),
                                   name="analysis_of_a_game_or_an_upload"),
        ]
        indexes = [models.Index(fields=["queued_at"], condition=models.Q(status="pending"), name="analysis_pending"),
                   models.Index(fields=["master_by", "master_at"], name="analysis_master_quota")]

    def __str__(self) -> str:
        return f"analysis #{self.pk} of game {self.game_id}" if self.game_id else f"analysis #{self.pk} (upload)"
