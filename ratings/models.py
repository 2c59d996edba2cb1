"""A player's current rating per key and the change every rated game made to it.

The models moved here from ``leagues``; their tables keep the names they had there (``leagues_*``).
Written only by ``ratings/services.py``.
"""

from django.conf import settings
from django.db import models


class Rating(models.Model):
    """A player's current Elo for one rating key ("crossword:en", "turnspell:nl", ...)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    key = models.CharField(max_length=48)
    rating = models.FloatField(default=1500.0)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "leagues_rating"
        ordering = ["key", "-rating"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="rating_unique_key")]
        indexes = [models.Index(fields=["key", "-rating"])]

    def __str__(self) -> str:
        return f"{self.user} {self.key} {self.rating:.0f}"


class RatingChange(models.Model):
    """What one finished game did to one player's rating; unique per (game, player), so applying a
    game twice changes nothing."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    key = models.CharField(max_length=48)
    before = models.FloatField()
    after = models.FloatField()
    games_before = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "leagues_ratingchange"
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="ratingchange_unique_game_user")]
        indexes = [models.Index(fields=["user", "key", "id"])]

    def __str__(self) -> str:
        return f"{self.user} {self.key}: {self.before:.0f} → {self.after:.0f}"

    @property
    def delta(self) -> float:
        return self.after - self.before
