"""Persistence for dictionaries: a Lexicon, its words with their status, and the history of every change.

A word is never deleted: removing it sets its status, and each change (import, curator, bulk upload,
accepted report) writes one ``WordChange`` row stamped with the lexicon version it produced, so the
difference between two versions is a query over ``WordChange``.  Players' reports and the admin's bulk
uploads have their own rows.  Models hold data only; every write goes through ``lexicons/services.py``.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Lexicon(models.Model):
    code = models.SlugField(_("code"), max_length=16, unique=True)
    language = models.CharField(_("language"), max_length=8)
    name = models.CharField(_("name"), max_length=100)
    source = models.TextField(_("source"), blank=True)
    # The source list's release (e.g. "wdutch-1:2.20.19-2") and a digest of its filtered words, so
    # an import of an unchanged list is skipped without reading the words table.
    source_version = models.CharField(_("source version"), max_length=100, blank=True)
    source_sha256 = models.CharField(max_length=64, blank=True)
    # Bumped by every change of the word set; processes reload their index when it moves.
    version = models.PositiveIntegerField(_("version"), default=0)
    word_count = models.PositiveIntegerField(_("words"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        db_table = "games_lexicon"
        ordering = ["code"]
        verbose_name = _("lexicon")
        verbose_name_plural = _("lexicons")
        permissions = [("curate_lexicon", "Can curate dictionary words and review word reports")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class WordStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    REMOVED = "removed", _("Removed")


class WordOrigin(models.TextChoices):
    """Who last decided a word's status.  An import leaves curated words alone, so a re-import of a
    new source release does not undo a curator's decision."""

    IMPORT = "import", _("Import")
    CURATION = "curation", _("Curation")


class LexiconWord(models.Model):
    # No separate index on lexicon: the unique (lexicon, word) index serves it (fewer indexes, faster imports).
    lexicon = models.ForeignKey(Lexicon, on_delete=models.CASCADE, related_name="words", db_index=False)
    word = models.CharField(_("word"), max_length=15)
    status = models.CharField(_("status"), max_length=8, choices=WordStatus.choices, default=WordStatus.ACTIVE)
    origin = models.CharField(_("origin"), max_length=8, choices=WordOrigin.choices, default=WordOrigin.IMPORT)
    added_at = models.DateTimeField(_("added"))
    changed_at = models.DateTimeField(_("changed"))

    class Meta:
        db_table = "games_lexiconword"
        ordering = ["lexicon", "word"]
        verbose_name = _("word")
        verbose_name_plural = _("words")
        constraints = [models.UniqueConstraint(fields=["lexicon", "word"], name="lexiconword_unique_word")]

    def __str__(self) -> str:
        return self.word


class WordAction(models.TextChoices):
    ADDED = "added", _("Added")
    REMOVED = "removed", _("Removed")


class WordChange(models.Model):
    """One word added or removed, by whom (None for an import), why, and the version it produced."""

    lexicon = models.ForeignKey(Lexicon, on_delete=models.CASCADE, related_name="changes", db_index=False)
    word = models.CharField(_("word"), max_length=15)
    action = models.CharField(_("action"), max_length=8, choices=WordAction.choices)
    origin = models.CharField(_("origin"), max_length=8, choices=WordOrigin.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("by")
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    version = models.PositiveIntegerField(_("version"))
    created_at = models.DateTimeField(_("when"))

    class Meta:
        db_table = "games_wordchange"
        ordering = ["-version", "word"]
        verbose_name = _("word change")
        verbose_name_plural = _("word changes")
        indexes = [
            models.Index(fields=["lexicon", "version"], name="wordchange_version"),
            models.Index(fields=["lexicon", "word"], name="wordchange_word"),
        ]

    def __str__(self) -> str:
        return f"{self.word} {self.action} (v{self.version})"


class LexiconVersion(models.Model):
    """A snapshot of one version: what produced it and the counts after it."""

    lexicon = models.ForeignKey(Lexicon, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField(_("version"))
    created_at = models.DateTimeField(_("created"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("by")
    )
    note = models.CharField(_("note"), max_length=300, blank=True)
    added = models.PositiveIntegerField(_("added"), default=0)
    removed = models.PositiveIntegerField(_("removed"), default=0)
    word_count = models.PositiveIntegerField(_("words"), default=0)

    class Meta:
        db_table = "games_lexiconversion"
        ordering = ["lexicon", "-version"]
        verbose_name = _("lexicon version")
        verbose_name_plural = _("lexicon versions")
        constraints = [
            models.UniqueConstraint(fields=["lexicon", "version"], name="lexiconversion_unique_version")
        ]

    def __str__(self) -> str:
        return f"{self.lexicon.code} v{self.version}"


class BulkJobStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class LexiconBulkJob(models.Model):
    """An uploaded word list to add or remove, applied by a Celery task in one transaction.

    The filtered words are stored on the row (not as a file) so a worker on another host can read them.
    Live progress during the run is kept in the cache (the row is inside the task's transaction).
    ``queued_at``: when its task was last sent (on upload, and again by the sweep that re-sends a job
    whose task was lost, ``bulk.lexicon_bulk_jobs_resend_stalled``).
    """

    lexicon = models.ForeignKey(Lexicon, on_delete=models.CASCADE, related_name="bulk_jobs")
    action = models.CharField(_("action"), max_length=8, choices=WordAction.choices)
    words = models.TextField(_("words"))
    raw_count = models.PositiveIntegerField(_("lines"), default=0)
    rejected = models.JSONField(_("rejected"), default=dict, blank=True)
    reason = models.CharField(_("reason"), max_length=300)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, verbose_name=_("by")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    queued_at = models.DateTimeField(_("queued"), default=timezone.now)
    status = models.CharField(_("status"), max_length=8, choices=BulkJobStatus.choices, default=BulkJobStatus.QUEUED)
    total = models.PositiveIntegerField(_("words"), default=0)
    changed = models.PositiveIntegerField(_("changed"), default=0)
    version = models.PositiveIntegerField(_("version"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        db_table = "games_lexiconbulkjob"
        ordering = ["-created_at"]
        verbose_name = _("bulk change")
        verbose_name_plural = _("bulk changes")

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.total} words in {self.lexicon.code} (#{self.pk})"


class ReportKind(models.TextChoices):
    MISSING = "missing", _("Missing: it should be a valid word")
    WRONG = "wrong", _("Wrong: it should not be a valid word")
    OFFENSIVE = "offensive", _("Offensive: it should be removed")


class ReportStatus(models.TextChoices):
    OPEN = "open", _("Open")
    ACCEPTED = "accepted", _("Accepted")
    REJECTED = "rejected", _("Rejected")


class WordReport(models.Model):
    """A player's report about one word, waiting in the curators' review queue."""

    lexicon = models.ForeignKey(Lexicon, on_delete=models.CASCADE, related_name="reports")
    word = models.CharField(_("word"), max_length=15)
    kind = models.CharField(_("kind"), max_length=10, choices=ReportKind.choices)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="word_reports"
    )
    comment = models.CharField(_("comment"), max_length=500, blank=True)
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="word_reports", verbose_name=_("reporter")
    )
    created_at = models.DateTimeField(_("reported"))
    status = models.CharField(_("status"), max_length=8, choices=ReportStatus.choices, default=ReportStatus.OPEN)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("resolved by"),
    )
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    decision_note = models.CharField(_("note"), max_length=300, blank=True)
    # Made during a running challenge-mode game: no verdict may reach the reporter before it ends.
    during_game = models.BooleanField(_("during a challenge game"), default=False)
    # Decided while that game still ran: the reporter is told when it ends.
    notify_pending = models.BooleanField(default=False)

    class Meta:
        db_table = "games_wordreport"
        ordering = ["created_at"]
        verbose_name = _("word report")
        verbose_name_plural = _("word reports")
        constraints = [
            models.UniqueConstraint(
                fields=["lexicon", "word", "reporter"],
                condition=models.Q(status="open"),
                name="wordreport_one_open_per_reporter",
            )
        ]
        indexes = [models.Index(fields=["status", "created_at"], name="wordreport_queue")]

    def __str__(self) -> str:
        return f"{self.word} ({self.kind}) in {self.lexicon.code}"
